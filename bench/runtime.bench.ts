// Runtime benchmark (issue 13): applications per second through a 5-step workflow (start → tool → condition →
// ai → end) on the real server (a child process), on PGlite and on PostgreSQL: intake over the public API with
// an API key, then the runtime moving every case to its end. Prints throughput, p50/p99 time per case and the
// queue's pick-up latency (intake committed → first step entered), read from the events table afterwards.
// Run with `npm run bench:runtime` (options: --cases, --connections, --database pglite|postgres|both, --concurrency).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb, type Db } from '../apps/server/src/db/client.ts';
import { postApplications, scoringToolAndKey } from './lib/intake.ts';
import { cleanUpOnExit, freePort, runCleanups, stopChild } from './lib/processes.ts';
import { call, ROOT, serverEnv, signIn, startServer, tempDir, temporaryDatabase, waitUntilSettled } from './lib/server.ts';

const { values: args } = parseArgs({
  options: {
    cases: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '50' },
    database: { type: 'string', default: 'both' },
    concurrency: { type: 'string', default: '16' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const CASES = Number(args.cases);
const CONNECTIONS = Number(args.connections);
const ADMIN = { email: 'bench.runtime@bench.example', password: 'Bench-Runtime-Password-42' };
const log = (message: string) => process.stdout.write(`${message}\n`);
cleanUpOnExit('stopping the server');

const step = (id: string, type: string, config: Record<string, unknown>) => ({ id, type, name: id, config, position: { x: 0, y: 0 } });

/** An approved transform tool, an intake key and the 5-step workflow, made through the API. */
async function prepare(base: string, token: string, suffix = '1'): Promise<{ key: string; workflowId: string }> {
  const { tool, key } = await scoringToolAndKey(base, token, suffix);
  const graph = {
    steps: [
      step('start', 'start', { trigger: 'api', required_fields: ['amount'] }),
      step('score', 'tool', { tool_name: tool.name, input_mapping: { amount: 'data.amount' }, output_field: 'scored' }),
      step('route', 'condition', { branches: [{ id: 'high', label: 'High', expression: 'data.scored.score >= 50' }], otherwise: true }),
      step('summary', 'ai', { mode: 'summary', prompt: 'Summarise the application', output_field: 'summary', options: [] }),
      step('end', 'end', { outcome: 'completed' }),
    ],
    connections: [
      { source: 'start', target: 'score' },
      { source: 'score', target: 'route' },
      { source: 'route', target: 'summary', condition: 'high' },
      { source: 'route', target: 'summary', condition: 'otherwise' },
      { source: 'summary', target: 'end' },
    ],
  };
  const wf = await call<{ id: string }>(base, 'POST', '/api/admin/workflows/complete', token, { name: `Bench 5 steps ${suffix}`, status: 'active', graph });
  return { key, workflowId: wf.id };
}

const postAll = (base: string, key: string, workflowId: string) => postApplications(base, key, workflowId, CASES, { connections: CONNECTIONS });

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function measure(db: Db, workflowId: string) {
  const cases = await db.query<{ ms: number }>(
    `select extract(epoch from completed_at - created_at) * 1000 as ms from applications where status = 'completed' and workflow_id = $1 order by 1`,
    [workflowId],
  );
  const pickup = await db.query<{ ms: number }>(
    `select extract(epoch from s.first - c.created_at) * 1000 as ms
       from (select application_id, min(created_at) as first from application_events where type = 'step_entered' and workflow_id = $1 group by application_id) s
       join application_events c on c.application_id = s.application_id and c.type = 'application_created'
      order by 1`,
    [workflowId],
  );
  const span = await db.query<{ first: Date; last: Date; completed: number; failed: number }>(
    `select min(created_at) as first, max(completed_at) as last, (count(*) filter (where status = 'completed'))::int as completed,
            (count(*) filter (where status = 'failed'))::int as failed from applications where workflow_id = $1`,
    [workflowId],
  );
  const picked = await db.query<{ first: Date }>(`select min(created_at) as first from application_events where type = 'step_entered' and workflow_id = $1`, [
    workflowId,
  ]);
  const times = cases.rows.map((r) => Number(r.ms));
  const pickups = pickup.rows.map((r) => Number(r.ms));
  const s = span.rows[0]!;
  const seconds = (s.last.getTime() - s.first.getTime()) / 1000;
  const workSeconds = (s.last.getTime() - picked.rows[0]!.first.getTime()) / 1000;
  return {
    /** From the first case's first step to the last case's end. */
    work_seconds: Math.round(workSeconds * 100) / 100,
    work_per_second: Math.round(s.completed / workSeconds),
    completed: s.completed,
    failed: s.failed,
    seconds: Math.round(seconds * 100) / 100,
    per_second: Math.round(s.completed / seconds),
    case_p50_ms: Math.round(pct(times, 0.5)),
    case_p99_ms: Math.round(pct(times, 0.99)),
    pickup_p50_ms: Math.round(pct(pickups, 0.5)),
    pickup_p99_ms: Math.round(pct(pickups, 0.99)),
  };
}

async function run(database: 'pglite' | 'postgres') {
  const port = await freePort();
  const dataDir = tempDir('bench-runtime-');
  let databaseUrl = '';
  if (database === 'postgres') databaseUrl = await temporaryDatabase(args['pg-url']!, 'bench_runtime');
  const env = serverEnv({
    port,
    dataDir,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    extra: { DATABASE_URL: databaseUrl, INTAKE_RATE_LIMIT: '0', RUNTIME_CONCURRENCY: String(args.concurrency) },
  });
  const base = `http://127.0.0.1:${port}`;
  // The monitor's counters are exact at any size (the list's total stops at 1,000): done when nothing is open.
  const benchStarted = new Date().toISOString();
  const waitUntilDone = (token: string, workflowId: string, expected: number) => waitUntilSettled(base, token, workflowId, expected, benchStarted);

  // 1. End to end: intake over HTTP while the runtime works (both on this machine's two cores).
  let child = await startServer(env, port);
  let { access_token: token } = await signIn(base, ADMIN.email, ADMIN.password);
  const live = await prepare(base, token);
  const started = performance.now();
  const failedPosts = await postAll(base, live.key, live.workflowId);
  const intakeSeconds = (performance.now() - started) / 1000;
  await waitUntilDone(token, live.workflowId, CASES - failedPosts);
  await stopChild(child);
  let db = await createDb(database === 'postgres' ? { databaseUrl } : { dataDir });
  const endToEnd = await measure(db, live.workflowId);
  await db.close();

  // 2. The runtime alone: a queue of cases made with the worker off, then drained by a fresh process.
  child = await startServer({ ...env, RUNTIME_WORKER: 'false' }, port);
  ({ access_token: token } = await signIn(base, ADMIN.email, ADMIN.password));
  const queued = await prepare(base, token, '2');
  await postAll(base, queued.key, queued.workflowId);
  await stopChild(child);
  const drainStarted = performance.now();
  child = await startServer(env, port);
  ({ access_token: token } = await signIn(base, ADMIN.email, ADMIN.password));
  await waitUntilDone(token, queued.workflowId, CASES);
  const drainSeconds = (performance.now() - drainStarted) / 1000;
  await stopChild(child);
  db = await createDb(database === 'postgres' ? { databaseUrl } : { dataDir });
  const drained = await measure(db, queued.workflowId);
  await db.close();
  return {
    database,
    cases: CASES,
    connections: CONNECTIONS,
    concurrency: Number(args.concurrency),
    intake_per_second: Math.round((CASES - failedPosts) / intakeSeconds),
    failed_posts: failedPosts,
    end_to_end: endToEnd,
    drain: { ...drained, wall_seconds_with_start: Math.round(drainSeconds * 100) / 100 },
  };
}

const databases = args.database === 'both' ? (['pglite', 'postgres'] as const) : [args.database as 'pglite' | 'postgres'];
const results = [];
log(`== runtime bench: ${CASES} applications, ${CONNECTIONS} intake connections, worker concurrency ${args.concurrency}, ${os.cpus().length} cores`);
try {
  for (const database of databases) {
    const r = await run(database);
    results.push(r);
    const e = r.end_to_end;
    const d = r.drain;
    log(
      `${database.padEnd(8)} end to end ${e.per_second} cases/s (intake ${r.intake_per_second}/s; ${e.completed} completed, ${e.failed} failed in ${e.seconds} s) · ` +
        `per case p50 ${e.case_p50_ms} ms p99 ${e.case_p99_ms} ms · pick-up p50 ${e.pickup_p50_ms} ms p99 ${e.pickup_p99_ms} ms`,
    );
    log(
      `${''.padEnd(8)} runtime alone: a queue of ${CASES} drained at ${d.work_per_second} cases/s (${d.completed} completed, ${d.failed} failed; ` +
        `first step to last end ${d.work_seconds} s; ${d.wall_seconds_with_start} s with the process start)`,
    );
  }
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  const file = path.join(ROOT, 'bench/results', `runtime-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ results }, null, 2));
  log(`written to ${path.relative(ROOT, file)}`);
} finally {
  await runCleanups();
}
