// Analytics benchmark (issue 15, item 8): p50/p95 of each analytics call at 10 thousand and 1 million applications,
// on PGlite and on PostgreSQL. Each data set is a fresh database: an organization with 10 active workflows made from
// the shipped templates and the applications of the last 90 days as the runtime writes them (bench/lib/
// analytics-history.ts), the demo organizations beside it, and the rollups folded. The server is built in this
// process (buildApp) on that database, listens on a loopback port, and every call goes over real HTTP.
// Run with `npm run bench:analytics` (see bench/README.md for the options).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb, type Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { refreshOpenCaseCounts } from '../apps/server/src/modules/analytics/open-case-snapshot.ts';
import { refreshAllRollups } from '../apps/server/src/modules/analytics/rollup-refresher.ts';
import { firstStart } from '../apps/server/src/modules/setup/first-start.ts';
import { upsertShippedTemplates } from '../apps/server/src/modules/workflow-templates/shipped-templates.ts';
import {
  bookmarks,
  checkFoldAgreement,
  createBenchOrganization,
  dropStaging,
  foldWithSql,
  generateHistory,
  type BenchOrganization,
  type Generated,
} from './lib/analytics-history.ts';
import { cleanUpOnExit, freePort, runCleanups } from './lib/processes.ts';
import { signIn, tempDir, temporaryDatabase } from './lib/server.ts';
import { writeResults } from './lib/results.ts';
import { jobSeconds, simulate } from './lib/simulation.ts';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'pglite,postgres' },
    sizes: { type: 'string', default: '10000,1000000' },
    days: { type: 'string', default: '90' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    'min-requests': { type: 'string', default: '10' },
    connections: { type: 'string', default: '1,10' },
    'fold-days': { type: 'string', default: '1' },
    'sql-fold-above': { type: 'string', default: '100000' },
    'identity-max': { type: 'string', default: '100000' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
  },
});
type Kind = 'pglite' | 'postgres';
const DATABASES = args.only!.split(',') as Kind[];
const SIZES = args.sizes!.split(',').map(Number);
const DAYS = Number(args.days);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const MIN_REQUESTS = Number(args['min-requests']);
const CONNECTIONS = args.connections!.split(',').map(Number);
const FOLD_DAYS = Number(args['fold-days']);
const SQL_FOLD_ABOVE = Number(args['sql-fold-above']);
const IDENTITY_MAX = Number(args['identity-max']);
/** The issue's targets: p95 at the largest size at most twice p95 at the smallest, and under 300 ms on PostgreSQL. */
const TARGET_RATIO = 2;
const TARGET_PG_P95_MS = 300;

const SUPER = { email: 'bench.super@bench.example', password: 'Bench-Super-Password-42' };
const ADMIN = { email: 'bench.admin@bench.example', password: 'Bench-Admin-Password-42' };
const log = (message: string) => process.stdout.write(`${message}\n`);
cleanUpOnExit('dropping the benchmark databases');

// ------------------------------------------------------------------------------------------------ a data set

interface DataSet {
  database: Kind;
  cases: number;
  seconds: Record<string, number>;
  counts: Record<string, number>;
  /** How the rollups were built: the refresher for everything, or set-based SQL up to `fold_from` and the refresher after. */
  fold: {
    sql_until: string | null;
    sql_seconds: number | null;
    refresher_rows: number;
    refresher_events: number;
    refresher_calls: number;
    refresher_seconds: number;
    rows_per_second: number;
  };
  check: Record<string, number> | null;
  /** Every case of the data set's workflows replayed on the version it ran on (issue 36's identity check), up to --identity-max. */
  identity: { cases: number; differ: number; not_replayable: number; seconds: number } | null;
  calls: CallResult[];
}

async function openDatabase(kind: Kind, cases: number): Promise<{ db: Db; env: Record<string, string> }> {
  const dataDir = tempDir(`bench-analytics-${kind}-`);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '0',
    SEED_DEMO: 'true',
    ADMIN_EMAIL: SUPER.email,
    ADMIN_PASSWORD: SUPER.password,
  };
  if (kind === 'postgres') {
    env.DATABASE_URL = await temporaryDatabase(args['pg-url']!, `bench_analytics_${cases}`, { keep: args.keep });
    if (args.keep) log(`   kept for investigation (--keep; drop it when done): ${env.DATABASE_URL}`);
  }
  const config = loadConfig(env);
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir, poolSize: config.databasePoolSize });
  return { db, env };
}

