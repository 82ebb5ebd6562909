// API load benchmark: the real server as a child process, on PGlite and on PostgreSQL, with 100,000 users.
// Run with `npm run bench:api` (see bench/README.md for options).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { firstStart } from '../apps/server/src/modules/setup/first-start.ts';
import { hashPassword } from '../apps/server/src/security/passwords.ts';
import { cleanUpOnExit, freePort, runCleanups, stopChild } from './lib/processes.ts';
import { ROOT, serverEnv, signIn, startServer, tempDir, temporaryDatabase } from './lib/server.ts';

const ADMIN_EMAIL = 'bench.admin@bench.example';
const ADMIN_PASSWORD = 'Bench-Admin-Password-42';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    users: { type: 'string', default: '100000' },
    only: { type: 'string' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const USERS = Number(args.users);
const DATABASES = (args.only ? args.only.split(',') : ['pglite', 'postgres']) as DbKind[];

type DbKind = 'pglite' | 'postgres';

interface RouteResult {
  route: string;
  requests_per_second: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  ratio_to_health: number;
  requests: number;
  non_2xx: number;
  errors: number;
}

interface DbResult {
  database: DbKind;
  seed_seconds: number;
  routes: RouteResult[];
}

// ---------------------------------------------------------------- cleanup, even on failure or Ctrl-C

cleanUpOnExit('stopping servers and cleaning up');

// ---------------------------------------------------------------- helpers

const log = (message: string) => process.stdout.write(`${message}\n`);

/** Creates the first super admin (in its organization) and `count` users in one statement. */
async function seed(db: { dataDir?: string; databaseUrl?: string }, env: Record<string, string>) {
  const started = performance.now();
  const conn = await createDb(db);
  try {
    await migrate(conn);
    await firstStart(conn, loadConfig(env));
    const org = await conn.query<{ organization_id: string }>('select organization_id from users where lower(email) = $1', [ADMIN_EMAIL]);
    const passwordHash = await hashPassword(`user-password-${randomBytes(4).toString('hex')}`);
    await conn.query(
      `insert into users (organization_id, email, first_name, last_name, role, password_hash, created_at, updated_at)
       select $1, 'bench.user.' || i || '@bench.example', 'Bench', 'User ' || i,
              (array['admin','manager','operator','viewer','compliance_officer','analyst'])[1 + i % 6],
              $2, now() - make_interval(secs => i), now() - make_interval(secs => i)
         from generate_series(1, $3::int) as i`,
      [org.rows[0]!.organization_id, passwordHash, USERS],
    );
    await conn.query('analyze');
  } finally {
    await conn.close();
  }
  return (performance.now() - started) / 1000;
}

interface RouteSpec {
  route: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

async function load(base: string, spec: RouteSpec, seconds: number) {
  return autocannon({
    url: `${base}${spec.path}`,
    method: spec.method,
    headers: spec.headers,
    body: spec.body,
    connections: CONNECTIONS,
    duration: seconds,
  });
}

// ---------------------------------------------------------------- one database

async function benchDatabase(kind: DbKind): Promise<DbResult> {
  log(`\n== ${kind}: seeding ${USERS.toLocaleString('en')} users`);
  const dataDir = tempDir(`portal-bench-${kind}-`);
  const port = await freePort();
  const env = serverEnv({ port, dataDir, adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
  delete env.DATABASE_URL;

  let seedSeconds: number;
  if (kind === 'pglite') {
    // Only one process may open a PGlite data dir: seed here, close, then start the server on it.
    seedSeconds = await seed({ dataDir }, env);
  } else {
    env.DATABASE_URL = await temporaryDatabase(args['pg-url']!, 'portal_bench');
    seedSeconds = await seed({ databaseUrl: env.DATABASE_URL }, env);
  }
  log(`   seeded in ${seedSeconds.toFixed(1)} s; starting server on port ${port}`);

  const child = await startServer(env, port, { echoStderr: true });
  const base = `http://127.0.0.1:${port}`;
  const token = (await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD)).access_token;
  const bearer = { authorization: `Bearer ${token}` };
  const specs: RouteSpec[] = [
    { route: 'GET /api/health', method: 'GET', path: '/api/health' },
    {
      route: 'POST /api/auth/login',
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    },
    { route: 'GET /api/auth/me', method: 'GET', path: '/api/auth/me', headers: bearer },
    { route: 'GET /api/admin/users/?limit=25', method: 'GET', path: '/api/admin/users/?limit=25', headers: bearer },
  ];

  const check = await fetch(`${base}/api/admin/users/?limit=1`, { headers: bearer });
  const total = ((await check.json()) as { total: number }).total;
  log(`   /api/admin/users total = ${total.toLocaleString('en')}`);

  const routes: RouteResult[] = [];
  for (const spec of specs) {
    if (WARMUP > 0) await load(base, spec, WARMUP);
    const r = await load(base, spec, DURATION);
    const result: RouteResult = {
      route: spec.route,
      requests_per_second: r.requests.average,
      latency_p50_ms: r.latency.p50,
      latency_p99_ms: r.latency.p99,
      ratio_to_health: 0,
      requests: r.requests.total,
      non_2xx: r.non2xx,
      errors: r.errors,
    };
    routes.push(result);
    log(
      `   ${spec.route.padEnd(32)} ${result.requests_per_second.toFixed(0).padStart(7)} req/s  p50 ${result.latency_p50_ms} ms  p99 ${result.latency_p99_ms} ms`,
    );
    if (r.non2xx > 0 || r.errors > 0) log(`   !! ${r.non2xx} non-2xx responses, ${r.errors} errors`);
  }
  const health = routes[0]!.requests_per_second;
  for (const r of routes) r.ratio_to_health = health > 0 ? r.requests_per_second / health : 0;

  await stopChild(child);
  return { database: kind, seed_seconds: seedSeconds, routes };
}

// ---------------------------------------------------------------- report

function printTable(results: DbResult[]) {
  const header = ['database', 'route', 'req/s', 'p50 ms', 'p99 ms', 'vs health', 'non-2xx', 'errors'];
  const rows = results.flatMap((d) =>
    d.routes.map((r) => [
      d.database,
      r.route,
      r.requests_per_second.toFixed(0),
      String(r.latency_p50_ms),
      String(r.latency_p99_ms),
      `${(r.ratio_to_health * 100).toFixed(r.ratio_to_health < 0.01 ? 2 : 1)} %`,
      String(r.non_2xx),
      String(r.errors),
    ]),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  log('');
  log(line(header));
  log(`|${widths.map((w, i) => (i < 2 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of rows) log(line(row));
}

async function main() {
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  log(
    `API benchmark: ${USERS.toLocaleString('en')} users, ${CONNECTIONS} connections, ${DURATION} s per route (+${WARMUP} s warm-up), Node ${process.version}, ${os.cpus().length} CPUs`,
  );
  if (loadBefore[0]! > os.cpus().length / 2) {
    log(`note: the machine is already busy (load average ${loadBefore[0]!.toFixed(1)} on ${os.cpus().length} CPUs); figures will be low and noisy`);
  }
  const results: DbResult[] = [];
  for (const kind of DATABASES) {
    if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`--only takes pglite and/or postgres, got "${kind}"`);
    results.push(await benchDatabase(kind));
    await runCleanups();
  }
  printTable(results);
  const loadAfter = os.loadavg();
  log(`\nload average (1 min) before ${loadBefore[0]!.toFixed(1)}, after ${loadAfter[0]!.toFixed(1)}`);

  const outDir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `api-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const report = {
    benchmark: 'api',
    started_at: startedAt.toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model,
    users: USERS,
    connections: CONNECTIONS,
    duration_seconds: DURATION,
    warmup_seconds: WARMUP,
    load_average_before: loadBefore,
    load_average_after: loadAfter,
    results,
  };
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`\nResults written to ${path.relative(ROOT, file)}`);
}

main()
  .catch(async (err) => {
    process.stderr.write(`\nbenchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  })
  .finally(async () => {
    await runCleanups();
  });
