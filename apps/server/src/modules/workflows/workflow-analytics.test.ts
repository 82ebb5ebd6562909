import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { createTestWorkflow, insertApplication, insertApplicationEvent, insertTool, sampleGraph, type TestWorkflow } from '../../test/workflows.factory.ts';
import { formatDuration } from './workflow-analytics.service.ts';

let ctx: TestContext;
let org: { id: string };
let otherOrg: { id: string };
let analyst: TestUser;
let superAdmin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.createOrg();
  otherOrg = await ctx.createOrg();
  analyst = await ctx.createUser('analyst', org.id);
  superAdmin = await ctx.createUser('super_admin', otherOrg.id);
});
afterAll(() => ctx?.close());

const getAs = async (user: TestUser, url: string, headers: Record<string, string> = {}) => {
  const res = await ctx.as(user, { method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/admin/workflows/analytics', () => {
  it('counts zeros for an organization without workflows or applications', async () => {
    const empty = await ctx.createOrg();
    const user = await ctx.createUser('viewer', empty.id);
    expect(await getAs(user, '/api/admin/workflows/analytics')).toMatchObject({
      organization_id: empty.id,
      workflows: { total: 0, by_status: { draft: 0, active: 0, archived: 0 } },
      applications: { total: 0, by_status: {} },
      per_workflow: [],
    });
  });

  it("counts the organization's workflows and applications by status and per workflow, and nothing of others", async () => {
    const kyc = await createTestWorkflow(ctx.db, org.id, { name: 'KYC', status: 'active' });
    const loan = await createTestWorkflow(ctx.db, org.id, { name: 'Loan' });
    await createTestWorkflow(ctx.db, org.id, { name: 'Old' }).then((w) => ctx.db.query("update workflows set status = 'archived' where id = $1", [w.id]));
    for (const status of ['pending', 'pending', 'approved']) await insertApplication(ctx.db, kyc, { status });
    await insertApplication(ctx.db, loan, { status: 'rejected' });
    const foreign = await createTestWorkflow(ctx.db, otherOrg.id, { status: 'active' });
    await insertApplication(ctx.db, foreign, { status: 'pending' });

    const body = await getAs(analyst, '/api/admin/workflows/analytics');
    expect(body).toMatchObject({
      organization_id: org.id,
      workflows: { total: 3, by_status: { draft: 1, active: 1, archived: 1 } },
      applications: { total: 4, by_status: { pending: 2, approved: 1, rejected: 1 } },
    });
    expect(body.per_workflow.slice(0, 2)).toEqual([
      { workflow_id: kyc.id, name: 'KYC', status: 'active', applications: 3, by_status: { pending: 2, approved: 1 } },
      { workflow_id: loan.id, name: 'Loan', status: 'draft', applications: 1, by_status: { rejected: 1 } },
    ]);
    expect(body.per_workflow[2]).toMatchObject({ name: 'Old', applications: 0, by_status: {} });

    const all = await getAs(superAdmin, '/api/admin/workflows/analytics');
    expect(all.organization_id).toBeNull();
    expect(all.applications.total).toBe(5);
    const scoped = await getAs(superAdmin, '/api/admin/workflows/analytics', { 'x-organization-id': otherOrg.id });
    expect(scoped).toMatchObject({ organization_id: otherOrg.id, applications: { total: 1 } });
  });
});

describe('GET /api/admin/workflows/{id}/analytics', () => {
  it('reports applications by status, mean completion time and activity per step', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active' });
    const done1 = await insertApplication(ctx.db, wf, { status: 'approved', createdAgo: '3 hours', completedAgo: '1 hour' });
    const done2 = await insertApplication(ctx.db, wf, { status: 'rejected', createdAgo: '5 hours', completedAgo: '1 hour' });
    const open = await insertApplication(ctx.db, wf, { status: 'in_review', currentStepId: wf.steps.review });
    const app = (id: string) => ({ id, organizationId: org.id });
    for (const id of [done1, done2, open]) {
      await insertApplicationEvent(ctx.db, app(id), 'step_entered', wf.steps.start);
      await insertApplicationEvent(ctx.db, app(id), 'step_entered', wf.steps.details);
      await insertApplicationEvent(ctx.db, app(id), 'step_completed', wf.steps.details);
    }
    await insertApplicationEvent(ctx.db, app(done1), 'step_entered', wf.steps.ok);
    // A step an older version had.
    await insertApplicationEvent(ctx.db, app(done2), 'step_entered', '00000000-0000-4000-8000-000000000001');

    const body = await getAs(analyst, `/api/admin/workflows/${wf.id}/analytics`);
    expect(body).toMatchObject({
      workflow_id: wf.id,
      status: 'active',
      version: 1,
      applications: { total: 3, by_status: { approved: 1, rejected: 1, in_review: 1 }, completed: 2, average_completion_seconds: 3 * 3600 },
    });
    const byStep = Object.fromEntries(body.steps.map((s: { step_id: string }) => [s.step_id, s]));
    expect(byStep[wf.steps.details!]).toEqual({ step_id: wf.steps.details, name: 'details', type: 'form', in_current_version: true, events: 6, applications: 3, current: 0 });
    expect(byStep[wf.steps.review!]).toMatchObject({ events: 0, applications: 0, current: 1 });
    expect(byStep[wf.steps.ok!]).toMatchObject({ events: 1, applications: 1 });
    expect(byStep['00000000-0000-4000-8000-000000000001']).toEqual({
      step_id: '00000000-0000-4000-8000-000000000001',
      name: null,
      type: null,
      in_current_version: false,
      events: 1,
      applications: 1,
      current: 0,
    });
  });

  it('reports zeros and no mean for a workflow without applications', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id);
    const body = await getAs(analyst, `/api/admin/workflows/${wf.id}/analytics`);
    expect(body.applications).toEqual({ total: 0, by_status: {}, completed: 0, average_completion_seconds: null });
    expect(body.steps).toHaveLength(5);
    expect(body.steps.every((s: { events: number; current: number }) => s.events === 0 && s.current === 0)).toBe(true);
  });
});

