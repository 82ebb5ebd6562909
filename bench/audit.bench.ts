// Audit log benchmark (issue 17, item 2): p50/p95 of GET /api/admin/system/audit-logs for the default order and each
// filter, at 10 thousand and 1 million audit rows, on PGlite and on PostgreSQL. Each data set is a fresh database
// (a temporary PGlite folder, or a throwaway database on the PostgreSQL server, dropped afterwards): 20 organizations
// with 10 staff each, and the rows written by generate_series with a realistic spread: actors, 24 actions over 10
// target types, repeated targets, change documents, 90 days. The server is built in this process (buildApp) on that
// database, listens on a loopback port, and every call goes over real HTTP, one at a time.
// Run with `npm run bench:audit` (see bench/README.md for the options).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb, type Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createOrganizationRow } from '../apps/server/src/modules/organizations/organizations.queries.ts';
import { firstStart } from '../apps/server/src/modules/setup/first-start.ts';
import { insertUser } from '../apps/server/src/modules/users/users.queries.ts';
import { hashPassword } from '../apps/server/src/security/passwords.ts';
import { cleanUpOnExit, freePort, runCleanups } from './lib/processes.ts';
import { laps } from './lib/list-bench.ts';
import { signIn, tempDir, temporaryDatabase } from './lib/server.ts';
import { runMeasured } from './lib/results.ts';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'pglite,postgres' },
    sizes: { type: 'string', default: '10000,1000000' },
    duration: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    'min-requests': { type: 'string', default: '20' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
  },
});
type Kind = 'pglite' | 'postgres';
const DATABASES = args.only!.split(',') as Kind[];
const SIZES = args.sizes!.split(',').map(Number);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const MIN_REQUESTS = Number(args['min-requests']);
const ORGANIZATIONS = 20;
const STAFF_PER_ORG = 10;
const DAYS = 90;
/** Rows per INSERT … SELECT generate_series (so PGlite never holds a million rows in one statement). */
const CHUNK = 100_000;

const SUPER = { email: 'bench.super@bench.example', password: 'Bench-Super-Password-42' };
const PASSWORD = 'Bench-Staff-Password-42';
const log = (message: string) => process.stdout.write(`${message}\n`);
cleanUpOnExit('dropping the benchmark databases');

/** Actions and their target types, as recordAudit writes them; the first ones are the most frequent. */
const ACTIONS: [string, string][] = [
  ['auth.login', 'user'],
  ['application.create', 'application'],
  ['workflow.graph_save', 'workflow'],
  ['step.update', 'step'],
  ['user.update', 'user'],
  ['auth.logout', 'session'],
  ['tool.update', 'tool'],
  ['connection.create', 'step_connection'],
  ['application.retry', 'application'],
  ['workflow.update', 'workflow'],
  ['step.create', 'step'],
  ['tool_configuration.update', 'tool_configuration'],
  ['auth.login_failed', 'user'],
  ['user.create', 'user'],
  ['workflow.create', 'workflow'],
  ['application.cancel', 'application'],
  ['api_key.create', 'api_key'],
  ['organization.settings_update', 'organization'],
  ['user.permission_add', 'user'],
  ['tool.delete', 'tool'],
  ['workflow_template.create', 'workflow_template'],
  ['user.password_reset', 'user'],
  ['user.delete', 'user'],
  ['api_key.revoke', 'api_key'],
];

interface Fixture {
  /** The organization the org admin works in, one of its actors, and a target with history there. */
  orgId: string;
  admin: { email: string; password: string };
  actorId: string;
  actorEmail: string;
  target: { type: string; id: string };
}

async function openDatabase(kind: Kind, rows: number): Promise<{ db: Db; env: Record<string, string> }> {
  const dataDir = tempDir(`bench-audit-${kind}-`);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '0',
    SEED_DEMO: 'false',
    ADMIN_EMAIL: SUPER.email,
    ADMIN_PASSWORD: SUPER.password,
  };
  if (kind === 'postgres') {
    env.DATABASE_URL = await temporaryDatabase(args['pg-url']!, `bench_audit_${rows}`, { keep: args.keep });
    if (args.keep) log(`   kept for investigation (--keep; drop it when done): ${env.DATABASE_URL}`);
  }
  const config = loadConfig(env);
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir, poolSize: config.databasePoolSize });
  return { db, env };
}

