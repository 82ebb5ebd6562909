/**
 * Four eyes in a replay (issue 36, ADR 0063): a recorded second decision is replayed as it was; a draft that adds a
 * second decision meets a review the case never had (the run's choice); a draft that drops it keeps the first decision;
 * "as recorded by role" reads second decisions too; each review counts as its role's work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedConnection, SavedStep } from '@admin-portal/contract/workflows/api';
import { approvalGraph, startTestCase, waitForCase, settled } from '../../test/applications.factory.ts';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { createTestWorkflow, type TestWorkflow } from '../../test/workflows.factory.ts';
import { builtinAiProvider } from '../ai/builtin-provider.ts';
import { findVersionGraph } from '../engine.queries.ts';
import { pinGraph, type PinnedGraph } from '../pinned-graph.ts';
import { compareWithRecord } from './identity.ts';
import type { RecordedCase } from './recorded-case.ts';
import { loadRecordedCases } from './recorded-cases.queries.ts';
import { replayCase, type ReplayOptions } from './replay-case.ts';
import { summarizeSimulation } from './simulation-summary.ts';

let ctx: TestContext;
let org: string;
let operator: TestUser;
let officer: TestUser;
/** Four eyes always: an operator decides first, a compliance officer second. */
let dual: TestWorkflow;
/** One decision: the operator's. */
let single: TestWorkflow;
const ids: Record<string, string> = {};

const FOUR_EYES = { second_decision: 'always', second_role: 'compliance_officer' };
const OPTIONS: ReplayOptions = { ai: builtinAiProvider, newReviews: 'wait' };

async function decide(user: TestUser, id: string, decision: 'approve' | 'reject') {
  const task = await ctx.db.query<{ id: string }>(`select id from review_tasks where application_id = $1 and status = 'open'`, [id]);
  const res = await ctx.as(user, {
    method: 'POST',
    url: `/api/admin/applications/review-tasks/${task.rows[0]!.id}/decision`,
    payload: decision === 'approve' ? { decision } : { decision, comment: 'No' },
  });
  expect(res.statusCode, res.body).toBe(200);
  await waitForCase(ctx.db, id, settled);
}

async function version(wf: TestWorkflow): Promise<{ graph: PinnedGraph; steps: SavedStep[]; connections: SavedConnection[] }> {
  const saved = (await findVersionGraph<{ steps: SavedStep[]; connections: SavedConnection[] }>(ctx.db, wf.id, 1))!;
  return { graph: pinGraph(wf.id, 1, saved), steps: saved.steps, connections: saved.connections };
}

/** A draft of `wf` whose review step's config is changed by `change`. */
async function draftWith(wf: TestWorkflow, change: (config: Record<string, unknown>) => Record<string, unknown>): Promise<PinnedGraph> {
  const { steps, connections } = await version(wf);
  return pinGraph(wf.id, 2, { steps: steps.map((s) => (s.type === 'approval' ? { ...s, config: change(s.config) } : s)), connections });
}

async function recordedCase(wf: TestWorkflow, id: string): Promise<RecordedCase> {
  const cases = await loadRecordedCases(ctx.db, { workflowId: wf.id, from: new Date(0), to: new Date(Date.now() + 60_000), limit: 100 });
  return cases.find((c) => c.id === id)!;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.ready();
  org = (await ctx.createOrg('Four eyes replay')).id;
  operator = await ctx.createUser('operator', org);
  officer = await ctx.createUser('compliance_officer', org);
  const dualGraph = approvalGraph('operator');
  dualGraph.steps = dualGraph.steps.map((s) => (s.type === 'approval' ? { ...s, config: { ...s.config, ...FOUR_EYES } } : s));
  dual = await createTestWorkflow(ctx.db, org, { status: 'active', graph: dualGraph });
  single = await createTestWorkflow(ctx.db, org, { status: 'active', graph: approvalGraph('operator') });

  // Approved first, rejected second; approved twice; approved first, the second still open.
  ids.overruled = await startTestCase(ctx, dual.id, org);
  await decide(operator, ids.overruled, 'approve');
  await decide(officer, ids.overruled, 'reject');
  ids.both = await startTestCase(ctx, dual.id, org);
  await decide(operator, ids.both, 'approve');
  await decide(officer, ids.both, 'approve');
  ids.half = await startTestCase(ctx, dual.id, org);
  await decide(operator, ids.half, 'approve');
  // One decision on the single-review workflow.
  ids.once = await startTestCase(ctx, single.id, org);
  await decide(operator, ids.once, 'approve');
});
afterAll(() => ctx?.close());

