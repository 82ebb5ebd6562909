/**
 * Simulation runs over the API (issue 36): a manager lowers a threshold in a new version, replays the workflow's
 * recorded cases on it as a job, and reads what changes — the summary, the changed cases first, each case's two paths,
 * the CSV; the identity run on the version the cases ran on changes nothing; bad input changes nothing; a run started
 * over after a crash writes each case once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import { SIMULATION_MESSAGES, SIMULATION_RUNS_KEPT, type SimulationRun } from '@admin-portal/contract/workflows/simulations';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { openReviewTask, settled, startTestCase, testLink, testStep, waitForCase } from '../../test/applications.factory.ts';
import { createTestTool } from '../../test/tools.factory.ts';
import { startServer } from '../tool-runtime/test-support.ts';
import { createTestWorkflow, type TestWorkflow } from '../../test/workflows.factory.ts';
import { builtinAiProvider } from '../../engine/commands.ts';
import { runSimulation, simulationJobHandler } from './simulation-job.ts';
import { beginRun, findRun } from './simulations.queries.ts';
import { SIMULATION_RUNNING } from './simulations.service.ts';

let ctx: TestContext;
let org: string;
let manager: TestUser;
let operator: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let wf: TestWorkflow;
const amounts: Record<number, string> = {};

/** start → big? (amount > 1000) → review (operator) → ok / no; otherwise → ok. */
function threshold(): WorkflowGraph {
  return {
    steps: [
      testStep('start', 'start', { trigger: 'api', required_fields: [] }),
      testStep('big', 'condition', { branches: [{ id: 'big', label: 'Big', expression: 'data.amount > 1000' }], otherwise: true }, 280),
      testStep('review', 'approval', { assignee_role: 'operator', sla_hours: 24 }, 560),
      testStep('ok', 'end', { outcome: 'approved' }, 840),
      testStep('no', 'end', { outcome: 'rejected' }, 840),
    ],
    connections: [
      testLink('start', 'big'),
      testLink('big', 'review', 'big'),
      testLink('big', 'ok', 'otherwise'),
      testLink('review', 'ok', 'approved'),
      testLink('review', 'no', 'rejected'),
    ],
  };
}

async function simulate(version: number, body: Record<string, unknown> = {}) {
  return ctx.as(manager, { method: 'POST', url: `/api/admin/workflows/${wf.id}/versions/${version}/simulations`, payload: body });
}