/** The schema, the super admin, 20 organizations of 10 staff (the first one an admin), then `rows` audit rows. */
async function prepare(db: Db, env: Record<string, string>, rows: number): Promise<{ fixture: Fixture; seconds: Record<string, number> }> {
  const { seconds, lap } = laps();
  await migrate(db);
  await firstStart(db, loadConfig(env));
  const hash = await hashPassword(PASSWORD);
  const orgIds: string[] = [];
  for (let o = 1; o <= ORGANIZATIONS; o += 1) {
    const org = await createOrganizationRow(db, { name: `Audit Bench ${String(o).padStart(2, '0')}` });
    orgIds.push(org.id);
    for (let s = 1; s <= STAFF_PER_ORG; s += 1) {
      await insertUser(db, {
        organization_id: org.id,
        email: `staff.${s}@org${o}.bench.example`,
        first_name: 'Staff',
        last_name: `${o}-${s}`,
        role: s === 1 ? 'admin' : s <= 4 ? 'manager' : 'operator',
        permissions: [],
        password_hash: hash,
      });
    }
  }
  lap('setup');

  // Rows g = 1..rows, oldest first over DAYS days (append-only, as the log grows): actor one of the 200 staff (its
  // organization the row's), action drawn with a skew towards the first ones, target one of ~rows/20 per type (so a
  // target has some twenty rows), a change document like recordAudit's.
  const actions = ACTIONS.map(([a]) => a);
  const types = ACTIONS.map(([, ty]) => ty);
  for (let from = 1; from <= rows; from += CHUNK) {
    const to = Math.min(rows, from + CHUNK - 1);
    await db.query(
      `with staff as (select array_agg(id order by email) as ids, array_agg(email order by email) as emails, array_agg(organization_id order by email) as orgs
                        from users where email like '%.bench.example' and email <> $1)
       insert into audit_logs (organization_id, actor_id, actor_email, action, target_type, target_id, changes, ip, request_id, created_at)
       select s.orgs[k.actor], s.ids[k.actor], s.emails[k.actor], ($2::text[])[k.act], ($3::text[])[k.act],
              md5(($3::text[])[k.act] || (g * 7919 % greatest($4::int / 20, 1)))::uuid::text,
              case when k.act % 3 = 0 then jsonb_build_object('name', jsonb_build_object('from', 'Name ' || (g % 997), 'to', 'Name ' || ((g + 1) % 997)))
                   when k.act % 3 = 1 then jsonb_build_object('status', jsonb_build_object('from', 'draft', 'to', 'active'), 'version', g % 50)
                   else jsonb_build_object('email', 'person' || (g % 50021) || '@customer.example', 'role', 'viewer') end,
              '10.' || (g % 250) || '.' || (g % 200) || '.' || (g % 7), 'req-' || g,
              now() - make_interval(secs => ($4::int - g + 1)::float8 / $4::int * ${DAYS} * 86400)
         from generate_series($5::bigint, $6::bigint) g
        cross join staff s
        cross join lateral (select 1 + (g * 2654435761 % array_length(s.ids, 1))::int as actor,
                                   1 + least(floor(power((g * 40503 % 10007) / 10007.0, 2) * $7::int)::int, $7::int - 1) as act) k`,
      [SUPER.email, actions, types, rows, from, to, ACTIONS.length],
    );
    if (rows > CHUNK) log(`   ${to.toLocaleString('en')} rows`);
  }
  lap('insert');
  await db.query('vacuum analyze');
  await db.query('checkpoint');
  lap('vacuum_analyze');

  const orgId = orgIds[0]!;
  const actor = (
    await db.query<{ actor_id: string; actor_email: string }>(
      `select actor_id, actor_email from audit_logs where organization_id = $1 and actor_id is not null order by created_at desc limit 1`,
      [orgId],
    )
  ).rows[0]!;
  const target = (
    await db.query<{ target_type: string; target_id: string }>(
      `select target_type, target_id from audit_logs where organization_id = $1 and target_type = 'workflow' order by created_at desc limit 1`,
      [orgId],
    )
  ).rows[0]!;
  return {
    fixture: {
      orgId,
      admin: { email: 'staff.1@org1.bench.example', password: PASSWORD },
      actorId: actor.actor_id,
      actorEmail: actor.actor_email,
      target: { type: target.target_type, id: target.target_id },
    },
    seconds,
  };
}

