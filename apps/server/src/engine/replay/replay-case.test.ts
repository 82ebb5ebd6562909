/**
 * Replay (issue 36, ADR 0058) over cases the real runtime made: every recorded case replayed on the version it ran on
 * gives back its path and its end (the identity check); on a changed graph it follows the change, takes recorded
 * tool results by tool and input, answers new forms from the answers given, and stops where the history holds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { asKey, createTestApiKey, settled, testLink, testStep, waitForCase, type TestApiKey } from '../../test/applications.factory.ts';
import { createTestTool } from '../../test/tools.factory.ts';
import { createTestWorkflow, type TestWorkflow } from '../../test/workflows.factory.ts';
import { builtinAiProvider } from '../ai/builtin-provider.ts';
import { findVersionGraph } from '../engine.queries.ts';
import { pinGraph, type PinnedGraph } from '../pinned-graph.ts';
import { compareWithRecord } from './identity.ts';
import type { RecordedVisit } from './recorded-case.ts';
import { loadRecordedCases } from './recorded-cases.queries.ts';
import { replayCase, type ReplayOptions } from './replay-case.ts';
import { summarizeSimulation } from './simulation-summary.ts';
import type { SavedConnection, SavedStep } from '@admin-portal/contract/workflows/api';

let ctx: TestContext;
let org: string;
let key: TestApiKey;
let operator: TestUser;
let wf: TestWorkflow;
let toolName: string;

const OPTIONS: ReplayOptions = { ai: builtinAiProvider, newReviews: 'wait' };

/** start → details (form) → join (transform tool) → big? (condition) → review (approval) → tell (notification) → approved; small → triage (AI) → done. */
function onboarding(tool: string): WorkflowGraph {
  return {
    steps: [
      testStep('start', 'start', { trigger: 'api', required_fields: [] }),
      testStep('details', 'form', {
        title: 'Your details',
        instructions: '',
        fields: [
          { key: 'first_name', label: 'First name', type: 'text', required: true, options: [] },
          { key: 'last_name', label: 'Last name', type: 'text', required: true, options: [] },
          { key: 'amount', label: 'Amount', type: 'number', required: true, options: [] },
        ],
      }),
      testStep('join', 'tool', {
        tool_name: tool,
        input_mapping: { first_name: 'data.first_name', last_name: 'data.last_name' },
        output_field: 'person',
        on_error: 'fail',
        retries: 0,
      }),
      testStep('big', 'condition', { branches: [{ id: 'big', label: 'Big', expression: 'data.amount > 1000' }], otherwise: true }),
      testStep('review', 'approval', { assignee_role: 'operator', sla_hours: 24, instructions: 'Check it' }),
      testStep('tell', 'notification', { channel: 'internal', to: 'operator', subject: 'Approved', message: 'Approved {{data.first_name}}' }),
      testStep('triage', 'ai', { mode: 'decision', prompt: 'approve if data.amount >= 100', options: ['approve', 'reject'], output_field: 'triage' }),
      testStep('approved', 'end', { outcome: 'approved' }),
      testStep('rejected', 'end', { outcome: 'rejected' }),
      testStep('done', 'end', { outcome: 'completed' }),
    ],
    connections: [
      testLink('start', 'details'),
      testLink('details', 'join'),
      testLink('join', 'big'),
      testLink('big', 'review', 'big'),
      testLink('big', 'triage', 'otherwise'),
      testLink('review', 'tell', 'approved'),
      testLink('review', 'rejected', 'rejected'),
      testLink('tell', 'approved'),
      testLink('triage', 'done'),
    ],
  };
}