async function finished(id: string): Promise<SimulationRun> {
  for (let i = 0; i < 300; i += 1) {
    const run = (await ctx.as(manager, { method: 'GET', url: `/api/admin/simulations/${id}` })).json<SimulationRun>();
    if (run.status === 'completed' || run.status === 'failed') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the simulation did not finish');
}

beforeAll(async () => {
  ctx = await createTestContext({ runtimeWorker: true, toolAllowedHosts: ['127.0.0.1'] });
  org = (await ctx.createOrg('Simulating')).id;
  manager = await ctx.createUser('manager', org);
  operator = await ctx.createUser('operator', org);
  viewer = await ctx.createUser('viewer', org);
  stranger = await ctx.createUser('manager', (await ctx.createOrg('Elsewhere')).id);
  wf = await createTestWorkflow(ctx.db, org, { status: 'active', graph: threshold() });
  for (const amount of [200, 800, 1500, 3000]) amounts[amount] = await startTestCase(ctx, wf.id, org, { amount });
  const task = await openReviewTask(ctx.db, amounts[3000]!);
  const res = await ctx.as(operator, { method: 'POST', url: `/api/admin/applications/review-tasks/${task}/decision`, payload: { decision: 'approve' } });
  expect(res.statusCode, res.body).toBe(200);
  await waitForCase(ctx.db, amounts[3000]!, settled);

  // Version 2: the threshold lowered to 500.
  const detail = (await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${wf.id}` })).json();
  const steps = detail.steps.map((s: { id: string; config: Record<string, unknown> }) =>
    s.id === wf.steps.big ? { ...s, config: { ...s.config, branches: [{ id: 'big', label: 'Big', expression: 'data.amount > 500' }] } } : s,
  );
  const saved = await ctx.as(manager, {
    method: 'PUT',
    url: `/api/admin/workflows/${wf.id}/complete`,
    payload: { graph: { steps, connections: detail.connections } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().version).toBe(2);
}, 60_000);

afterAll(() => ctx.close());

describe('a simulation run', () => {
  let run: SimulationRun;

  it('replays the last 30 days on the new version as a job and says what changes', async () => {
    const res = await simulate(2);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ version: 2, status: 'queued', new_reviews: 'wait', ran_on_version: null, max_cases: 100_000 });
    run = await finished(res.json().id);
    expect(run.status).toBe('completed');
    expect(run.cases_done).toBe(4);
    expect(run.summary).toMatchObject({ cases: 4, not_replayable: 0, changed: 1, period_days: 30 });
    expect(run.summary!.transitions).toEqual(
      expect.arrayContaining([
        { from: 'approved', to: 'approved', cases: 2 },
        { from: 'approved', to: 'waits_for_review', cases: 1 },
        { from: 'waits_for_review', to: 'waits_for_review', cases: 1 },
      ]),
    );
    expect(run.summary!.reviews).toEqual([{ role: 'operator', before: 2, after: 3, late_before: 0, late_after: 0 }]);
    const review = run.summary!.steps.find((s) => s.step_id === wf.steps.review);
    expect(review).toEqual({ step_id: wf.steps.review, before: 2, after: 3 });
    expect(run.summary!.connections).toContainEqual({ source: wf.steps.big, target: wf.steps.review, before: 2, after: 3 });
    // Three cases ended; on version 2 one of them waits for a review, so two end.
    expect(run.summary!.decision_time).toMatchObject({ before: { cases: 3 }, after: { cases: 2 } });
  });

  it('lists the changed cases first and shows a case’s two paths', async () => {
    const changed = await ctx.as(manager, { method: 'GET', url: `/api/admin/simulations/${run.id}/cases?changed=true` });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ total: 1, items: [{ application_id: amounts[800], before: 'approved', after: 'waits_for_review', changed: true }] });
    const all = (await ctx.as(manager, { method: 'GET', url: `/api/admin/simulations/${run.id}/cases` })).json();
    expect(all.total).toBe(4);
    expect(all.items[0].application_id).toBe(amounts[800]);

    const paths = await ctx.as(manager, { method: 'GET', url: `/api/admin/simulations/${run.id}/cases/${amounts[800]}` });
    expect(paths.statusCode, paths.body).toBe(200);
    const body = paths.json();
    expect(body.before_path.map((s: { name: string }) => s.name)).toEqual(['start', 'big', 'ok']);
    expect(body.after_path.map((s: { name: string; branch: string | null }) => [s.name, s.branch])).toEqual([
      ['start', null],
      ['big', 'big'],
      ['review', null],
    ]);
    expect(body.reason).toBe('waits for a review');

    const outside = await ctx.as(manager, { method: 'GET', url: `/api/admin/simulations/${run.id}/cases/${wf.id}` });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().detail).toBe(SIMULATION_MESSAGES.caseNotFound);
  });

  it('exports every case as CSV', async () => {
    const res = await ctx.as(manager, { method: 'GET', url: `/api/admin/simulations/${run.id}/export` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('application_id,created_at,before,after,changed,reason,path_before,path_after');
    expect(lines).toHaveLength(5);
    expect(lines.find((l) => l.startsWith(amounts[800]!))).toContain(
      'approved,waits_for_review,true,waits for a review,start → big (otherwise) → ok,start → big (big) → review',
    );
  });

  it('decides reviews the cases never had as asked', async () => {
    const res = await simulate(2, { new_reviews: 'reject' });
    expect(res.statusCode, res.body).toBe(202);
    const rejecting = await finished(res.json().id);
    expect(rejecting.summary!.transitions).toContainEqual({ from: 'approved', to: 'rejected', cases: 1 });
    expect(rejecting.summary!.changed).toBe(1);
  });

  it('changes nothing when replayed on the version the cases ran on (the identity check)', async () => {
    const res = await simulate(1);
    expect(res.statusCode, res.body).toBe(202);
    const identity = await finished(res.json().id);
    expect(identity.summary).toMatchObject({ cases: 4, changed: 0 });
    // The three cases that ended take as long on the version they ran on as they took.
    expect(identity.summary!.decision_time.before?.cases).toBe(3);
    expect(identity.summary!.decision_time.after).toEqual(identity.summary!.decision_time.before);
    const cases = (await ctx.as(manager, { method: 'GET', url: `/api/admin/simulations/${identity.id}/cases` })).json();
    expect(cases.items.every((c: { reason: string | null }) => c.reason === null)).toBe(true);
  });

  it('lists runs newest first and gives the latest finished run of a version', async () => {
    const list = (await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${wf.id}/simulations?version=2` })).json();
    expect(list.total).toBe(2);
    expect(list.items[0].new_reviews).toBe('reject');
    const latest = await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${wf.id}/versions/2/simulation` });
    expect(latest.json()).toMatchObject({ version: 2, new_reviews: 'reject', status: 'completed' });
    const none = await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${wf.id}/versions/1/simulation` });
    expect(none.json()).toMatchObject({ version: 1 });
  });

  it(`keeps a workflow's ${SIMULATION_RUNS_KEPT} newest finished runs, deleting older ones as a run finishes`, async () => {
    const tried = await createTestWorkflow(ctx.db, org, { status: 'draft', graph: threshold() });
    // Runs finished one to 21 days ago.
    await ctx.db.query(
      `insert into simulation_runs (organization_id, workflow_id, version, cases_from, cases_to, new_reviews, max_cases, status, created_at, finished_at)
       select $1, $2, 1, now() - interval '60 days', now(), 'wait', 100, 'completed', now() - make_interval(days => d), now() - make_interval(days => d)
         from generate_series(1, $3::int) d`,
      [org, tried.id, SIMULATION_RUNS_KEPT + 1],
    );
    const res = await ctx.as(manager, { method: 'POST', url: `/api/admin/workflows/${tried.id}/versions/1/simulations`, payload: {} });
    expect(res.statusCode, res.body).toBe(202);
    expect((await finished(res.json().id)).status).toBe('completed');
    const kept = await ctx.db.query<{ id: string; age: number }>(
      `select id, extract(day from now() - finished_at)::int as age from simulation_runs where workflow_id = $1 order by finished_at desc`,
      [tried.id],
    );
    expect(kept.rows).toHaveLength(SIMULATION_RUNS_KEPT);
    expect(kept.rows[0]!.id).toBe(res.json().id);
    // The two oldest (20 and 21 days) are gone.
    expect(Math.max(...kept.rows.map((r) => r.age))).toBe(SIMULATION_RUNS_KEPT - 1);
  });
});