interface CallResult {
  call: string;
  as: 'org admin' | 'super admin';
  requests: number;
  errors: number;
  total: number;
  total_exact: boolean;
  p50_ms: number;
  p95_ms: number;
  mean_ms: number;
  max_ms: number;
}

/** A cursor pointing into the middle of the log (45 days back): a deep page, without walking to it. */
function deepCursor(): string {
  const at = new Date(Date.now() - 45 * 86_400_000).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
  return Buffer.from(JSON.stringify([at, 'ffffffff-ffff-4fff-bfff-ffffffffffff'])).toString('base64url');
}

function callSpecs(f: Fixture): { name: string; as: CallResult['as']; path: string }[] {
  const week = (daysBack: number) => new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);
  const list = '/api/admin/system/audit-logs';
  return [
    { name: 'default order (all organizations)', as: 'super admin', path: list },
    { name: 'default order (own organization)', as: 'org admin', path: list },
    { name: 'organization_id (one of all)', as: 'super admin', path: `${list}?organization_id=${f.orgId}` },
    { name: 'actor (user id)', as: 'org admin', path: `${list}?actor=${f.actorId}` },
    { name: 'actor (email)', as: 'org admin', path: `${list}?actor=${encodeURIComponent(f.actorEmail)}` },
    { name: 'action (common)', as: 'super admin', path: `${list}?action=auth.login` },
    { name: 'action (rare), own organization', as: 'org admin', path: `${list}?action=api_key.revoke` },
    { name: 'target type + id', as: 'org admin', path: `${list}?target_type=${f.target.type}&target_id=${f.target.id}` },
    { name: 'target type only', as: 'super admin', path: `${list}?target_type=tool_configuration` },
    { name: 'date range (one week, 30 days back)', as: 'org admin', path: `${list}?from=${week(37)}&to=${week(30)}` },
    { name: 'q, common text ("status")', as: 'super admin', path: `${list}?q=status` },
    { name: 'q, rare text (part of one target id)', as: 'super admin', path: `${list}?q=${f.target.id.slice(0, 13)}` },
    { name: 'q, rare text, own organization', as: 'org admin', path: `${list}?q=${f.target.id.slice(0, 13)}` },
    { name: 'q, text matching nothing', as: 'super admin', path: `${list}?q=no-such-text-anywhere` },
    { name: 'deep cursor page (45 days back)', as: 'super admin', path: `${list}?cursor=${deepCursor()}` },
    { name: 'limit=200', as: 'super admin', path: `${list}?limit=200` },
  ];
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
const round1 = (n: number) => Math.round(n * 10) / 10;

async function measure(base: string, f: Fixture): Promise<CallResult[]> {
  const tokens = {
    'super admin': (await signIn(base, SUPER.email, SUPER.password)).access_token,
    'org admin': (await signIn(base, f.admin.email, f.admin.password)).access_token,
  };
  const results: CallResult[] = [];
  for (const spec of callSpecs(f)) {
    const url = `${base}${spec.path}`;
    const headers = { authorization: `Bearer ${tokens[spec.as]}` };
    const first = await fetch(url, { headers });
    if (!first.ok) throw new Error(`GET ${spec.path} as ${spec.as}: ${first.status} ${await first.text()}`);
    const body = (await first.json()) as { total: number; total_exact: boolean };
    const run = async (seconds: number, min: number) => {
      const latencies: number[] = [];
      let errors = 0;
      const deadline = performance.now() + seconds * 1000;
      while (performance.now() < deadline || latencies.length < min) {
        const t = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        if (!res.ok) errors += 1;
      }
      return { latencies, errors };
    };
    if (WARMUP > 0) await run(WARMUP, 1);
    const { latencies, errors } = await run(DURATION, MIN_REQUESTS);
    const sorted = latencies.sort((a, b) => a - b);
    const r: CallResult = {
      call: spec.name,
      as: spec.as,
      requests: sorted.length,
      errors,
      total: body.total,
      total_exact: body.total_exact,
      p50_ms: round1(percentile(sorted, 0.5)),
      p95_ms: round1(percentile(sorted, 0.95)),
      mean_ms: round1(sorted.reduce((a, b) => a + b, 0) / sorted.length),
      max_ms: round1(sorted[sorted.length - 1]!),
    };
    results.push(r);
    log(
      `   ${`${spec.name} (${spec.as})`.padEnd(58)} ${String(r.requests).padStart(5)} req  p50 ${r.p50_ms.toFixed(1).padStart(7)}  p95 ${r.p95_ms.toFixed(1).padStart(7)}  ` +
        `max ${r.max_ms.toFixed(1).padStart(7)} ms  total ${r.total.toLocaleString('en')}${r.total_exact ? '' : '+'}${errors ? `  !! ${errors} errors` : ''}`,
    );
  }
  return results;
}