async function start(data: Record<string, unknown> = {}): Promise<{ id: string; status_url: string }> {
  const res = await asKey(ctx, key, {
    method: 'POST',
    url: '/api/public/v1/applications',
    payload: { workflow_id: wf.id, applicant: { name: 'Ada Lovelace', email: 'ada@example.com' }, data },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function answer(created: { id: string; status_url: string }, answers: Record<string, unknown>) {
  await waitForCase(ctx.db, created.id, (c) => c.waiting_for === 'form');
  const status = (await asKey(ctx, key, { method: 'GET', url: created.status_url })).json();
  const res = await asKey(ctx, key, { method: 'POST', url: status.required.submit_url, payload: answers });
  expect(res.statusCode, res.body).toBe(200);
  return waitForCase(ctx.db, created.id, settled);
}

async function decide(id: string, decision: 'approve' | 'reject') {
  const task = await ctx.db.query<{ id: string }>(`select id from review_tasks where application_id = $1 and status = 'open'`, [id]);
  const res = await ctx.as(operator, {
    method: 'POST',
    url: `/api/admin/applications/review-tasks/${task.rows[0]!.id}/decision`,
    payload: decision === 'approve' ? { decision } : { decision, comment: 'No' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return waitForCase(ctx.db, id, settled);
}

async function versionGraph(): Promise<{ graph: PinnedGraph; steps: SavedStep[]; connections: SavedConnection[] }> {
  const saved = (await findVersionGraph<{ steps: SavedStep[]; connections: SavedConnection[] }>(ctx.db, wf.id, 1))!;
  return { graph: pinGraph(wf.id, 1, saved), steps: saved.steps, connections: saved.connections };
}

const recorded = () => loadRecordedCases(ctx.db, { workflowId: wf.id, from: new Date(0), to: new Date(Date.now() + 60_000), limit: 1000 });

describe('replaying recorded cases', () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.ready();
    org = (await ctx.createOrg('Replay')).id;
    key = await createTestApiKey(ctx.db, org);
    operator = await ctx.createUser('operator', org);
    const tool = await createTestTool(ctx.db, org, {
      status: 'approved',
      toolType: 'transform',
      config: { mapping: { full_name: 'input.first_name + " " + input.last_name' } },
      inputSchema: { type: 'object', properties: { first_name: { type: 'string' }, last_name: { type: 'string' } }, required: ['first_name', 'last_name'] },
    });
    toolName = tool.name;
    wf = await createTestWorkflow(ctx.db, org, { status: 'active', graph: onboarding(tool.name) });

    // A big amount approved, one rejected, a small one the AI triages, one waiting at the form, one at its review,
    // and one whose data answered the form at the start.
    ids.approved = (await start()).id;
    await answer({ id: ids.approved, status_url: `/api/public/v1/applications/${ids.approved}` }, { first_name: 'Ada', last_name: 'King', amount: 5000 });
    await decide(ids.approved, 'approve');
    const rejected = await start();
    ids.rejected = rejected.id;
    await answer(rejected, { first_name: 'Bob', last_name: 'Stone', amount: 2500 });
    await decide(ids.rejected, 'reject');
    const small = await start();
    ids.small = small.id;
    await answer(small, { first_name: 'Cy', last_name: 'Young', amount: 50 });
    ids.atForm = (await start()).id;
    await waitForCase(ctx.db, ids.atForm, (c) => c.waiting_for === 'form');
    const atReview = await start();
    ids.atReview = atReview.id;
    await answer(atReview, { first_name: 'Di', last_name: 'Lane', amount: 9000 });
    ids.prefilled = (await start({ first_name: 'Eve', last_name: 'Moss', amount: 120 })).id;
    await waitForCase(ctx.db, ids.prefilled, settled);
  });
  afterAll(() => ctx?.close());

  it('records what each visit merged, the tool input and the starting data', async () => {
    const cases = await recorded();
    const small = cases.find((c) => c.id === ids.small)!;
    expect(small.initial_data).toEqual({});
    const byStep = (type: string) => small.visits.find((v) => v.step_type === type)!;
    expect(byStep('form').merged).toEqual({ first_name: 'Cy', last_name: 'Young', amount: 50 });
    expect(byStep('tool')).toMatchObject({ input: { first_name: 'Cy', last_name: 'Young' }, merged: { person: { full_name: 'Cy Young' } } });
    expect(byStep('ai').merged).toMatchObject({ triage: expect.anything() });
    expect(byStep('condition').merged).toBeNull();
    expect(cases.find((c) => c.id === ids.prefilled)!.initial_data).toEqual({ first_name: 'Eve', last_name: 'Moss', amount: 120 });
  });

  it('gives back every case on the version it ran on: the identity check', async () => {
    const { graph } = await versionGraph();
    const cases = await recorded();
    expect(cases).toHaveLength(6);
    for (const c of cases) {
      const result = await replayCase(graph, c, graph, OPTIONS);
      expect(compareWithRecord(c, result, graph), c.id).toEqual({ same: true });
    }
    const replayed = Object.fromEntries(await Promise.all(cases.map(async (c) => [c.id, (await replayCase(graph, c, graph, OPTIONS)).end])));
    expect(replayed[ids.approved!]).toEqual({ kind: 'completed', outcome: 'approved' });
    expect(replayed[ids.rejected!]).toEqual({ kind: 'completed', outcome: 'rejected' });
    expect(replayed[ids.small!]).toEqual({ kind: 'completed', outcome: 'completed' });
    expect(replayed[ids.atForm!]).toMatchObject({ kind: 'waiting', waiting_for: 'form' });
    expect(replayed[ids.atReview!]).toMatchObject({ kind: 'waiting', waiting_for: 'approval' });
    expect(replayed[ids.prefilled!]).toEqual({ kind: 'completed', outcome: 'completed' });
  });

  it('names the first difference when a replay does not give the case back', async () => {
    const { graph } = await versionGraph();
    const c = (await recorded()).find((r) => r.id === ids.approved)!;
    // The history says the review rejected it: the same replay now parts from the record at the review.
    const rejected = (v: RecordedVisit): RecordedVisit => ({
      ...v,
      branch: 'rejected',
      reviews: v.reviews?.map((r) => ({ ...r, decision: 'rejected' as const })),
    });
    const altered = { ...c, visits: c.visits.map((v) => (v.step_type === 'approval' ? rejected(v) : v)) };
    const check = compareWithRecord(c, await replayCase(graph, altered, graph, OPTIONS), graph);
    expect(check).toMatchObject({ same: false, step_id: wf.steps.review, reason: 'At "review" the case took the branch "approved", the replay "rejected"' });
  });

  it('a notification whose recipient the data cannot fill fails the case there, as the runtime would, and nothing is sent', async () => {
    const { graph, steps, connections } = await versionGraph();
    const byEmail = (to: string) =>
      pinGraph(wf.id, 2, {
        steps: steps.map((s) => (s.id === wf.steps.tell ? { ...s, config: { ...s.config, channel: 'email', to } } : s)),
        connections,
      });
    const approved = (await recorded()).find((c) => c.id === ids.approved)!;
    const replay = await replayCase(byEmail('{{data.email}}'), approved, graph, OPTIONS);
    expect(replay.end).toEqual({ kind: 'failed', step_id: wf.steps.tell, error: '"{{data.email}}" is not an email address' });
    expect(replay.path.at(-1)).toMatchObject({ step_type: 'notification', source: 'computed' });
    // An address the data fills goes on, not sent.
    const fine = await replayCase(byEmail('{{data.first_name}}@example.com'), approved, graph, OPTIONS);
    expect(fine.end).toEqual({ kind: 'completed', outcome: 'approved' });
    expect(fine.path.find((v) => v.step_type === 'notification')).toMatchObject({ source: 'not_sent' });
  });

  it('follows a changed graph: a lower threshold sends the small case to a review it never had', async () => {
    const { graph, steps, connections } = await versionGraph();
    const lower = pinGraph(wf.id, 2, {
      steps: steps.map((s) =>
        s.id === wf.steps.big ? { ...s, config: { ...s.config, branches: [{ id: 'big', label: 'Big', expression: 'data.amount > 10' }] } } : s,
      ),
      connections,
    });
    const small = (await recorded()).find((c) => c.id === ids.small)!;
    // Nobody decided that review: the run's choice says what it comes to.
    expect((await replayCase(lower, small, graph, OPTIONS)).end).toMatchObject({ kind: 'waiting', waiting_for: 'approval', step_id: wf.steps.review });
    const approved = await replayCase(lower, small, graph, { ...OPTIONS, newReviews: 'approve' });
    expect(approved.end).toEqual({ kind: 'completed', outcome: 'approved' });
    expect(approved.path.map((v) => [v.step_type, v.source])).toEqual([
      ['start', 'computed'],
      ['form', 'recorded'],
      ['tool', 'replayed'],
      ['condition', 'computed'],
      ['approval', 'choice'],
      ['notification', 'not_sent'],
      ['end', 'computed'],
    ]);
    expect(approved.data.person).toEqual({ full_name: 'Cy Young' });
  });

  it('sums up what the change does: outcomes that change, reviews and tool calls before and after, cases per step', async () => {
    const { graph, steps, connections } = await versionGraph();
    const lower = pinGraph(wf.id, 2, {
      steps: steps.map((s) =>
        s.id === wf.steps.big ? { ...s, config: { ...s.config, branches: [{ id: 'big', label: 'Big', expression: 'data.amount > 10' }] } } : s,
      ),
      connections,
    });
    const cases = await recorded();
    const simulated = await Promise.all(
      cases.map(async (c) => ({ recorded: c, replay: await replayCase(lower, c, graph, { ...OPTIONS, newReviews: 'approve' }) })),
    );
    const summary = summarizeSimulation(simulated, graph, lower);
    // The small case and the prefilled one (120) now go to a review, which approves them.
    expect(summary).toMatchObject({ cases: 6, not_replayable: 0, changed: 2 });
    expect(summary.transitions).toContainEqual({ from: 'completed', to: 'approved', cases: 2 });
    expect(summary.transitions).toContainEqual({ from: 'waits_for_applicant', to: 'waits_for_applicant', cases: 1 });
    expect(summary.reviews).toEqual([{ role: 'operator', before: 3, after: 5, late_before: 0, late_after: 0 }]);
    // The same recorded calls answer the draft: the same mean latency.
    const [calls] = summary.tool_calls;
    expect(calls).toMatchObject({ tool: toolName, before: 5, after: 5 });
    expect(calls!.latency_before_ms).toEqual(expect.any(Number));
    expect(calls!.latency_after_ms).toBe(calls!.latency_before_ms);
    // The two cases a review now approves by the run's choice have no time for it: the time to decision after is over
    // the two others that end, the approved and the rejected one.
    expect(summary.decision_time.before?.cases).toBe(4);
    expect(summary.decision_time.after?.cases).toBe(2);
    const at = (id: string) => summary.steps.find((s) => s.step_id === id);
    expect(at(wf.steps.triage!)).toEqual({ step_id: wf.steps.triage, before: 2, after: 0 });
    expect(at(wf.steps.details!)).toEqual({ step_id: wf.steps.details, before: 6, after: 6 });
    expect(summary.connections).toContainEqual({ source: wf.steps.big, target: wf.steps.review, before: 3, after: 5 });
  });

  it('times each step: as recorded where the case had it, a delay the draft adds by its own time', async () => {
    const { graph, steps, connections } = await versionGraph();
    const c = (await recorded()).find((r) => r.id === ids.approved)!;
    const recordedMs = c.visits.reduce((sum, v) => sum + (v.completed_at!.getTime() - v.entered_at.getTime()), 0);
    const same = await replayCase(graph, c, graph, OPTIONS);
    expect(same.path.every((v) => v.ms !== null)).toBe(true);
    expect(same.path.reduce((sum, v) => sum + v.ms!, 0)).toBe(recordedMs);
    expect(summarizeSimulation([{ recorded: c, replay: same }], graph, graph).decision_time).toEqual({
      before: { cases: 1, median_ms: recordedMs, p90_ms: recordedMs },
      after: { cases: 1, median_ms: recordedMs, p90_ms: recordedMs },
    });

    // Two hours' wait before the approval is told: the case would take two hours longer.
    const waits = pinGraph(wf.id, 2, {
      steps: [...steps, { id: 'wait', type: 'delay', name: 'Wait', config: { amount: 2, unit: 'hours' }, position: { x: 0, y: 0 } }],
      connections: [
        ...connections.filter((l) => !(l.source === wf.steps.review && l.condition === 'approved')),
        { id: 'c-wait-1', source: wf.steps.review!, target: 'wait', condition: 'approved', label: null },
        { id: 'c-wait-2', source: 'wait', target: wf.steps.tell!, condition: null, label: null },
      ],
    });
    const longer = await replayCase(waits, c, graph, OPTIONS);
    expect(longer.end).toEqual({ kind: 'completed', outcome: 'approved' });
    expect(longer.path.find((v) => v.step_id === 'wait')).toMatchObject({ source: 'computed', ms: expect.closeTo(7_200_000, -3) });
    expect(Math.abs(longer.path.reduce((sum, v) => sum + v.ms!, 0) - recordedMs - 7_200_000)).toBeLessThan(1000);
  });

  it('counts reviews decided past their deadline: as recorded before, the recorded time against the version after', async () => {
    const { graph, steps, connections } = await versionGraph();
    const c = (await recorded()).find((r) => r.id === ids.approved)!;
    // The review took two days against its 24 hours.
    const slow = {
      ...c,
      visits: c.visits.map((v) => (v.step_type === 'approval' ? { ...v, completed_at: new Date(v.entered_at.getTime() + 2 * 86_400_000) } : v)),
    };
    const roomier = pinGraph(wf.id, 2, {
      steps: steps.map((s) => (s.id === wf.steps.review ? { ...s, config: { ...s.config, sla_hours: 72 } } : s)),
      connections,
    });
    const late = (draft: PinnedGraph) => async () =>
      summarizeSimulation([{ recorded: slow, replay: await replayCase(draft, slow, graph, OPTIONS) }], graph, draft).reviews;
    expect(await late(graph)()).toEqual([{ role: 'operator', before: 1, after: 1, late_before: 1, late_after: 1 }]);
    expect(await late(roomier)()).toEqual([{ role: 'operator', before: 1, after: 1, late_before: 1, late_after: 0 }]);
  });

  it('stops at a tool call the history never made, and at a form field never answered', async () => {
    const { graph, steps, connections } = await versionGraph();
    const c = (await recorded()).find((r) => r.id === ids.small)!;
    const otherInput = pinGraph(wf.id, 2, {
      steps: steps.map((s) =>
        s.id === wf.steps.join ? { ...s, config: { ...s.config, input_mapping: { first_name: 'data.last_name', last_name: 'data.first_name' } } } : s,
      ),
      connections,
    });
    expect((await replayCase(otherInput, c, graph, OPTIONS)).end).toEqual({ kind: 'needs_live_call', step_id: wf.steps.join, tool: toolName });

    const moreFields = pinGraph(wf.id, 2, {
      steps: steps.map((s) =>
        s.id === wf.steps.details
          ? {
              ...s,
              config: { ...s.config, fields: [...(s.config.fields as object[]), { key: 'iban', label: 'IBAN', type: 'text', required: true, options: [] }] },
            }
          : s,
      ),
      connections,
    });
    expect((await replayCase(moreFields, c, graph, OPTIONS)).end).toEqual({ kind: 'waiting', step_id: wf.steps.details, waiting_for: 'form' });
  });

  it('writes nothing and sends nothing', async () => {
    const count = async () =>
      (
        await ctx.db.query<{ n: number }>(
          `select (select count(*) from application_events)::int + (select count(*) from tool_executions)::int + (select count(*) from staff_notifications)::int as n`,
        )
      ).rows[0]!.n;
    const before = await count();
    const { graph } = await versionGraph();
    for (const c of await recorded()) await replayCase(graph, c, graph, { ...OPTIONS, newReviews: 'approve' });
    expect(await count()).toBe(before);
  });

  it('gives back failures, cancellations, timers and a tool error the step went on after', async () => {
    // A private address: the SSRF guard refuses the call before anything leaves.
    const failing = await createTestTool(ctx.db, org, {
      status: 'approved',
      toolType: 'http_request',
      config: { method: 'GET', url: 'http://10.255.255.1/check', timeout_ms: 1000, retries: 0 },
      inputSchema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
    });
    const other = await createTestWorkflow(ctx.db, org, {
      status: 'active',
      graph: {
        steps: [
          testStep('start', 'start', { trigger: 'api', required_fields: [] }),
          testStep('pause', 'delay', { amount: 1, unit: 'seconds' }),
          testStep('lenient', 'tool', { tool_name: failing.name, input_mapping: { a: 'data.n' }, output_field: 'lenient', on_error: 'continue', retries: 1 }),
          testStep('which', 'condition', { branches: [{ id: 'tell', label: 'Tell', expression: 'data.n > 5' }], otherwise: true }),
          testStep('tell', 'notification', { channel: 'internal', to: 'nobody@example.com', subject: 'x', message: 'x' }),
          testStep('review', 'approval', { assignee_role: 'operator', sla_hours: 24, instructions: 'Check it' }),
          testStep('done', 'end', { outcome: 'completed' }),
          testStep('no', 'end', { outcome: 'rejected' }),
        ],
        connections: [
          testLink('start', 'pause'),
          testLink('pause', 'lenient'),
          testLink('lenient', 'which'),
          testLink('which', 'tell', 'tell'),
          testLink('which', 'review', 'otherwise'),
          testLink('tell', 'done'),
          testLink('review', 'done', 'approved'),
          testLink('review', 'no', 'rejected'),
        ],
      },
    });
    const run = async (data: Record<string, unknown>) => {
      const res = await asKey(ctx, key, {
        method: 'POST',
        url: '/api/public/v1/applications',
        payload: { workflow_id: other.id, applicant: { name: 'Fay Field', email: 'fay@example.com' }, data },
      });
      const id = res.json().id as string;
      return { id, ...(await waitForCase(ctx.db, id, settled)) };
    };
    // The notification names nobody: the case fails there. A small n waits for a review, then is cancelled by staff.
    const failed = await run({ n: 9 });
    expect(failed.status).toBe('failed');
    const cancelled = await run({ n: 1 });
    expect(cancelled.waiting_for).toBe('approval');
    const cancel = await ctx.as(operator, { method: 'POST', url: `/api/admin/applications/${cancelled.id}/cancel`, payload: { reason: 'Withdrawn' } });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const saved = (await findVersionGraph<{ steps: SavedStep[]; connections: SavedConnection[] }>(ctx.db, other.id, 1))!;
    const graph = pinGraph(other.id, 1, saved);
    const cases = await loadRecordedCases(ctx.db, { workflowId: other.id, from: new Date(0), to: new Date(Date.now() + 60_000), limit: 10 });
    expect(cases.map((c) => c.status).sort()).toEqual(['cancelled', 'failed']);
    for (const c of cases) expect(compareWithRecord(c, await replayCase(graph, c, graph, OPTIONS), graph), c.status).toEqual({ same: true });
    const lenient = cases[0]!.visits.find((v) => v.step_type === 'tool')!;
    expect(lenient).toMatchObject({ status: 'completed', input: { a: 9 }, output: { continued: true }, merged: { lenient: { status: 'refused' } } });
  });

  it('takes an unchanged AI step’s recorded answer, and runs the provider once the step is changed', async () => {
    const { graph, steps, connections } = await versionGraph();
    const small = (await recorded()).find((c) => c.id === ids.small)!;
    // A model need not answer twice alike: the record is what the case got.
    const answered = { ...small, visits: small.visits.map((v) => (v.step_type === 'ai' ? { ...v, merged: { triage: { decision: 'reject' } } } : v)) };
    expect((await replayCase(graph, answered, graph, OPTIONS)).data.triage).toEqual({ decision: 'reject' });
    const reworded = pinGraph(wf.id, 2, {
      steps: steps.map((s) => (s.id === wf.steps.triage ? { ...s, config: { ...s.config, prompt: 'approve if data.amount >= 10' } } : s)),
      connections,
    });
    expect((await replayCase(reworded, answered, graph, OPTIONS)).data.triage).toMatchObject({ decision: 'approve' });
  });

  it('ends a case cancelled before it ran as cancelled', async () => {
    const { graph } = await versionGraph();
    const c = (await recorded())[0]!;
    const never = { ...c, status: 'cancelled', current_step_id: null, visits: [] };
    const result = await replayCase(graph, never, graph, OPTIONS);
    expect(result.end).toEqual({ kind: 'cancelled', step_id: null });
    expect(compareWithRecord(never, result, graph)).toEqual({ same: true });
  });

  it('names a case recorded before replay recording began instead of guessing', async () => {
    const { graph } = await versionGraph();
    const c = (await recorded())[0]!;
    const result = await replayCase(graph, { ...c, initial_data: null }, graph, OPTIONS);
    expect(result.end).toEqual({ kind: 'not_replayable', reason: 'Recorded before replay recording began: its starting data is not known' });
  });
});