describe('GET /api/admin/workflows/insights', () => {
  let insightsOrg: { id: string };
  let user: TestUser;
  let broken: TestWorkflow;
  let stale: TestWorkflow;
  let idle: TestWorkflow;
  let busy: TestWorkflow;
  let withdrawnTool: TestWorkflow;

  beforeAll(async () => {
    insightsOrg = await ctx.createOrg();
    user = await ctx.createUser('viewer', insightsOrg.id);
    broken = await createTestWorkflow(ctx.db, insightsOrg.id, { name: 'Broken draft', graph: { steps: [], connections: [] } });
    stale = await createTestWorkflow(ctx.db, insightsOrg.id, { name: 'Forgotten draft' });
    await ctx.db.query("update workflows set updated_at = now() - interval '45 days' where id = $1", [stale.id]);
    idle = await createTestWorkflow(ctx.db, insightsOrg.id, { name: 'Idle', status: 'active' });
    busy = await createTestWorkflow(ctx.db, insightsOrg.id, { name: 'Busy', status: 'active' });
    await insertApplication(ctx.db, busy, { currentStepId: busy.steps.review, updatedAgo: '3 days' });
    await insertApplication(ctx.db, busy, { currentStepId: busy.steps.review, updatedAgo: '1 day' });
    await insertApplication(ctx.db, busy, { currentStepId: busy.steps.details, updatedAgo: '2 hours' });
    await insertApplication(ctx.db, busy, { status: 'approved', completedAgo: '1 hour' });
    // An active workflow whose tool was withdrawn after activation.
    const graph = sampleGraph();
    graph.steps.push({ id: 'lookup', type: 'tool', name: 'Lookup', config: { tool_name: 'registry' }, position: { x: 0, y: 300 } });
    graph.connections[1] = { source: 'details', target: 'lookup' };
    graph.connections.push({ source: 'lookup', target: 'review' });
    const tool = await insertTool(ctx.db, insightsOrg.id, 'registry');
    withdrawnTool = await createTestWorkflow(ctx.db, insightsOrg.id, { name: 'Uses registry', status: 'active', graph });
    await insertApplication(ctx.db, withdrawnTool, { status: 'approved', completedAgo: '1 minute' });
    await ctx.db.query('update tools set is_enabled = false where id = $1', [tool]);
  });

  it('states the facts: validation problems, stale drafts, idle active workflows, longest waits', async () => {
    const body = await getAs(user, '/api/admin/workflows/insights');
    expect(body.organization_id).toBe(insightsOrg.id);
    const insights = body.insights as { kind: string; severity: string; title: string; message: string; workflow_id: string; step_id?: string; value?: number }[];
    const of = (kind: string) => insights.filter((i) => i.kind === kind);

    expect(insights[0]).toMatchObject({ kind: 'validation_problems', severity: 'critical', workflow_id: withdrawnTool.id });
    expect(insights[0]!.message).toMatch(/tool "registry" is not an approved, enabled tool/);
    expect(of('validation_problems').map((i) => i.workflow_id).sort()).toEqual([broken.id, withdrawnTool.id].sort());
    expect(of('validation_problems').find((i) => i.workflow_id === broken.id)).toMatchObject({ severity: 'info', value: 2, message: '2 problems: Add a Start step; Add an End step.' });

    expect(of('stale_draft')).toEqual([expect.objectContaining({ workflow_id: stale.id, value: 45, title: 'Draft "Forgotten draft" has not been edited for 45 days' })]);
    expect(of('active_without_applications').map((i) => i.workflow_id)).toEqual([idle.id]);

    const waits = of('longest_wait');
    expect(waits.map((w) => w.step_id)).toEqual([busy.steps.review, busy.steps.details]);
    expect(waits[0]).toMatchObject({ value: 2, title: '2 applications waiting at "review" in "Busy"', message: 'Average wait 2 days, longest 3 days since their last change.' });
  });

  it('changes when the facts change, and never shows another organization', async () => {
    await ctx.db.query("update tools set is_enabled = true where organization_id = $1 and name = 'registry'", [insightsOrg.id]);
    await insertApplication(ctx.db, idle);
    const body = await getAs(user, '/api/admin/workflows/insights');
    const ids = (body.insights as { workflow_id: string; kind: string }[]).map((i) => `${i.kind}:${i.workflow_id}`);
    expect(ids).not.toContain(`validation_problems:${withdrawnTool.id}`);
    expect(ids).not.toContain(`active_without_applications:${idle.id}`);
    const mine = await getAs(analyst, '/api/admin/workflows/insights');
    const theirs = new Set([broken.id, stale.id, idle.id, busy.id, withdrawnTool.id]);
    expect((mine.insights as { workflow_id: string }[]).some((i) => theirs.has(i.workflow_id))).toBe(false);
  });

  it('is empty when there is nothing to say', async () => {
    const quiet = await ctx.createOrg();
    expect((await getAs(await ctx.createUser('viewer', quiet.id), '/api/admin/workflows/insights')).insights).toEqual([]);
  });
});

describe('formatDuration', () => {
  it('reads like a person would say it', () => {
    expect(formatDuration(40)).toBe('40 seconds');
    expect(formatDuration(60)).toBe('1 minute');
    expect(formatDuration(3 * 3600 + 5 * 60)).toBe('3 hours 5 minutes');
    expect(formatDuration(86_400 * 2 + 3600)).toBe('2 days 1 hour');
  });
});