interface DataSet {
  database: Kind;
  rows: number;
  seconds: Record<string, number>;
  calls: CallResult[];
}

async function benchDataSet(kind: Kind, rows: number): Promise<DataSet> {
  log(`\n== ${kind}, ${rows.toLocaleString('en')} audit rows over ${DAYS} days, ${ORGANIZATIONS} organizations`);
  const { db, env } = await openDatabase(kind, rows);
  let app: FastifyInstance | null = null;
  try {
    const { fixture, seconds } = await prepare(db, env, rows);
    log(`   data set ready: setup ${seconds.setup} s, insert ${seconds.insert} s, vacuum analyze ${seconds.vacuum_analyze} s`);
    const port = await freePort();
    const config = loadConfig({ ...env, PORT: String(port), HOST: '127.0.0.1' });
    app = await buildApp({
      config,
      db,
      secrets: { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') },
      logger: { level: 'warn' },
    });
    await app.listen({ port, host: '127.0.0.1' });
    log(
      `   calls (${WARMUP} s warm-up, then ${DURATION} s and at least ${MIN_REQUESTS} requests, one at a time; load average ${os.loadavg()[0]!.toFixed(1)}):`,
    );
    const calls = await measure(`http://127.0.0.1:${port}`, fixture);
    return { database: kind, rows, seconds, calls };
  } finally {
    if (app) await app.close();
    await db.close();
    await runCleanups();
  }
}

function report(sets: DataSet[]) {
  const small = Math.min(...SIZES);
  const large = Math.max(...SIZES);
  const header = ['call', 'as', 'database', `${small.toLocaleString('en')}: p50 / p95 ms`, `${large.toLocaleString('en')}: p50 / p95 ms`, 'p95 ratio'];
  const rows: string[][] = [];
  const names = [...new Set(sets.flatMap((s) => s.calls.map((c) => `${c.call}|${c.as}`)))];
  for (const key of names) {
    const [call, as] = key.split('|') as [string, string];
    for (const kind of DATABASES) {
      const find = (size: number) => sets.find((s) => s.database === kind && s.rows === size)?.calls.find((c) => c.call === call && c.as === as);
      const a = find(small);
      const b = find(large);
      const fmt = (r: CallResult | undefined) => (r ? `${r.p50_ms.toFixed(1)} / ${r.p95_ms.toFixed(1)}` : '–');
      rows.push([call, as, kind, fmt(a), fmt(b), a && b && small !== large ? `${(b.p95_ms / a.p95_ms).toFixed(2)}×` : '–']);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  log('');
  log(line(header));
  log(`|${widths.map((w, i) => (i < 3 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows) log(line(r));
}

async function main(): Promise<Record<string, unknown>> {
  const sets: DataSet[] = [];
  for (const kind of DATABASES) {
    if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`--only takes pglite and/or postgres, got "${kind}"`);
    for (const size of SIZES) sets.push(await benchDataSet(kind, size));
  }
  report(sets);
  return {
    options: {
      sizes: SIZES,
      duration_seconds: DURATION,
      warmup_seconds: WARMUP,
      min_requests: MIN_REQUESTS,
      organizations: ORGANIZATIONS,
      staff_per_organization: STAFF_PER_ORG,
      days: DAYS,
    },
    data_sets: sets,
  };
}

runMeasured('audit', main);