/** Pending rows for the refresher: events and tool calls after its bookmarks. */
async function pending(db: Db): Promise<{ events: number; calls: number }> {
  const res = await db.query<{ events: number; calls: number }>(
    `select (select count(*) from application_events e, analytics_progress p where p.name = 'application_events' and (e.tx, e.seq) > (p.tx, p.seq))::int as events,
            (select count(*) from tool_executions e, analytics_progress p where p.name = 'tool_executions' and (e.tx, e.seq) > (p.tx, p.seq))::int as calls`,
  );
  return res.rows[0]!;
}

/** Builds the data set: schema, the super admin and the demo organizations, the benchmark's organization and its history, the rollups. */
async function prepare(
  db: Db,
  env: Record<string, string>,
  kind: Kind,
  cases: number,
): Promise<{ org: BenchOrganization; data: Omit<DataSet, 'calls' | 'identity'> }> {
  const seconds: Record<string, number> = {};
  const started = performance.now();
  await migrate(db);
  await upsertShippedTemplates(db);
  await firstStart(db, loadConfig(env));
  await refreshAllRollups(db, 50_000); // the demo organizations' month
  const org = await createBenchOrganization(db, 'Bench Bank', ADMIN);
  seconds.setup = Math.round((performance.now() - started) / 100) / 10;

  const now = new Date();
  const useSql = cases > SQL_FOLD_ABOVE;
  const recentFrom = new Date(now.getTime() - FOLD_DAYS * 86_400_000);
  const t0 = performance.now();
  const generated: Generated = await generateHistory(db, org, { cases, days: DAYS, now, recentFrom, log });
  seconds.generate = Math.round((performance.now() - t0) / 100) / 10;
  Object.assign(seconds, Object.fromEntries(Object.entries(generated.seconds).map(([k, v]) => [`generate: ${k}`, v])));

  // The rollups. Up to `recentFrom` with one set-based pass when the data set is big, then the refresher for the rest.
  let sqlSeconds: number | null = null;
  if (useSql) {
    const t1 = performance.now();
    const marks = await bookmarks(db);
    const { events, calls } = generated.bulkEnd;
    await foldWithSql(
      db,
      { events: events ? { from: marks.application_events, to: events } : null, calls: calls ? { from: marks.tool_executions, to: calls } : null },
      (t) => t.name,
      log,
    );
    if (events)
      await db.query(`update analytics_progress set tx = $1::xid8, seq = $2::bigint, refreshed_at = now() where name = 'application_events'`, [
        events.tx,
        events.seq,
      ]);
    if (calls)
      await db.query(`update analytics_progress set tx = $1::xid8, seq = $2::bigint, refreshed_at = now() where name = 'tool_executions'`, [
        calls.tx,
        calls.seq,
      ]);
    sqlSeconds = Math.round((performance.now() - t1) / 100) / 10;
    log(`   rollups up to ${recentFrom.toISOString()} built with one set-based SQL pass in ${sqlSeconds} s (the refresher folds what came after)`);
  }
  const before = await pending(db);
  const t2 = performance.now();
  const folded = await refreshAllRollups(db, 50_000);
  const foldSeconds = (performance.now() - t2) / 1000;
  const rate = Math.round(folded / foldSeconds);
  log(
    `   refreshAllRollups(db, 50000): ${before.events.toLocaleString('en')} events and ${before.calls.toLocaleString('en')} tool calls folded in ` +
      `${foldSeconds.toFixed(1)} s = ${rate.toLocaleString('en')} rows/s`,
  );
  await dropStaging(db);
  await refreshOpenCaseCounts(db); // what the server's rollup scheduler does after a fold

  let check: Record<string, number> | null = null;
  if (!useSql) {
    // The set-based fold against the refresher on this data set (every event folded by the refresher here).
    const t3 = performance.now();
    check = await checkFoldAgreement(db);
    const rows = Object.values(check).reduce((a, b) => a + b, 0);
    log(
      `   check: the set-based SQL fold gives the refresher's rollups exactly (${rows.toLocaleString('en')} rollup rows compared, ${((performance.now() - t3) / 1000).toFixed(1)} s)`,
    );
  }
  const t4 = performance.now();
  await db.query('vacuum analyze');
  // Writes the data set's dirty pages now, so the measurements do not share the disk with the checkpoint they would
  // otherwise trigger.
  await db.query('checkpoint');
  seconds.vacuum_analyze = Math.round((performance.now() - t4) / 100) / 10;
  seconds.total = Math.round((performance.now() - started) / 100) / 10;
  return {
    org,
    data: {
      database: kind,
      cases,
      seconds,
      counts: generated.counts,
      fold: {
        sql_until: useSql ? recentFrom.toISOString() : null,
        sql_seconds: sqlSeconds,
        refresher_rows: folded,
        refresher_events: before.events,
        refresher_calls: before.calls,
        refresher_seconds: Math.round(foldSeconds * 10) / 10,
        rows_per_second: rate,
      },
      check,
    },
  };
}

