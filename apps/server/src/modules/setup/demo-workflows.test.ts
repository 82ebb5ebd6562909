import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { builtinAiProvider, compareWithRecord, loadPinnedGraph, loadRecordedCases, replayCase } from '../../engine/commands.ts';
import { firstStart } from './first-start.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo seed', () => {
  it('gives each demo organization active and draft workflows made from shipped templates, with their first version', async () => {
    await firstStart(ctx.db, { ...ctx.config, adminEmail: 'root@demo-workflows.example', adminPassword: 'Demo-Workflows-1', seedDemo: true });
    const rows = await ctx.db.query<{ org: string; name: string; status: string; steps: number; versions: number; author: string | null }>(
      `select o.name as org, w.name, w.status,
              (select count(*)::int from steps s where s.workflow_id = w.id) as steps,
              (select count(*)::int from workflow_versions v where v.workflow_id = w.id) as versions,
              u.role as author
         from workflows w join organizations o on o.id = w.organization_id left join users u on u.id = w.created_by
        order by o.name, w.status, w.name`,
    );
    expect(rows.rows.map((r) => [r.org, r.status, r.name])).toEqual([
      ['Acme Bank', 'active', 'Business KYB'],
      ['Acme Bank', 'active', 'Individual KYC'],
      ['Acme Bank', 'draft', 'Account opening with document upload'],
      ['Northwind Lending', 'active', 'Credit application with manual review'],
      ['Northwind Lending', 'draft', 'Address change and re-verification'],
    ]);
    expect(rows.rows.every((r) => r.steps > 5 && r.versions === 1 && r.author === 'manager')).toBe(true);
  });

  it('gives each demo organization tools in every approval state, with their history (approvals by the administrator)', async () => {
    const rows = await ctx.db.query<{ org: string; name: string; status: string; changes: number; approver: string | null }>(
      `select o.name as org, t.name, t.status,
              (select count(*)::int from tool_status_history h where h.tool_id = t.id) as changes,
              (select u.role from tool_status_history h join users u on u.id = h.actor_id where h.tool_id = t.id and h.to_status = 'approved') as approver
         from tools t join organizations o on o.id = t.organization_id where o.name = 'Acme Bank' order by t.name`,
    );
    expect(rows.rows.map((r) => [r.name, r.status, r.changes])).toEqual([
      ['company_registry_lookup', 'approved', 3],
      ['normalize_applicant', 'approved', 3],
      ['notify_crm', 'draft', 1],
      ['screen_sanctions', 'pending_approval', 2],
    ]);
    expect(rows.rows.filter((r) => r.status === 'approved').every((r) => r.approver === 'admin')).toBe(true);
  });

  it('gives each active demo workflow a month of consistent application history', async () => {
    const byStatus = await ctx.db.query<{ org: string; status: string; n: number }>(
      `select o.name as org, a.status, count(*)::int as n from applications a join organizations o on o.id = a.organization_id group by 1, 2 order by 1, 2`,
    );
    const counts = (org: string) => Object.fromEntries(byStatus.rows.filter((r) => r.org === org).map((r) => [r.status, r.n]));
    for (const org of ['Acme Bank', 'Northwind Lending']) {
      const c = counts(org);
      expect(c.completed, org).toBeGreaterThan(50);
      expect(c.waiting, org).toBeGreaterThan(5);
      expect(c.failed ?? 0, org).toBeGreaterThan(0);
    }
    const span = await ctx.db.query<{ days: number }>(`select extract(day from max(created_at) - min(created_at))::int as days from applications`);
    expect(span.rows[0]!.days).toBeGreaterThanOrEqual(20);
    // The runtime's invariants hold for every case: its current run is its last step visit, waits match their rows.
    const broken = await ctx.db.query<{ id: string }>(
      `select a.id from applications a left join application_steps r on r.id = a.current_step_run_id
        where r.id is null
           or (a.status = 'waiting' and r.status <> 'waiting')
           or (a.waiting_for = 'approval' and not exists (select 1 from review_tasks t where t.step_run_id = r.id and t.status = 'open'))
           or (a.status = 'completed' and (a.outcome is null or a.completed_at is null))`,
    );
    expect(broken.rows).toEqual([]);
    const overdue = await ctx.db.query<{ n: number }>(`select count(*)::int as n from review_tasks where status = 'open' and due_at < now()`);
    expect(overdue.rows[0]!.n).toBeGreaterThan(0);
    const lateDecisions = await ctx.db.query<{ n: number }>(`select count(*)::int as n from review_tasks where decided_at > due_at`);
    expect(lateDecisions.rows[0]!.n).toBeGreaterThan(0);
    const retries = await ctx.db.query<{ n: number }>(`select count(*)::int as n from application_events where type = 'retry_scheduled'`);
    expect(retries.rows[0]!.n).toBeGreaterThan(0);
    // The KYB workflow's register lookups are recorded calls of the approved tool: one per attempt, failed ones retried.
    const calls = await ctx.db.query<{ status: string; n: number; cases: number; tool: string }>(
      `select e.status, count(*)::int as n, count(distinct e.caller_id)::int as cases, min(t.name) as tool
         from tool_executions e join tools t on t.id = e.tool_id where e.caller_type = 'workflow' group by 1 order by 1`,
    );
    const byCall = Object.fromEntries(calls.rows.map((r) => [r.status, r]));
    expect(byCall.success!.n).toBeGreaterThan(20);
    expect(byCall.success!.tool).toBe('company_registry_lookup');
    expect((byCall.timeout?.n ?? 0) + (byCall.error?.n ?? 0)).toBeGreaterThan(0);
    const orphans = await ctx.db.query(`select 1 from tool_executions e left join applications a on a.id::text = e.caller_id where a.id is null`);
    expect(orphans.rows).toEqual([]);
    // No demo case is left for the runtime to pick up: history is history.
    expect((await ctx.db.query('select 1 from jobs')).rows).toEqual([]);
  });

  it('gives back every demo case when it is replayed on the version it ran on (the identity check, ADR 0058)', async () => {
    const workflows = await ctx.db.query<{ workflow_id: string; workflow_version: number }>(
      'select distinct workflow_id, workflow_version from applications order by 1, 2',
    );
    expect(workflows.rows.length).toBeGreaterThan(1);
    const differences: string[] = [];
    let replayed = 0;
    for (const { workflow_id, workflow_version } of workflows.rows) {
      const graph = (await loadPinnedGraph(ctx.db, workflow_id, workflow_version))!;
      const cases = await loadRecordedCases(ctx.db, {
        workflowId: workflow_id,
        version: workflow_version,
        from: new Date(0),
        to: new Date(Date.now() + 60_000),
        limit: 10_000,
      });
      for (const c of cases) {
        const check = compareWithRecord(c, await replayCase(graph, c, graph, { ai: builtinAiProvider, newReviews: 'wait' }), graph);
        replayed += 1;
        if (!check.same) differences.push(`${c.external_ref}: ${check.reason}`);
      }
    }
    expect(replayed).toBeGreaterThan(100);
    expect(differences).toEqual([]);
  });
});
