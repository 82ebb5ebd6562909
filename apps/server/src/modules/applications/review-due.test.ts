/**
 * The earliest open review due time each case keeps (migration 0019, `applications.review_due_at`, behind the list's
 * overdue filter and the monitor's overdue counter): whatever writes `review_tasks` (bulk inserts, decisions,
 * cancellations, a due time moved, a task moved to another case, deletes, a case's or an organization's deletion,
 * truncation), it equals the minimum read from the tasks themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { chainGraph } from '../../test/applications.factory.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';

let ctx: TestContext;
let orgA: string;
let orgB: string;
let wfA: string;
let wfB: string;

/** Cases whose kept due time differs from their open tasks' earliest; none when the triggers are right. */
async function disagreements(): Promise<unknown[]> {
  const res = await ctx.db.query(
    `select a.id, a.review_due_at as kept, t.due_at as read
       from applications a
       left join (select application_id, min(due_at) as due_at from review_tasks where status = 'open' group by 1) t on t.application_id = a.id
      where a.review_due_at is distinct from t.due_at`,
  );
  return res.rows;
}

async function kept(): Promise<number> {
  return (await ctx.db.query<{ n: number }>('select count(*)::int as n from applications where review_due_at is not null')).rows[0]!.n;
}

/** `n` cases waiting for review with one open task each, due an hour apart (the first half past due, the rest ahead). */
async function casesWithTasks(organizationId: string, workflowId: string, n: number): Promise<string[]> {
  const res = await ctx.db.query<{ id: string }>(
    `with cases as (
       insert into applications (organization_id, workflow_id, workflow_version, status, waiting_for)
       select $1, $2, 1, 'waiting', 'approval' from generate_series(1, $3::int) returning id),
     runs as (
       insert into application_steps (application_id, organization_id, workflow_id, step_id, step_type, step_name, status)
       select id, $1, $2, gen_random_uuid(), 'approval', 'Review', 'waiting' from cases returning id, application_id),
     tasks as (
       insert into review_tasks (organization_id, application_id, workflow_id, step_id, step_run_id, step_name, assignee_role, due_at)
       select $1, r.application_id, $2, gen_random_uuid(), r.id, 'Review', 'operator',
              now() + ((row_number() over (order by r.id)) - $3::int / 2) * interval '1 hour'
         from runs r returning application_id)
     select application_id as id from tasks`,
    [organizationId, workflowId, n],
  );
  return res.rows.map((r) => r.id);
}

describe('kept earliest open review due time', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    orgA = (await ctx.createOrg('Due A')).id;
    orgB = (await ctx.createOrg('Due B')).id;
    wfA = (await createTestWorkflow(ctx.db, orgA, { status: 'active', graph: chainGraph([]) })).id;
    wfB = (await createTestWorkflow(ctx.db, orgB, { status: 'active', graph: chainGraph([]) })).id;
  });
  afterAll(() => ctx?.close());

  it('follows inserts, decisions, cancellations, moved due times and moved tasks', async () => {
    const a = await casesWithTasks(orgA, wfA, 40);
    const b = await casesWithTasks(orgB, wfB, 20);
    expect(await kept()).toBe(60);
    expect(await disagreements()).toEqual([]);

    // A second open task on a case, earlier and then later than its first: only the earlier one moves the kept time.
    const second = async (id: string, hours: number) =>
      ctx.db.query(
        `insert into review_tasks (organization_id, application_id, workflow_id, step_id, step_run_id, step_name, assignee_role, due_at)
         select organization_id, application_id, workflow_id, gen_random_uuid(), step_run_id, 'Second', 'operator', now() + $2 * interval '1 hour'
           from review_tasks where application_id = $1 limit 1`,
        [id, hours],
      );
    await second(a[0]!, -1000);
    await second(a[1]!, 1000);
    expect(await disagreements()).toEqual([]);

    // Decisions close a task: a case with another open task keeps that one's due time, the others none.
    await ctx.db.query(`update review_tasks set status = 'approved', decided_at = now() where application_id = any($1) and step_name = 'Review'`, [
      a.slice(0, 10),
    ]);
    expect(await disagreements()).toEqual([]);
    expect(await kept()).toBe(52);
    // Cancellation (as cancelling a case does), a moved due time, a task moved to another case, an unrelated update.
    await ctx.db.query(`update review_tasks set status = 'cancelled' where application_id = $1 and status = 'open'`, [a[10]]);
    await ctx.db.query(`update review_tasks set due_at = due_at - interval '3 days' where application_id = any($1)`, [a.slice(11, 15)]);
    await ctx.db.query(`update review_tasks set application_id = $2 where application_id = $1 and status = 'open'`, [a[16], a[17]]);
    await ctx.db.query(`update review_tasks set instructions = 'Check the address' where application_id = any($1)`, [a.slice(18, 22)]);
    // An approved task opened again (the kept time comes back).
    await ctx.db.query(`update review_tasks set status = 'open', decided_at = null where application_id = $1 and step_name = 'Review'`, [a[2]]);
    expect(await disagreements()).toEqual([]);

    // Deletes: tasks alone, a case (its tasks go with it), an organization (its cases and tasks go with it).
    await ctx.db.query(`delete from review_tasks where application_id = any($1)`, [a.slice(22, 26)]);
    await ctx.db.query(`delete from applications where id = $1`, [a[26]]);
    expect(await disagreements()).toEqual([]);
    await ctx.db.query(`delete from organizations where id = $1`, [orgB]);
    expect(await disagreements()).toEqual([]);
    expect((await ctx.db.query<{ n: number }>('select count(*)::int as n from applications where id = any($1)', [b])).rows[0]!.n).toBe(0);

    await ctx.db.query('truncate review_tasks');
    expect(await kept()).toBe(0);
    expect(await disagreements()).toEqual([]);
  });
});