// ------------------------------------------------------------------------------------------------ the calls

interface CallSpec {
  name: string;
  path: string;
  as: 'admin' | 'super';
}

interface CallResult {
  call: string;
  as: 'admin' | 'super';
  connections: number;
  requests: number;
  errors: number;
  requests_per_second: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  mean_ms: number;
  max_ms: number;
}

function callSpecs(org: BenchOrganization): CallSpec[] {
  const workflow = org.workflows[0]!.id; // the busiest (22 % of the traffic)
  const calls: [string, string][] = [
    ['dashboard (7d)', '/api/admin/analytics/dashboard'],
    ['analytics/ 30d', '/api/admin/analytics/?range=30d'],
    ['applications 30d', '/api/admin/analytics/applications?range=30d'],
    ['applications 90d by week', '/api/admin/analytics/applications?range=90d&bucket=week'],
    ['applications today', '/api/admin/analytics/applications?range=today'],
    ['applications 30d, one workflow', `/api/admin/analytics/applications?range=30d&workflow_id=${workflow}`],
    ['workflows/analytics 30d', '/api/admin/workflows/analytics?range=30d'],
    ['workflows/{id}/analytics 30d', `/api/admin/workflows/${workflow}/analytics?range=30d`],
    ['workflows/insights 30d', '/api/admin/workflows/insights?range=30d'],
    ['tools/analytics 30 days', '/api/admin/tools/analytics?days=30'],
  ];
  return [...calls.map(([name, p]) => ({ name, path: p, as: 'admin' as const })), ...calls.map(([name, p]) => ({ name, path: p, as: 'super' as const }))];
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * `connections` loops, each sending the next request when its last one is answered, for `seconds` (and at least
 * `minRequests` requests in all); answers every latency (ms) and the errors.
 */
async function load(
  url: string,
  token: string,
  connections: number,
  seconds: number,
  minRequests: number,
): Promise<{ latencies: number[]; errors: number; wall: number; firstError: string | null }> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let sent = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline || sent < minRequests) {
      sent += 1;
      const t = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.text();
      latencies.push(performance.now() - t);
      if (!res.ok) {
        errors += 1;
        firstError ??= `${res.status} ${body.slice(0, 300)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return { latencies, errors, wall: (performance.now() - started) / 1000, firstError };
}

async function measure(base: string, org: BenchOrganization): Promise<CallResult[]> {
  const results: CallResult[] = [];
  for (const spec of callSpecs(org)) {
    // A fresh sign-in per call (access tokens last 15 minutes; a slow data set takes longer than that).
    const user = spec.as === 'admin' ? ADMIN : SUPER;
    const { access_token: token } = await signIn(base, user.email, user.password);
    const url = `${base}${spec.path}`;
    const first = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!first.ok) throw new Error(`GET ${spec.path} as ${spec.as}: ${first.status} ${await first.text()}`);
    await first.arrayBuffer();
    for (const connections of CONNECTIONS) {
      // Warm-up: requests one after another for WARMUP seconds (at least one), so a slow call costs one request here.
      if (WARMUP > 0) await load(url, token, 1, WARMUP, 1);
      const r = await load(url, token, connections, DURATION, MIN_REQUESTS);
      const sorted = [...r.latencies].sort((a, b) => a - b);
      const result: CallResult = {
        call: spec.name,
        as: spec.as,
        connections,
        requests: sorted.length,
        errors: r.errors,
        requests_per_second: round1(sorted.length / r.wall),
        p50_ms: round1(percentile(sorted, 0.5)),
        p95_ms: round1(percentile(sorted, 0.95)),
        p99_ms: round1(percentile(sorted, 0.99)),
        mean_ms: round1(sorted.reduce((a, b) => a + b, 0) / sorted.length),
        max_ms: round1(sorted[sorted.length - 1]!),
      };
      results.push(result);
      log(
        `   ${`${spec.name} (${spec.as === 'admin' ? 'org admin' : 'super admin, all orgs'})`.padEnd(58)} c=${String(connections).padStart(2)} ` +
          `${String(result.requests).padStart(5)} req ${result.requests_per_second.toFixed(1).padStart(7)}/s  p50 ${result.p50_ms.toFixed(1).padStart(7)}  ` +
          `p95 ${result.p95_ms.toFixed(1).padStart(7)}  p99 ${result.p99_ms.toFixed(1).padStart(7)}  mean ${result.mean_ms.toFixed(1).padStart(7)} ms` +
          (r.errors ? `  !! ${r.errors} errors, e.g. ${r.firstError}` : ''),
      );
    }
  }
  return results;
}

/** A few figures the organization admin sees, to show the data set is what it says (read once, not timed). */
async function sanity(base: string, org: BenchOrganization): Promise<string> {
  const { access_token: token } = await signIn(base, ADMIN.email, ADMIN.password);
  const get = async <T>(p: string) => (await (await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
  const apps = await get<{
    totals: { started: number; completed: number; approved: number; rejected: number; failed: number; cancelled: number };
    open_now: { total: number; waiting_form: number; waiting_review: number };
  }>('/api/admin/analytics/applications?range=90d&bucket=week');
  const wf = await get<Record<string, unknown>>(`/api/admin/workflows/${org.workflows[0]!.id}/analytics?range=30d`);
  const t = apps.totals;
  return (
    `90 days: ${t.started.toLocaleString('en')} started, ${t.completed.toLocaleString('en')} completed (${t.approved.toLocaleString('en')} approved, ` +
    `${t.rejected.toLocaleString('en')} rejected), ${t.failed.toLocaleString('en')} failed, ${t.cancelled.toLocaleString('en')} cancelled; open now ${apps.open_now.total.toLocaleString('en')} ` +
    `(${apps.open_now.waiting_form.toLocaleString('en')} at a form, ${apps.open_now.waiting_review.toLocaleString('en')} in review); ` +
    `"${org.workflows[0]!.name}" analytics answers ${Object.keys(wf).length} fields`
  );
}

/**
 * The identity check on the generated history (issue 36): each workflow's cases of the last `DAYS` days replayed by a
 * simulation run on the version they ran on, through the API. Any case that replays differently is a bug in the
 * generator's records or in replay, and fails the benchmark.
 */
async function identity(base: string, org: BenchOrganization): Promise<NonNullable<DataSet['identity']>> {
  const { access_token: token } = await signIn(base, ADMIN.email, ADMIN.password);
  // From an hour before the history began (it began when the data set was made): at most 366 days with the run's `to`.
  const from = new Date(Date.now() - Math.min(DAYS, 365) * 86_400_000 - 3_600_000).toISOString();
  const total = { cases: 0, differ: 0, not_replayable: 0, seconds: 0 };
  for (const w of org.workflows) {
    const { run } = await simulate(base, token, w.id, w.version, from);
    if (run.status !== 'completed') throw new Error(`the identity run of "${w.name}" failed: ${run.error}`);
    total.cases += run.summary!.cases;
    total.differ += run.summary!.changed;
    total.not_replayable += run.summary!.not_replayable;
    total.seconds += jobSeconds(run);
  }
  total.seconds = Math.round(total.seconds * 100) / 100;
  log(
    `   identity: ${total.cases.toLocaleString('en')} cases of ${org.workflows.length} workflows replayed on the version they ran on, ` +
      `${total.differ} differ, ${total.not_replayable} not replayable (jobs ${total.seconds} s)`,
  );
  if (total.differ > 0 || total.not_replayable > 0) throw new Error('the generated history does not replay as it went: see the simulation runs');
  return total;
}

/**
 * When every data set of the run is big enough for the SQL shortcut, the shortcut is checked first on a small one
 * (1,000 applications, every event folded by the refresher) so a run never quotes figures from an unchecked fold.
 */
async function checkOnly(kind: Kind, cases: number): Promise<void> {
  log(`\n== ${kind}, ${cases.toLocaleString('en')} applications: checking the set-based fold against the refresher`);
  const { db, env } = await openDatabase(kind, cases);
  try {
    await prepare(db, env, kind, cases);
  } finally {
    await db.close();
    await runCleanups();
  }
}

async function benchDataSet(kind: Kind, cases: number): Promise<DataSet> {
  log(`\n== ${kind}, ${cases.toLocaleString('en')} applications over ${DAYS} days`);
  const { db, env } = await openDatabase(kind, cases);
  let app: FastifyInstance | null = null;
  try {
    const { org, data } = await prepare(db, env, kind, cases);
    const c = data.counts;
    log(
      `   data set ready in ${data.seconds.total} s: ${c.applications!.toLocaleString('en')} applications, ${c.application_steps!.toLocaleString('en')} step visits, ` +
        `${c.application_events!.toLocaleString('en')} events, ${c.review_tasks!.toLocaleString('en')} review tasks (${c.open_reviews!.toLocaleString('en')} open, ` +
        `${c.overdue!.toLocaleString('en')} overdue), ${c.tool_executions!.toLocaleString('en')} tool calls; ${c.open!.toLocaleString('en')} cases open ` +
        `(${c.waiting_form!.toLocaleString('en')} at a form); vacuum analyze ${data.seconds.vacuum_analyze} s`,
    );
    const port = await freePort();
    const config = loadConfig({ ...env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false' });
    app = await buildApp({
      config,
      db,
      secrets: { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') },
      logger: { level: 'warn' },
    });
    await app.listen({ port, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    log(`   ${await sanity(base, org)}`);
    const replayed = cases <= IDENTITY_MAX ? await identity(base, org) : null;
    log(
      `   calls (${WARMUP} s of sequential warm-up, then ${DURATION} s and at least ${MIN_REQUESTS} requests on ${CONNECTIONS.join(' and ')} connection(s); ` +
        `latencies in ms; load average ${os.loadavg()[0]!.toFixed(1)}):`,
    );
    const calls = await measure(base, org);
    return { ...data, identity: replayed, calls };
  } finally {
    if (app) await app.close();
    await db.close();
    await runCleanups();
  }
}

// ------------------------------------------------------------------------------------------------ report

function report(sets: DataSet[]) {
  const small = Math.min(...SIZES);
  const large = Math.max(...SIZES);
  const fmt = (r: CallResult | undefined) => (r ? `${r.p50_ms.toFixed(1)} / ${r.p95_ms.toFixed(1)}` : '–');
  const header = [
    'call',
    'as',
    'database',
    'conns',
    `${small.toLocaleString('en')}: p50 / p95 ms`,
    `${large.toLocaleString('en')}: p50 / p95 ms`,
    'p95 ratio',
    `≤ ${TARGET_RATIO}×`,
    `< ${TARGET_PG_P95_MS} ms`,
  ];
  const rows: string[][] = [];
  const verdicts: { ratio: boolean[]; pg: boolean[] } = { ratio: [], pg: [] };
  const first = sets[0];
  if (!first) return;
  const specs = [...new Map(first.calls.map((c) => [`${c.call}|${c.as}`, c])).values()];
  for (const spec of specs) {
    for (const kind of DATABASES) {
      for (const connections of CONNECTIONS) {
        const find = (size: number) =>
          sets
            .find((s) => s.database === kind && s.cases === size)
            ?.calls.find((c) => c.call === spec.call && c.as === spec.as && c.connections === connections);
        const a = find(small);
        const b = find(large);
        const ratio = a && b && small !== large ? b.p95_ms / a.p95_ms : null;
        const ratioOk = ratio === null ? null : ratio <= TARGET_RATIO;
        const pgOk = kind === 'postgres' && b ? b.p95_ms < TARGET_PG_P95_MS : null;
        if (ratioOk !== null) verdicts.ratio.push(ratioOk);
        if (pgOk !== null) verdicts.pg.push(pgOk);
        rows.push([
          spec.call,
          spec.as === 'admin' ? 'org admin' : 'super (all)',
          kind,
          String(connections),
          fmt(a),
          fmt(b),
          ratio === null ? '–' : `${ratio.toFixed(2)}×`,
          ratioOk === null ? '–' : ratioOk ? 'yes' : 'NO',
          pgOk === null ? '–' : pgOk ? 'yes' : 'NO',
        ]);
      }
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  log('');
  log(line(header));
  log(`|${widths.map((w, i) => (i < 3 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows) log(line(r));
  const count = (list: boolean[]) => `${list.filter(Boolean).length} of ${list.length}`;
  log('');
  log(
    `Target (issue 15): p95 at ${large.toLocaleString('en')} ≤ ${TARGET_RATIO} × p95 at ${small.toLocaleString('en')}: held by ${count(verdicts.ratio)} rows.`,
  );
  if (DATABASES.includes('postgres'))
    log(`Target: p95 under ${TARGET_PG_P95_MS} ms on PostgreSQL at ${large.toLocaleString('en')}: held by ${count(verdicts.pg)} rows.`);
  log('(Figures, not assertions: the command never fails on speed.)');
}

async function main() {
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  log(
    `Analytics benchmark: ${SIZES.map((s) => s.toLocaleString('en')).join(' and ')} applications over ${DAYS} days on ${DATABASES.join(' and ')}; ` +
      `in-process server (buildApp) over HTTP on loopback, ${CONNECTIONS.join(' and ')} concurrent connection(s); Node ${process.version}, ${os.cpus().length} CPUs, ` +
      `load average ${loadBefore[0]!.toFixed(1)}`,
  );
  if (SIZES.some((s) => s > SQL_FOLD_ABOVE)) {
    log(
      `Rollups: data sets over ${SQL_FOLD_ABOVE.toLocaleString('en')} applications get their rollups up to ${FOLD_DAYS} day(s) ago from one set-based SQL pass ` +
        `(what refreshAllRollups would write; checked against it on the smaller data set), and the refresher folds the rest.`,
    );
  }
  const sets: DataSet[] = [];
  for (const kind of DATABASES) {
    if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`--only takes pglite and/or postgres, got "${kind}"`);
    if (SIZES.every((size) => size > SQL_FOLD_ABOVE)) await checkOnly(kind, 1_000);
    for (const size of SIZES) sets.push(await benchDataSet(kind, size));
  }
  report(sets);
  const loadAfter = os.loadavg();
  log(
    `\nload average (1 min) before ${loadBefore[0]!.toFixed(1)}, after ${loadAfter[0]!.toFixed(1)}; ${((Date.now() - startedAt.getTime()) / 60_000).toFixed(1)} minutes in all`,
  );
  const file = writeResults('analytics', startedAt, {
    options: {
      sizes: SIZES,
      days: DAYS,
      duration_seconds: DURATION,
      warmup_seconds: WARMUP,
      min_requests: MIN_REQUESTS,
      connections: CONNECTIONS,
      fold_days: FOLD_DAYS,
      sql_fold_above: SQL_FOLD_ABOVE,
    },
    targets: { p95_ratio: TARGET_RATIO, postgres_p95_ms: TARGET_PG_P95_MS },
    load_average_before: loadBefore,
    load_average_after: loadAfter,
    data_sets: sets,
  });
  log(`Results written to ${file}`);
}

main()
  .catch((err) => {
    process.stderr.write(`\nbenchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  })
  .finally(async () => {
    await runCleanups();
  });