describe('four eyes in a replay', () => {
  it('records each visit’s reviews, and gives every four-eyes case back as it ran (the identity check)', async () => {
    const { graph } = await version(dual);
    const overruled = await recordedCase(dual, ids.overruled!);
    expect(overruled.visits.find((v) => v.step_type === 'approval')!.reviews).toEqual([
      { stage: 1, role: 'operator', decision: 'approved' },
      { stage: 2, role: 'compliance_officer', decision: 'rejected' },
    ]);
    for (const id of [ids.overruled!, ids.both!, ids.half!]) {
      const c = await recordedCase(dual, id);
      expect(compareWithRecord(c, await replayCase(graph, c, graph, OPTIONS), graph), id).toEqual({ same: true });
    }
    expect((await replayCase(graph, overruled, graph, OPTIONS)).end).toEqual({ kind: 'completed', outcome: 'rejected' });
    // Still waiting for the second decision, as it was read.
    const half = await recordedCase(dual, ids.half!);
    expect((await replayCase(graph, half, graph, OPTIONS)).end).toMatchObject({
      kind: 'waiting',
      waiting_for: 'approval',
      reviews: ['operator', 'compliance_officer'],
    });
  });

  it('a draft that drops the second decision keeps the first: the overruled case is approved, the half-decided one goes on', async () => {
    const { graph } = await version(dual);
    const draft = await draftWith(dual, (config) => ({ ...config, second_decision: 'never' }));
    const overruled = await recordedCase(dual, ids.overruled!);
    const replay = await replayCase(draft, overruled, graph, OPTIONS);
    expect(replay.end).toEqual({ kind: 'completed', outcome: 'approved' });
    expect(replay.path.find((v) => v.step_type === 'approval')).toMatchObject({ branch: 'approved', source: 'recorded', reviews: ['operator'] });
    expect((await replayCase(draft, await recordedCase(dual, ids.half!), graph, OPTIONS)).end).toEqual({ kind: 'completed', outcome: 'approved' });
    // Reviews per role: the compliance officer's second decisions are gone.
    const cases = await Promise.all([ids.overruled!, ids.both!, ids.half!].map((id) => recordedCase(dual, id)));
    const simulated = await Promise.all(cases.map(async (recorded) => ({ recorded, replay: await replayCase(draft, recorded, graph, OPTIONS) })));
    const summary = summarizeSimulation(simulated, graph, draft);
    expect(summary.reviews.map((r) => [r.role, r.before, r.after])).toEqual([
      ['compliance_officer', 3, 0],
      ['operator', 3, 3],
    ]);
  });

  it('a draft that adds a second decision meets a review the case never had: the run’s choice decides it', async () => {
    const { graph } = await version(single);
    const draft = await draftWith(single, (config) => ({ ...config, ...FOUR_EYES }));
    const once = await recordedCase(single, ids.once!);
    expect(once.visits.find((v) => v.step_type === 'approval')!.reviews).toEqual([{ stage: 1, role: 'operator', decision: 'approved' }]);
    const waits = await replayCase(draft, once, graph, OPTIONS);
    expect(waits.end).toEqual({ kind: 'waiting', step_id: single.steps.review, waiting_for: 'approval', reviews: ['operator', 'compliance_officer'] });
    const approved = await replayCase(draft, once, graph, { ...OPTIONS, newReviews: 'approve' });
    expect(approved.end).toEqual({ kind: 'completed', outcome: 'approved' });
    expect(approved.path.find((v) => v.step_type === 'approval')).toMatchObject({ source: 'choice', reviews: ['operator', 'compliance_officer'] });
    expect((await replayCase(draft, once, graph, { ...OPTIONS, newReviews: 'reject' })).end).toEqual({ kind: 'completed', outcome: 'rejected' });
    // Nobody of the second role ever decided this case: "as recorded by role" has nothing to go by, and it waits.
    expect((await replayCase(draft, once, graph, { ...OPTIONS, newReviews: 'as_recorded_by_role' })).end).toMatchObject({ kind: 'waiting' });
    const summary = summarizeSimulation([{ recorded: once, replay: waits }], graph, draft);
    expect(summary.reviews.map((r) => [r.role, r.before, r.after])).toEqual([
      ['compliance_officer', 0, 1],
      ['operator', 1, 1],
    ]);
  });

  it('"as recorded by role" reads second decisions too: a review the draft adds for the second role takes its decision', async () => {
    const { graph, steps, connections } = await version(dual);
    // The draft hands the whole review to the compliance officer alone.
    const draft = pinGraph(dual.id, 2, {
      steps: steps.map((s) =>
        s.type === 'approval'
          ? { ...s, id: `${s.id.slice(0, 30)}aaaaaa`, config: { ...s.config, assignee_role: 'compliance_officer', second_decision: 'never' } }
          : s,
      ),
      connections: connections.map((c) => ({
        ...c,
        source: c.source === dual.steps.review ? `${c.source.slice(0, 30)}aaaaaa` : c.source,
        target: c.target === dual.steps.review ? `${c.target.slice(0, 30)}aaaaaa` : c.target,
      })),
    });
    const overruled = await recordedCase(dual, ids.overruled!);
    const replay = await replayCase(draft, overruled, graph, { ...OPTIONS, newReviews: 'as_recorded_by_role' });
    expect(replay.end).toEqual({ kind: 'completed', outcome: 'rejected' });
    expect(replay.path.find((v) => v.step_type === 'approval')).toMatchObject({ source: 'choice', reviews: ['compliance_officer'] });
  });
});
