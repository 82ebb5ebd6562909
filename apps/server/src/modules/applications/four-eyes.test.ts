/**
 * Four eyes (issue 35, ADR 0057): an approval step that asks for a second decision — always, or when a condition
 * holds on the data — opens a second review for its second role once the first is approved; the person who gave the
 * first can neither decide, claim nor be assigned the second (administrators included); a first reject ends it unless
 * the step says otherwise; the second decision completes the step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES } from '@admin-portal/contract/applications/api';
import type { WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { approvalGraph, startTestCase, waitForCase, settled } from '../../test/applications.factory.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';
import { refreshAllRollups } from '../analytics/rollup-refresher.ts';

let ctx: TestContext;
let org: string;
let admin: TestUser;
let operator: TestUser;
let officer: TestUser;
let officer2: TestUser;
let lead: TestUser;

const base = '/api/admin/applications/review-tasks';
const decide = (u: TestUser, id: string, decision: 'approve' | 'reject' = 'approve') =>
  ctx.as(u, { method: 'POST', url: `${base}/${id}/decision`, payload: decision === 'approve' ? { decision } : { decision, comment: 'Not enough' } });

/** The approval step of approvalGraph('operator') with four-eyes settings. */
function fourEyes(config: Record<string, unknown>): WorkflowGraph {
  const graph = approvalGraph('operator');
  return { ...graph, steps: graph.steps.map((s) => (s.type === 'approval' ? { ...s, config: { ...s.config, ...config } } : s)) };
}

async function workflow(config: Record<string, unknown>) {
  return (await createTestWorkflow(ctx.db, org, { status: 'active', graph: fourEyes(config) })).id;
}

const tasksOf = async (caseId: string) =>
  (
    await ctx.db.query<{ id: string; stage: number; status: string; assignee_role: string; first_review_id: string | null; decided_by: string | null }>(
      'select id, stage, status, assignee_role, first_review_id, decided_by from review_tasks where application_id = $1 order by stage',
      [caseId],
    )
  ).rows;

const caseState = async (id: string) =>
  (
    await ctx.db.query<{ status: string; outcome: string | null; waiting_for: string | null }>(
      'select status, outcome, waiting_for from applications where id = $1',
      [id],
    )
  ).rows[0]!;