describe('tools on replay', () => {
  it('computes a transform tool’s call the history never made, and calls nothing', async () => {
    const tool = await createTestTool(ctx.db, org, {
      status: 'approved',
      config: { mapping: { score: 'input.amount / 100' } },
      inputSchema: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
    });
    const graph = (mapping: string): WorkflowGraph => ({
      steps: [
        testStep('start', 'start', { trigger: 'api', required_fields: [] }),
        testStep('score', 'tool', { tool_name: tool.name, input_mapping: { amount: mapping }, output_field: 'scored', on_error: 'fail', retries: 0 }, 280),
        testStep('route', 'condition', { branches: [{ id: 'high', label: 'High', expression: 'data.scored.score >= 10' }], otherwise: true }, 560),
        testStep('review', 'approval', { assignee_role: 'operator', sla_hours: 24 }, 840),
        testStep('ok', 'end', { outcome: 'approved' }, 1120),
        testStep('no', 'end', { outcome: 'rejected' }, 1120),
      ],
      connections: [
        testLink('start', 'score'),
        testLink('score', 'route'),
        testLink('route', 'review', 'high'),
        testLink('route', 'ok', 'otherwise'),
        testLink('review', 'ok', 'approved'),
        testLink('review', 'no', 'rejected'),
      ],
    });
    const scored = await createTestWorkflow(ctx.db, org, { status: 'active', graph: graph('data.amount') });
    const id = await startTestCase(ctx, scored.id, org, { amount: 600 });
    const calls = await ctx.db.query(`select count(*)::int as n from tool_executions where tool_id = $1`, [tool.id]);
    // Version 2 doubles the amount it sends: a call the history never made.
    const detail = (await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${scored.id}` })).json();
    const steps = detail.steps.map((s: { id: string; config: Record<string, unknown> }) =>
      s.id === scored.steps.score ? { ...s, config: { ...s.config, input_mapping: { amount: 'data.amount * 2' } } } : s,
    );
    expect(
      (
        await ctx.as(manager, {
          method: 'PUT',
          url: `/api/admin/workflows/${scored.id}/complete`,
          payload: { graph: { steps, connections: detail.connections } },
        })
      ).statusCode,
    ).toBe(200);

    const res = await ctx.as(manager, { method: 'POST', url: `/api/admin/workflows/${scored.id}/versions/2/simulations`, payload: {} });
    expect(res.statusCode, res.body).toBe(202);
    const run = await finished(res.json().id);
    expect(run.summary).toMatchObject({ cases: 1, changed: 1, transitions: [{ from: 'approved', to: 'waits_for_review', cases: 1 }] });
    const paths = (await ctx.as(manager, { method: 'GET', url: `/api/admin/simulations/${run.id}/cases/${id}` })).json();
    expect(paths.after_path.find((s: { step_id: string }) => s.step_id === scored.steps.score)).toMatchObject({ source: 'computed' });
    // Nothing was called: no execution was recorded by the run.
    expect((await ctx.db.query(`select count(*)::int as n from tool_executions where tool_id = $1`, [tool.id])).rows).toEqual(calls.rows);
  });
  it('calls a tool the run names in its sandbox configuration, and no other', async () => {
    const server = await startServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ score: JSON.parse(req.body || '{}').amount / 100 }));
    });
    try {
      const tool = await createTestTool(ctx.db, org, {
        status: 'approved',
        toolType: 'http_request',
        config: { method: 'POST', url: `${server.origin}/score`, timeout_ms: 2000, retries: 0 },
        inputSchema: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
      });
      const graph = (mapping: string): WorkflowGraph => ({
        steps: [
          testStep('start', 'start', { trigger: 'api', required_fields: [] }),
          testStep('check', 'tool', { tool_name: tool.name, input_mapping: { amount: mapping }, output_field: 'check', on_error: 'fail', retries: 0 }, 280),
          testStep('ok', 'end', { outcome: 'approved' }, 560),
        ],
        connections: [testLink('start', 'check'), testLink('check', 'ok')],
      });
      const checked = await createTestWorkflow(ctx.db, org, { status: 'active', graph: graph('data.amount') });
      const id = await startTestCase(ctx, checked.id, org, { amount: 600 });
      expect(server.received).toHaveLength(1);
      const detail = (await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${checked.id}` })).json();
      const steps = detail.steps.map((s: { id: string; config: Record<string, unknown> }) =>
        s.id === checked.steps.check ? { ...s, config: { ...s.config, input_mapping: { amount: 'data.amount * 2' } } } : s,
      );
      expect(
        (
          await ctx.as(manager, {
            method: 'PUT',
            url: `/api/admin/workflows/${checked.id}/complete`,
            payload: { graph: { steps, connections: detail.connections } },
          })
        ).statusCode,
      ).toBe(200);
      const url = `/api/admin/workflows/${checked.id}/versions/2/simulations`;

      // Not named: the case needs a live call, and nothing is called.
      const closed = await finished((await ctx.as(manager, { method: 'POST', url, payload: {} })).json().id);
      expect(closed.summary).toMatchObject({ changed: 1, sandbox_calls: 0, transitions: [{ from: 'approved', to: 'needs_live_call', cases: 1 }] });
      expect(server.received).toHaveLength(1);

      // Named: called once in its development configuration, recorded as such.
      const unknown = await ctx.as(manager, { method: 'POST', url, payload: { sandbox_tools: ['no_such_tool'] } });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().validation_errors).toEqual([{ field: 'sandbox_tools.0', message: SIMULATION_MESSAGES.sandboxToolNotFound }]);
      const res = await ctx.as(manager, { method: 'POST', url, payload: { sandbox_tools: [tool.name] } });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().sandbox_tools).toEqual([tool.name]);
      const open = await finished(res.json().id);
      expect(open.summary).toMatchObject({ changed: 0, sandbox_calls: 1 });
      // The recorded call's latency before, the sandbox call's after.
      expect(open.summary!.tool_calls).toEqual([
        { tool: tool.name, before: 1, after: 1, latency_before_ms: expect.any(Number), latency_after_ms: expect.any(Number) },
      ]);
      expect(server.received).toHaveLength(2);
      expect(JSON.parse(server.received[1]!.body)).toEqual({ amount: 1200 });
      const paths = (await ctx.as(manager, { method: 'GET', url: `/api/admin/simulations/${open.id}/cases/${id}` })).json();
      expect(paths.after_path.find((s: { step_id: string }) => s.step_id === checked.steps.check)).toMatchObject({ source: 'sandbox' });
      const executions = await ctx.db.query(`select environment from tool_executions where tool_id = $1 order by created_at`, [tool.id]);
      expect(executions.rows.map((r) => r.environment)).toEqual(['production', 'development']);
    } finally {
      await server.close();
    }
  });
});

