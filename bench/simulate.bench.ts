// Simulation benchmark (issue 36): recorded cases replayed on a 6-step draft, on the real server (a child process), on
// PGlite and on PostgreSQL. The history is made by the runtime itself: N applications through the public intake API on
// a 6-step workflow (start → score (transform tool) → route (condition) → triage (AI decision) → declined, or → done).
// Then a second version lowers the route's threshold (the draft), and:
//   1. the identity run: the recorded cases replayed on the version they ran on, which must change nothing;
//   2. the simulation: the same cases replayed on the draft, timed from the job's start to its end (and from the POST
//      to the finished run, as the builder waits);
//   3. the live runtime's throughput while a simulation runs, beside its throughput just before, on the same queue.
// Targets: 10,000 cases in ≤ 10 s on PostgreSQL and ≤ 30 s on PGlite.
// Run with `npm run bench:simulate` (options: --cases, --live, --database pglite|postgres|both, --concurrency).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { postApplications, scoringToolAndKey } from './lib/intake.ts';
import { cleanUpOnExit, freePort, stopChild } from './lib/processes.ts';
import { runMeasured } from './lib/results.ts';
import { jobSeconds, simulate } from './lib/simulation.ts';
import { call, serverEnv, signIn, startServer, tempDir, temporaryDatabase, waitUntilSettled } from './lib/server.ts';