describe('four eyes: two decisions by two people', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    org = (await ctx.createOrg('Four eyes')).id;
    admin = await ctx.createUser('admin', org);
    operator = await ctx.createUser('operator', org);
    officer = await ctx.createUser('compliance_officer', org);
    officer2 = await ctx.createUser('compliance_officer', org);
    lead = await ctx.createUser('manager', org);
  });
  afterAll(() => ctx?.close());

  it('asks the second role for a second decision after the first approval, and ends on the second', async () => {
    const id = await startTestCase(ctx, await workflow({ second_decision: 'always', second_role: 'compliance_officer' }), org);
    const [first] = await tasksOf(id);
    const approved = await decide(operator, first!.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', stage: 1 });

    // Still waiting at the step, now for the compliance officers' decision, which names the first.
    expect(await caseState(id)).toMatchObject({ status: 'waiting', waiting_for: 'approval' });
    const [, second] = await tasksOf(id);
    expect(second).toMatchObject({ stage: 2, status: 'open', assignee_role: 'compliance_officer', first_review_id: first!.id });
    // The operator's role does not decide it; the compliance officer does, and the case ends approved.
    expect((await decide(operator, second!.id)).statusCode).toBe(403);
    const detail = await ctx.as(officer, { method: 'GET', url: `/api/admin/applications/${id}` });
    expect(detail.json().review_tasks.map((t: { stage: number; status: string }) => [t.stage, t.status])).toEqual([
      [1, 'approved'],
      [2, 'open'],
    ]);
    expect((await decide(officer, second!.id)).json()).toMatchObject({ status: 'approved', stage: 2, decided_by: officer.id });
    await waitForCase(ctx.db, id, settled);
    expect(await caseState(id)).toMatchObject({ status: 'completed', outcome: 'approved' });

    // Analytics count each decision as its role's work (ADR 0057): one for the operators, one for the compliance officers.
    await refreshAllRollups(ctx.db);
    const workflowId = (await ctx.db.query<{ workflow_id: string }>('select workflow_id from applications where id = $1', [id])).rows[0]!.workflow_id;
    const figures = await ctx.as(admin, {
      method: 'GET',
      url: `/api/admin/analytics/?range=7d&workflow_id=${workflowId}`,
      headers: { 'x-organization-id': org },
    });
    expect(figures.statusCode, figures.body).toBe(200);
    expect(figures.json().review).toMatchObject({ decided: 2 });
    expect(
      figures
        .json()
        .review.by_role.map((r: { assignee_role: string; decided: number }) => [r.assignee_role, r.decided])
        .sort(),
    ).toEqual([
      ['compliance_officer', 1],
      ['operator', 1],
    ]);
  });

  it('never lets the person who gave the first decision give the second: not deciding, claiming nor being assigned it', async () => {
    const id = await startTestCase(ctx, await workflow({ second_decision: 'always', second_role: 'compliance_officer' }), org);
    const [first] = await tasksOf(id);
    // An administrator may decide any review — but only one of the two.
    expect((await decide(admin, first!.id)).statusCode).toBe(200);
    const [, second] = await tasksOf(id);
    for (const res of [
      await decide(admin, second!.id),
      await ctx.as(admin, { method: 'POST', url: `${base}/${second!.id}/claim` }),
      await ctx.as(admin, { method: 'POST', url: `${base}/bulk`, payload: { action: 'approve', task_ids: [second!.id] } }),
    ]) {
      const body = res.json();
      expect(body.detail ?? body.results[0].detail).toBe(APPLICATION_MESSAGES.sameReviewerTwice);
    }
    const assigned = await ctx.as(lead, { method: 'PUT', url: `${base}/${second!.id}/assignee`, payload: { user_id: admin.id } });
    expect(assigned.statusCode).toBe(422);
    expect(assigned.json().validation_errors).toEqual([{ field: 'user_id', message: APPLICATION_MESSAGES.assigneeGaveFirstDecision }]);
    expect((await ctx.as(lead, { method: 'PUT', url: `${base}/${second!.id}/assignee`, payload: { user_id: officer2.id } })).statusCode).toBe(200);
    expect((await decide(officer2, second!.id, 'reject')).json()).toMatchObject({ status: 'rejected' });
    await waitForCase(ctx.db, id, settled);
    expect(await caseState(id)).toMatchObject({ status: 'completed', outcome: 'rejected' });
  });

  it('asks for the second decision only when its condition holds on the data', async () => {
    const wf = await workflow({ second_decision: 'when', second_when: 'data.amount > 10000', second_role: 'compliance_officer' });
    const small = await startTestCase(ctx, wf, org, { amount: 500 });
    await decide(operator, (await tasksOf(small))[0]!.id);
    await waitForCase(ctx.db, small, settled);
    expect(await caseState(small)).toMatchObject({ status: 'completed', outcome: 'approved' });
    expect(await tasksOf(small)).toHaveLength(1);

    const large = await startTestCase(ctx, wf, org, { amount: 25_000 });
    await decide(operator, (await tasksOf(large))[0]!.id);
    expect(await caseState(large)).toMatchObject({ status: 'waiting', waiting_for: 'approval' });
    expect((await tasksOf(large)).map((t) => [t.stage, t.status])).toEqual([
      [1, 'approved'],
      [2, 'open'],
    ]);
  });

  it('ends on a first reject, unless the step says a first reject is not final', async () => {
    const final = await startTestCase(ctx, await workflow({ second_decision: 'always' }), org);
    await decide(operator, (await tasksOf(final))[0]!.id, 'reject');
    await waitForCase(ctx.db, final, settled);
    expect(await caseState(final)).toMatchObject({ status: 'completed', outcome: 'rejected' });

    const appealable = await startTestCase(ctx, await workflow({ second_decision: 'always', first_reject_final: false }), org);
    await decide(operator, (await tasksOf(appealable))[0]!.id, 'reject');
    const [, second] = await tasksOf(appealable);
    expect(second).toMatchObject({ stage: 2, status: 'open' });
    await decide(officer, second!.id);
    await waitForCase(ctx.db, appealable, settled);
    expect(await caseState(appealable)).toMatchObject({ status: 'completed', outcome: 'approved' });
  });

  it('refuses a "when" step without its condition, and a condition it cannot read, when the workflow is activated', async () => {
    for (const [config, message] of [
      [{ second_decision: 'when' }, 'Say when a second decision is needed, e.g. data.amount > 10000'],
      [{ second_decision: 'when', second_when: 'data.amount >>> 3' }, null],
    ] as const) {
      const res = await ctx.as(admin, {
        method: 'POST',
        url: '/api/admin/workflows/complete',
        payload: { name: `Four eyes ${Math.random()}`, status: 'active', graph: fourEyes(config) },
      });
      expect(res.statusCode, res.body).toBe(422);
      const text = JSON.stringify(res.json());
      expect(text).toContain('second_when');
      if (message) expect(text).toContain(message);
    }
  });
});