describe('what a simulation refuses', () => {
  it('refuses a period that ends before it starts, or longer than a year, changing nothing', async () => {
    const before = await ctx.db.query(`select count(*)::int as n from simulation_runs`);
    const backwards = await simulate(2, { from: '2026-05-01T00:00:00Z', to: '2026-04-01T00:00:00Z' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().validation_errors).toContainEqual({ field: 'to', message: SIMULATION_MESSAGES.periodOrder });
    const long = await simulate(2, { from: '2024-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    expect(long.statusCode).toBe(422);
    expect(long.json().validation_errors).toContainEqual({ field: 'from', message: SIMULATION_MESSAGES.periodTooLong });
    const many = await simulate(2, { max_cases: 100_001 });
    expect(many.statusCode).toBe(422);
    expect((await ctx.db.query(`select count(*)::int as n from simulation_runs`)).rows).toEqual(before.rows);
  });

  it('refuses a version the workflow does not have', async () => {
    expect((await simulate(9)).statusCode).toBe(404);
    const ranOn = await simulate(2, { ran_on_version: 9 });
    expect(ranOn.statusCode).toBe(422);
    expect(ranOn.json().validation_errors).toEqual([{ field: 'ran_on_version', message: SIMULATION_MESSAGES.ranOnNotFound }]);
  });

  it('runs one simulation of a workflow at a time', async () => {
    await ctx.app.runtime.stop(1_000);
    const first = await simulate(2);
    expect(first.statusCode).toBe(202);
    const second = await simulate(2);
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(SIMULATION_RUNNING);
    // The job is still queued: a handler run on it now (as a restarted worker would) finishes it.
    await simulationJobHandler(ctx.db, { ai: builtinAiProvider, secretKey: ctx.app.secrets.secretKey, tools: ctx.app.runtime.deps.tools }).run({
      id: 'x',
      kind: 'simulate_workflow',
      application_id: '',
      organization_id: org,
      attempts: 1,
      payload: { run_id: first.json().id },
    });
    expect((await finished(first.json().id)).status).toBe('completed');
  });

  it('starts over after a crash, writing each case once', async () => {
    const queued = (await simulate(2)).json();
    // As if a worker had written some cases and died: the run is running, a case is written.
    await ctx.db.query(`update simulation_runs set status = 'running', cases_done = 1 where id = $1`, [queued.id]);
    await ctx.db.query(
      `insert into simulation_cases (run_id, application_id, created_at, before_end, after_end, changed, before_path, after_path)
       values ($1, $2, now(), 'approved', 'approved', false, '[]', '[]')`,
      [queued.id, amounts[200]],
    );
    await simulationJobHandler(ctx.db, { ai: builtinAiProvider, secretKey: ctx.app.secrets.secretKey, tools: ctx.app.runtime.deps.tools }).run({
      id: 'x',
      kind: 'simulate_workflow',
      application_id: '',
      organization_id: org,
      attempts: 2,
      payload: { run_id: queued.id },
    });
    const run = await finished(queued.id);
    expect(run).toMatchObject({ status: 'completed', cases_done: 4 });
    const rows = await ctx.db.query(`select count(*)::int as n from simulation_cases where run_id = $1`, [queued.id]);
    expect(rows.rows[0]).toEqual({ n: 4 });
  });

  it('reads each case once, page after page, though cases share a millisecond', async () => {
    // Four cases created within one millisecond (PostgreSQL keeps microseconds; a JavaScript Date does not).
    const base = '2026-11-29 10:00:00.0001';
    for (const [i, id] of Object.values(amounts).entries()) {
      await ctx.db.query(`update applications set created_at = $2::timestamptz + make_interval(secs => $3::float8 / 1000000) where id = $1`, [
        id,
        `${base}+00`,
        i * 100,
      ]);
    }
    const queued = (await simulate(2, { from: '2026-11-29T00:00:00Z', to: '2026-11-30T00:00:00Z' })).json();
    await beginRun(ctx.db, queued.id);
    const summary = await runSimulation(
      ctx.db,
      { ai: builtinAiProvider, secretKey: ctx.app.secrets.secretKey, tools: ctx.app.runtime.deps.tools },
      (await findRun(ctx.db, queued.id))!,
      { pageSize: 1 },
    );
    expect(summary.cases).toBe(4);
    const rows = await ctx.db.query(`select count(distinct application_id)::int as n from simulation_cases where run_id = $1`, [queued.id]);
    expect(rows.rows[0]).toEqual({ n: 4 });
  });

  it('hides one organization’s runs from another and from those who cannot change workflows', async () => {
    const run = (await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${wf.id}/simulations` })).json().items[0];
    expect((await ctx.as(stranger, { method: 'GET', url: `/api/admin/simulations/${run.id}` })).statusCode).toBe(404);
    expect((await ctx.as(stranger, { method: 'GET', url: `/api/admin/simulations/${run.id}/cases` })).statusCode).toBe(404);
    expect((await ctx.as(stranger, { method: 'POST', url: `/api/admin/workflows/${wf.id}/versions/2/simulations`, payload: {} })).statusCode).toBe(404);
    expect((await ctx.as(viewer, { method: 'GET', url: `/api/admin/simulations/${run.id}` })).statusCode).toBe(403);
    expect((await ctx.as(operator, { method: 'POST', url: `/api/admin/workflows/${wf.id}/versions/2/simulations`, payload: {} })).statusCode).toBe(403);
  });

  it('records who ran a simulation in the audit log', async () => {
    const audit = await ctx.db.query(`select count(*)::int as n from audit_logs where action = 'workflow.simulate' and target_id = $1`, [wf.id]);
    expect(audit.rows[0]!.n).toBeGreaterThanOrEqual(5);
  });
});