const { values: args } = parseArgs({
  options: {
    cases: { type: 'string', default: '10000' },
    live: { type: 'string', default: '3000' },
    connections: { type: 'string', default: '50' },
    database: { type: 'string', default: 'both' },
    concurrency: { type: 'string', default: '16' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const CASES = Number(args.cases);
const LIVE = Number(args.live);
const CONNECTIONS = Number(args.connections);
const TARGET_SECONDS = { postgres: 10, pglite: 30 } as const;
const ADMIN = { email: 'bench.simulate@bench.example', password: 'Bench-Simulate-Password-42' };
const log = (message: string) => process.stdout.write(`${message}\n`);
cleanUpOnExit('stopping the server');

const step = (id: string, type: string, config: Record<string, unknown>) => ({ id, type, name: id, config, position: { x: 0, y: 0 } });

/** The approved transform tool, an intake key and the 6-step workflow, made through the API. */
async function prepare(base: string, token: string, suffix: string) {
  const { tool, key } = await scoringToolAndKey(base, token, suffix);
  const graph = (threshold: number) => ({
    steps: [
      step('start', 'start', { trigger: 'api', required_fields: ['amount'] }),
      step('score', 'tool', { tool_name: tool.name, input_mapping: { amount: 'data.amount' }, output_field: 'scored' }),
      step('route', 'condition', { branches: [{ id: 'high', label: 'High', expression: `data.scored.score >= ${threshold}` }], otherwise: true }),
      step('triage', 'ai', { mode: 'decision', prompt: 'approve if data.amount >= 6000', options: ['approve', 'reject'], output_field: 'triage' }),
      step('declined', 'end', { outcome: 'rejected' }),
      step('done', 'end', { outcome: 'completed' }),
    ],
    connections: [
      { source: 'start', target: 'score' },
      { source: 'score', target: 'route' },
      { source: 'route', target: 'triage', condition: 'high' },
      { source: 'route', target: 'done', condition: 'otherwise' },
      { source: 'triage', target: 'declined' },
    ],
  });
  const wf = await call<{ id: string; steps: { id: string }[]; connections: unknown[] }>(base, 'POST', '/api/admin/workflows/complete', token, {
    name: `Bench simulate ${suffix}`,
    status: 'active',
    graph: graph(50),
  });
  return { key, workflowId: wf.id, lowered: graph(30) };
}

const postCases = (base: string, key: string, workflowId: string, count: number, first: number) =>
  postApplications(base, key, workflowId, count, { connections: CONNECTIONS, first });

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Completed cases of the workflow per second in [from, to). */
async function completedPerSecond(base: string, token: string, workflowId: string, from: Date, to: Date): Promise<number> {
  // The monitor's counters are exact at any size (the list's total stops at 1,000): completed since `from` less since `to`.
  const counts = async (since: Date) =>
    (
      await call<{ completed_today: number }>(
        base,
        'GET',
        `/api/admin/applications/counts?workflow_id=${workflowId}&today_from=${encodeURIComponent(since.toISOString())}`,
        token,
      )
    ).completed_today;
  const done = (await counts(from)) - (await counts(to));
  return done / ((to.getTime() - from.getTime()) / 1000);
}

async function run(database: 'pglite' | 'postgres') {
  const port = await freePort();
  const dataDir = tempDir('bench-simulate-');
  const databaseUrl = database === 'postgres' ? await temporaryDatabase(args['pg-url']!, 'bench_simulate') : '';
  const env = serverEnv({
    port,
    dataDir,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    extra: { DATABASE_URL: databaseUrl, INTAKE_RATE_LIMIT: '0', RUNTIME_CONCURRENCY: String(args.concurrency) },
  });
  const base = `http://127.0.0.1:${port}`;
  const child = await startServer(env, port);
  try {
    const { access_token: token } = await signIn(base, ADMIN.email, ADMIN.password);
    const since = new Date(Date.now() - 60_000).toISOString();

    // The history: CASES cases made by the runtime.
    const recorded = await prepare(base, token, 'recorded');
    const historyStarted = performance.now();
    const failedPosts = await postCases(base, recorded.key, recorded.workflowId, CASES, 0);
    await waitUntilSettled(base, token, recorded.workflowId, CASES - failedPosts, since);
    const historySeconds = (performance.now() - historyStarted) / 1000;
    log(
      `${database.padEnd(8)} history: ${CASES - failedPosts} cases made by the runtime in ${round(historySeconds, 1)} s (${Math.round((CASES - failedPosts) / historySeconds)} cases/s)`,
    );

    // The draft: version 2 lowers the threshold from 50 to 30.
    await call(base, 'PUT', `/api/admin/workflows/${recorded.workflowId}/complete`, token, { graph: recorded.lowered });

    // 1. The identity run on version 1.
    const identity = await simulate(base, token, recorded.workflowId, 1, since);
    if (identity.run.status !== 'completed') throw new Error(`the identity run failed: ${identity.run.error}`);
    log(
      `${''.padEnd(8)} identity: ${identity.run.summary!.cases} cases replayed on the version they ran on, ${identity.run.summary!.changed} differ ` +
        `(job ${round(jobSeconds(identity.run))} s)`,
    );

    // 2. The simulation on the draft.
    const simulation = await simulate(base, token, recorded.workflowId, 2, since);
    if (simulation.run.status !== 'completed') throw new Error(`the simulation failed: ${simulation.run.error}`);
    const s = simulation.run.summary!;
    const seconds = jobSeconds(simulation.run);
    const target = TARGET_SECONDS[database];
    log(
      `${''.padEnd(8)} simulation: ${s.cases} cases on the draft in ${round(seconds)} s (${Math.round(s.cases / seconds)} cases/s; ` +
        `${round(simulation.wallSeconds)} s from the POST to the finished run) · ${s.changed} ends change · target ≤ ${target} s: ${seconds <= target ? 'met' : 'MISSED'}`,
    );

    // 3. The live runtime beside a simulation: LIVE cases posted on a second workflow; a simulation started once a
    // third of them are done; throughput in the simulation's window against the window of the same length before it.
    const live = await prepare(base, token, 'live');
    const liveSince = new Date().toISOString();
    const posting = postCases(base, live.key, live.workflowId, LIVE, 1_000_000);
    for (;;) {
      const counts = await call<{ completed_today: number }>(
        base,
        'GET',
        `/api/admin/applications/counts?workflow_id=${live.workflowId}&today_from=${encodeURIComponent(liveSince)}`,
        token,
      );
      if (counts.completed_today >= LIVE / 3) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const during = await simulate(base, token, recorded.workflowId, 2, since);
    const windowStart = new Date(during.run.started_at!);
    const windowEnd = new Date(during.run.finished_at!);
    const windowMs = windowEnd.getTime() - windowStart.getTime();
    const beside = await completedPerSecond(base, token, live.workflowId, windowStart, windowEnd);
    const before = await completedPerSecond(base, token, live.workflowId, new Date(windowStart.getTime() - windowMs), windowStart);
    await posting;
    await waitUntilSettled(base, token, live.workflowId, LIVE, liveSince);
    log(
      `${''.padEnd(8)} live runtime: ${Math.round(beside)} cases/s while a simulation of ${during.run.summary!.cases} cases ran (${round(windowMs / 1000)} s), ` +
        `${Math.round(before)} cases/s in the ${round(windowMs / 1000)} s before it`,
    );
    return {
      database,
      cases: CASES,
      history: { cases: CASES - failedPosts, seconds: round(historySeconds) },
      identity: { cases: identity.run.summary!.cases, differ: identity.run.summary!.changed, job_seconds: round(jobSeconds(identity.run)) },
      simulation: {
        cases: s.cases,
        job_seconds: round(seconds),
        wall_seconds: round(simulation.wallSeconds),
        cases_per_second: Math.round(s.cases / seconds),
        changed: s.changed,
        transitions: s.transitions,
        target_seconds: target,
        met: seconds <= target,
      },
      live_runtime: {
        simulation_seconds: round(windowMs / 1000),
        cases_per_second_during: Math.round(beside),
        cases_per_second_before: Math.round(before),
      },
    };
  } finally {
    await stopChild(child);
  }
}

runMeasured('simulate', async () => {
  const databases = args.database === 'both' ? (['pglite', 'postgres'] as const) : [args.database as 'pglite' | 'postgres'];
  log(`== simulate bench: ${CASES} recorded cases on a 6-step workflow, ${os.cpus().length} cores, worker concurrency ${args.concurrency}`);
  const results = [];
  for (const database of databases) results.push(await run(database));
  return { results };
});
