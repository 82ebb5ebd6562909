/**
 * The kept state counts behind the monitor's counters (migration 0016): whatever writes `applications` (bulk
 * inserts, updates of counted and uncounted columns, deletes, an organization's deletion, truncation), the counts
 * read (counts + deltas) equal counting the table, before and after folds, folds racing writes included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { chainGraph } from '../../test/applications.factory.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';
import { run, sql } from '../../db/sql.ts';
import { foldStateCounts, type StateScope, stateRows } from './state-counts.queries.ts';

let ctx: TestContext;
let orgA: string;
let orgB: string;
let wfA1: string;
let wfA2: string;
let wfB: string;

/** The kept counts per status and wait in the scope (counts + deltas), as the monitor reads them. */
async function stateCounts(db: TestContext['db'], scope: StateScope) {
  const res = await run<{ status: string; waiting_for: string; n: number }>(
    db,
    sql`select status, waiting_for, sum(n)::int as n from (${stateRows(scope)}) s group by status, waiting_for having sum(n) <> 0 order by 1, 2`,
  );
  return res.rows;
}

async function counted(scope: StateScope) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (scope.organizationId) where.push(`organization_id = $${params.push(scope.organizationId)}`);
  if (scope.workflowId) where.push(`workflow_id = $${params.push(scope.workflowId)}`);
  const res = await ctx.db.query(
    `select status, coalesce(waiting_for, '') as waiting_for, count(*)::int as n from applications
      ${where.length ? `where ${where.join(' and ')}` : ''} group by 1, 2 order by 1, 2`,
    params,
  );
  return res.rows;
}

async function expectExact(): Promise<void> {
  for (const scope of [
    { organizationId: null },
    { organizationId: orgA },
    { organizationId: orgB },
    { organizationId: orgA, workflowId: wfA2 },
    { organizationId: null, workflowId: wfB },
  ]) {
    expect(await stateCounts(ctx.db, scope), JSON.stringify(scope)).toEqual(await counted(scope));
  }
}

async function insertCases(organizationId: string, workflowId: string, n: number): Promise<void> {
  await ctx.db.query(
    `insert into applications (organization_id, workflow_id, workflow_version, status, waiting_for)
     select $1, $2, 1, (array['pending','running','waiting','waiting','completed','failed'])[1 + g % 6],
            case g % 6 when 2 then 'approval' when 3 then 'form' end
       from generate_series(1, $3::int) g`,
    [organizationId, workflowId, n],
  );
}

describe('kept application state counts', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    orgA = (await ctx.createOrg('Counts A')).id;
    orgB = (await ctx.createOrg('Counts B')).id;
    wfA1 = (await createTestWorkflow(ctx.db, orgA, { status: 'active', graph: chainGraph([]) })).id;
    wfA2 = (await createTestWorkflow(ctx.db, orgA, { status: 'active', graph: chainGraph([]) })).id;
    wfB = (await createTestWorkflow(ctx.db, orgB, { status: 'active', graph: chainGraph([]) })).id;
  });
  afterAll(() => ctx?.close());

  it('follows bulk inserts, state changes, uncounted updates and deletes, folded or not', async () => {
    await insertCases(orgA, wfA1, 60);
    await insertCases(orgA, wfA2, 25);
    await insertCases(orgB, wfB, 31);
    await expectExact();
    expect(await foldStateCounts(ctx.db)).toBeGreaterThanOrEqual(0);
    await expectExact();

    // A change of state moves a case; an update that changes no counted column leaves the deltas alone.
    const before = (await ctx.db.query<{ n: number }>('select count(*)::int as n from application_state_deltas')).rows[0]!.n;
    await ctx.db.query(`update applications set data = '{"x":1}', updated_at = now(), status = status where workflow_id = $1`, [wfA1]);
    expect((await ctx.db.query<{ n: number }>('select count(*)::int as n from application_state_deltas')).rows[0]!.n).toBe(before);
    await ctx.db.query(`update applications set status = 'completed', waiting_for = null where workflow_id = $1 and status = 'waiting'`, [wfA1]);
    await ctx.db.query(`update applications set waiting_for = 'delay' where workflow_id = $1 and status = 'running'`, [wfA2]);
    await ctx.db.query(`update applications set workflow_id = $1 where workflow_id = $2 and status = 'failed'`, [wfA1, wfA2]);
    await expectExact();
    await ctx.db.query(`delete from applications where workflow_id = $1 and status = 'pending'`, [wfB]);
    await expectExact();
    await foldStateCounts(ctx.db);
    await expectExact();
  });

  it('stays exact while folds race the writes, and leaves no deltas once folded', async () => {
    const writes = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0
        ? insertCases(orgA, i % 2 ? wfA1 : wfA2, 7)
        : i % 3 === 1
          ? ctx.db.query(
              `update applications set status = 'cancelled', waiting_for = null where id in (select id from applications where organization_id = $1 and status = 'running' limit 3)`,
              [orgA],
            )
          : ctx.db.query(`delete from applications where id in (select id from applications where organization_id = $1 and status = 'completed' limit 2)`, [
              orgB,
            ]),
    );
    await Promise.all([...writes, foldStateCounts(ctx.db), foldStateCounts(ctx.db), foldStateCounts(ctx.db)]);
    await expectExact();
    await foldStateCounts(ctx.db);
    await expectExact();
    // Other processes' schedulers may fold too; once everything is folded nothing is left to move.
    await foldStateCounts(ctx.db);
    expect(await foldStateCounts(ctx.db)).toBe(0);
    expect((await ctx.db.query<{ n: number }>('select count(*)::int as n from application_state_counts where n = 0')).rows[0]!.n).toBe(0);
  });

  it('drops an organization’s states when it is deleted, and every state when the table is truncated', async () => {
    const gone = (await ctx.createOrg('Counts gone')).id;
    const wf = (await createTestWorkflow(ctx.db, gone, { status: 'active', graph: chainGraph([]) })).id;
    await insertCases(gone, wf, 12);
    await foldStateCounts(ctx.db);
    expect((await stateCounts(ctx.db, { organizationId: gone })).reduce((n, s) => n + s.n, 0)).toBe(12);
    await ctx.db.query('delete from organizations where id = $1', [gone]);
    expect(await stateCounts(ctx.db, { organizationId: gone })).toEqual([]);
    await foldStateCounts(ctx.db);
    expect((await ctx.db.query('select 1 from application_state_counts where organization_id = $1', [gone])).rows).toEqual([]);
    await expectExact();

    await ctx.db.query('truncate applications cascade');
    expect(await stateCounts(ctx.db, { organizationId: null })).toEqual([]);
    await insertCases(orgB, wfB, 5);
    await expectExact();
  });
});
