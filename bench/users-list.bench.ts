// Users list benchmark (issue 18, item 4): p50/p95 of GET /api/admin/users (25 rows with its capped total) for every
// sort and filter the Users page offers, as an organization's administrator and as a super admin, at 10 thousand and
// 1 million users, on PostgreSQL and on PGlite; then the list's requests per second next to GET /api/auth/me. Each
// data set is a fresh database (a temporary PGlite folder, or a throwaway database on the PostgreSQL server, dropped
// afterwards): 10 organizations, users written by generate_series with a realistic spread (skewed first and last
// names, roles, 5 % inactive, 0.2 % locked, 15 % never signed in, sign-ins over a year, three years of sign-ups).
// The real server then runs as its own process (bench/lib/server.ts) and autocannon calls it over HTTP with 10
// connections. Never fails on speed. Run with `npm run bench:users-list` (options in bench/README.md).
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb, type Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createOrganizationRow } from '../apps/server/src/modules/organizations/organizations.queries.ts';
import { firstStart } from '../apps/server/src/modules/setup/first-start.ts';
import { insertUser } from '../apps/server/src/modules/users/users.queries.ts';
import { hashPassword } from '../apps/server/src/security/passwords.ts';
import { cleanUpOnExit, freePort, runCleanups } from './lib/processes.ts';
import { serverEnv, signIn, startServer, tempDir, temporaryDatabase } from './lib/server.ts';
import { runMeasured } from './lib/results.ts';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'postgres,pglite' },
    sizes: { type: 'string', default: '10000,1000000' },
    /** Sizes measured on PGlite (a million there takes several minutes to seed). */
    'pglite-sizes': { type: 'string', default: '10000,1000000' },
    duration: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '10' },
    /** Only the calls whose name contains this text (the throughput comparison always runs). */
    calls: { type: 'string', default: '' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
    /** A folder: each measured server writes a CPU profile there (node --cpu-prof) when it stops. */
    profile: { type: 'string' },
  },
});
type Kind = 'pglite' | 'postgres';
const DATABASES = args.only!.split(',') as Kind[];
const SIZES = args.sizes!.split(',').map(Number);
const PGLITE_SIZES = args['pglite-sizes']!.split(',').map(Number);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const ORGANIZATIONS = 10;
/** Rows per INSERT … SELECT generate_series (so PGlite never holds a million rows in one statement). */
const CHUNK = 100_000;

const SUPER = { email: 'bench.super@bench.example', password: 'Bench-Super-Password-42' };
const ORG_ADMIN = { email: 'bench.orgadmin@org1.bench.example', password: 'Bench-Admin-Password-42' };
const log = (message: string) => process.stdout.write(`${message}\n`);
cleanUpOnExit('stopping the server and dropping the benchmark databases');

// Most common first: a user's name is drawn with a skew towards the start of each list.
const FIRST_NAMES = `James Mary John Patricia Robert Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica
  Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly
  Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George Melissa Timothy Deborah Ronald Stephanie
  Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob Kathleen Gary Amy Nicholas Angela Eric Shirley Jonathan Anna Stephen
  Brenda Larry Pamela Justin Emma Scott Nicole Brandon Helen Benjamin Samantha Samuel Katherine Gregory Christine Alexander Debra
  Frank Rachel Patrick Carolyn Raymond Janet Jack Catherine Dennis Maria Jerry Heather Tyler Diane Aaron Ruth Jose Julie Adam Olivia
  Nathan Joyce Henry Virginia Douglas Victoria Zachary Kelly Peter Lauren Kyle Christina Ethan Joan Walter Evelyn Noah Judith`.split(/\s+/);
const LAST_NAMES = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson
  Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King
  Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans
  Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson
  Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price
  Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson
  Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole
  Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods
  Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez
  Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer
  Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold
  Pierce Vazquez Hansen Peters Santos Hart Bradley Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews
  Alvarado Ray Delgado Berry Perkins Hoffman Johnston Matthews Pena Richards Contreras Willis Carpenter Lawrence Sandoval`.split(/\s+/);

interface Fixture {
  orgId: string;
  /** A user whose email part only they have (a rare search). */
  rareText: string;
}

/** The data set: schema, super admin, 10 organizations, `rows` users (the first organization's administrator among them). */
async function seed(db: Db, env: Record<string, string>, rows: number): Promise<{ fixture: Fixture; seconds: Record<string, number> }> {
  const seconds: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    seconds[name] = Math.round((performance.now() - t) / 100) / 10;
    t = performance.now();
  };
  await migrate(db);
  await firstStart(db, loadConfig(env));
  const orgIds: string[] = [];
  for (let o = 1; o <= ORGANIZATIONS; o += 1) orgIds.push((await createOrganizationRow(db, { name: `Users Bench ${String(o).padStart(2, '0')}` })).id);
  const hash = await hashPassword(ORG_ADMIN.password);
  await insertUser(db, { organization_id: orgIds[0]!, email: ORG_ADMIN.email, first_name: 'Bench', last_name: 'Administrator', role: 'admin', permissions: [], password_hash: hash });
  lap('setup');

  // The users table's indexes are set aside while the rows go in and built again after (much quicker than keeping
  // sixteen of them up to date row by row); their definitions are read back from the catalog, so they are exactly
  // the migrations'.
  const indexes = (
    await db.query<{ name: string; def: string }>(
      `select i.relname as name, pg_get_indexdef(i.oid) as def from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = 'users'::regclass and not x.indisprimary and not x.indisunique`,
    )
  ).rows;
  for (const ix of indexes) await db.exec(`drop index ${ix.name}`);

  // Users g = 1..rows, signed up over three years in order; organization g mod 10; names skewed towards the start
  // of each list; email first.last<g>@org<o>.bench.example (unique); roles viewer 40 %, operator 30 %, analyst 12 %,
  // manager 10 %, compliance officer 6 %, admin 2 %; 5 % inactive; 0.2 % locked for a day; 15 % never signed in, the
  // rest within the last year.
  const skew = (h: string, n: number) => `1 + least(floor(power(${h}, 2.2) * ${n})::int, ${n - 1})`;
  for (let from = 1; from <= rows; from += CHUNK) {
    const to = Math.min(rows, from + CHUNK - 1);
    await db.query(
      `insert into users (organization_id, email, first_name, last_name, role, password_hash, is_active, locked_until, last_login_at, created_at, updated_at)
       select ($1::uuid[])[1 + g % ${ORGANIZATIONS}],
              lower(f.first) || '.' || lower(f.last) || g || '@org' || (1 + g % ${ORGANIZATIONS}) || '.bench.example',
              f.first, f.last,
              case when k.r < 400 then 'viewer' when k.r < 700 then 'operator' when k.r < 820 then 'analyst'
                   when k.r < 920 then 'manager' when k.r < 980 then 'compliance_officer' else 'admin' end,
              $2, (g * 104729 % 100) >= 5,
              case when g % 500 = 7 then now() + interval '1 day' end,
              case when (g * 7727 % 100) >= 15 then now() - make_interval(secs => (g * 48271 % 31536000)::float8) end,
              now() - make_interval(secs => ($5::int - g + 1)::float8 / $5::int * 3 * 31536000), now()
         from generate_series($3::bigint, $4::bigint) g
        cross join lateral (select ((g * 2654435761) % 1000003) / 1000003.0 as h1, ((g * 40503 + 17) % 1000033) / 1000033.0 as h2,
                                   (g * 7919 % 1000)::int as r) k
        cross join lateral (select ($6::text[])[${skew('k.h1', FIRST_NAMES.length)}] as first,
                                   ($7::text[])[${skew('k.h2', LAST_NAMES.length)}] as last) f`,
      [orgIds, hash, from, to, rows, FIRST_NAMES, LAST_NAMES],
    );
    if (rows > CHUNK) log(`   ${to.toLocaleString('en')} users`);
  }
  lap('insert');
  for (const ix of indexes) await db.exec(ix.def);
  lap('indexes');
  await db.exec('vacuum analyze');
  await db.exec('checkpoint');
  lap('vacuum_analyze');
  // The rare text: one user's own number in their email, with the dot before it ("smith.4242@" holds "h4242@").
  const g = Math.floor(rows / 2) + 1;
  return { fixture: { orgId: orgIds[0]!, rareText: `${g}@org${1 + (g % ORGANIZATIONS)}` }, seconds };
}

type As = 'org admin' | 'super admin';
interface CallSpec {
  name: string;
  as: As;
  path: string;
}

const SORTS = ['email', 'first_name', 'last_name', 'role', 'created_at', 'last_login_at'];

function callSpecs(f: Fixture): CallSpec[] {
  const list = '/api/admin/users';
  const both = (name: string, query: string): CallSpec[] =>
    (['org admin', 'super admin'] as const).map((as) => ({ name, as, path: query ? `${list}?${query}` : list }));
  return [
    ...both('default order (-created_at)', ''),
    ...SORTS.flatMap((s) => [...both(`sort=${s}`, `sort=${s}`), ...both(`sort=-${s}`, `sort=-${s}`)]),
    ...both('q, common ("mar": Mary, Mark, Martin, Martinez…)', 'q=mar'),
    ...both('q, common, sort=last_name', 'q=mar&sort=last_name'),
    ...both('q, a last name, sort=last_name ("smith")', 'q=smith&sort=last_name'),
    ...both('q, a last name, sort=-email ("brown")', 'q=brown&sort=-email'),
    ...both('q, "first last" ("mary smith")', `q=${encodeURIComponent('mary smith')}`),
    ...both('q, rare (one user)', `q=${encodeURIComponent(f.rareText)}`),
    ...both('q, matching nobody', 'q=no-such-person'),
    ...both('role=viewer (40 %)', 'role=viewer'),
    ...both('role=admin (2 %)', 'role=admin'),
    ...both('role=super_admin (one)', 'role=super_admin'),
    { name: 'organization_id', as: 'super admin' as const, path: `${list}?organization_id=${f.orgId}` },
    ...both('is_active=true', 'is_active=true'),
    ...both('is_active=false (5 %)', 'is_active=false'),
    ...both('locked=true (0.2 %)', 'locked=true'),
    ...both('locked=false', 'locked=false'),
  ].filter((c) => c.name.includes(args.calls!));
}

interface CallResult {
  call: string;
  as: As;
  requests: number;
  errors: number;
  rps: number;
  total: number;
  total_exact: boolean;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** autocannon on one URL for `seconds` with CONNECTIONS connections; every response's latency kept for p95. */
async function load(url: string, token: string, seconds: number): Promise<{ latencies: number[]; errors: number; rps: number }> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, headers: { authorization: `Bearer ${token}` }, connections: CONNECTIONS, duration: seconds }, (err, r) =>
      err ? reject(err as Error) : resolve(r),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return { latencies, errors: result.errors + result.timeouts + result.non2xx, rps: result.requests.average };
}

async function measureCall(base: string, token: string, spec: CallSpec): Promise<CallResult> {
  const url = `${base}${spec.path}`;
  const first = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!first.ok) throw new Error(`GET ${spec.path} as ${spec.as}: ${first.status} ${await first.text()}`);
  const body = (await first.json()) as { total?: number; total_exact?: boolean };
  if (WARMUP > 0) await load(url, token, WARMUP);
  const { latencies, errors, rps } = await load(url, token, DURATION);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    call: spec.name,
    as: spec.as,
    requests: sorted.length,
    errors,
    rps: Math.round(rps),
    total: body.total ?? 0,
    total_exact: body.total_exact ?? true,
    p50_ms: round1(percentile(sorted, 0.5)),
    p95_ms: round1(percentile(sorted, 0.95)),
    max_ms: round1(sorted[sorted.length - 1] ?? NaN),
  };
}

function printCall(r: CallResult, label = `${r.call} (${r.as})`) {
  log(
    `   ${label.padEnd(62)} ${String(r.requests).padStart(6)} req ${String(r.rps).padStart(5)}/s  p50 ${r.p50_ms.toFixed(1).padStart(7)}  p95 ${r.p95_ms.toFixed(1).padStart(7)}  ` +
      `max ${r.max_ms.toFixed(1).padStart(7)} ms${r.total ? `  total ${r.total.toLocaleString('en')}${r.total_exact ? '' : '+'}` : ''}${r.errors ? `  !! ${r.errors} errors` : ''}`,
  );
}

interface DataSet {
  database: Kind;
  rows: number;
  seconds: Record<string, number>;
  calls: CallResult[];
  throughput: { me: CallResult; list_super: CallResult; list_org: CallResult };
}

async function benchDataSet(kind: Kind, rows: number): Promise<DataSet> {
  log(`\n== ${kind}, ${rows.toLocaleString('en')} users in ${ORGANIZATIONS} organizations`);
  const port = await freePort();
  const dataDir = tempDir(`bench-users-${kind}-`);
  const env = serverEnv({ port, dataDir, adminEmail: SUPER.email, adminPassword: SUPER.password });
  delete env.DATABASE_URL;
  if (kind === 'postgres') {
    env.DATABASE_URL = await temporaryDatabase(args['pg-url']!, `bench_users_${rows}`, { keep: args.keep });
    if (args.keep) log(`   kept for investigation (--keep; drop it when done): ${env.DATABASE_URL}`);
  }
  // Only one process may open a PGlite folder: seed here, close, then start the server on it.
  const config = loadConfig(env);
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  let prepared: Awaited<ReturnType<typeof seed>>;
  try {
    prepared = await seed(db, env, rows);
  } finally {
    await db.close();
  }
  const { fixture, seconds } = prepared;
  log(`   data set ready: setup ${seconds.setup} s, insert ${seconds.insert} s, indexes ${seconds.indexes} s, vacuum analyze ${seconds.vacuum_analyze} s`);
  try {
    await startServer(env, port, { nodeArgs: args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : [] });
    const base = `http://127.0.0.1:${port}`;
    const tokens: Record<As, string> = {
      'super admin': (await signIn(base, SUPER.email, SUPER.password)).access_token,
      'org admin': (await signIn(base, ORG_ADMIN.email, ORG_ADMIN.password)).access_token,
    };
    log(`   calls (${WARMUP} s warm-up, then ${DURATION} s with ${CONNECTIONS} connections; load average ${os.loadavg()[0]!.toFixed(1)}):`);
    const calls: CallResult[] = [];
    for (const spec of callSpecs(fixture)) {
      const r = await measureCall(base, tokens[spec.as], spec);
      calls.push(r);
      printCall(r);
    }
    log('   throughput, the users list (25 rows and its total) next to GET /api/auth/me:');
    const me = await measureCall(base, tokens['super admin'], { name: 'GET /api/auth/me', as: 'super admin', path: '/api/auth/me' });
    printCall(me);
    const list_super = await measureCall(base, tokens['super admin'], { name: 'users list, default order', as: 'super admin', path: '/api/admin/users' });
    printCall(list_super, `${list_super.call} (super admin): ${(list_super.rps / me.rps).toFixed(2)} of me`);
    const list_org = await measureCall(base, tokens['org admin'], { name: 'users list, default order', as: 'org admin', path: '/api/admin/users' });
    printCall(list_org, `${list_org.call} (org admin): ${(list_org.rps / me.rps).toFixed(2)} of me`);
    return { database: kind, rows, seconds, calls, throughput: { me, list_super, list_org } };
  } finally {
    await runCleanups();
  }
}

function report(sets: DataSet[]) {
  for (const kind of DATABASES) {
    const mine = sets.filter((s) => s.database === kind);
    if (mine.length === 0) continue;
    const small = Math.min(...mine.map((s) => s.rows));
    const large = Math.max(...mine.map((s) => s.rows));
    const header = ['call', 'as', `${small.toLocaleString('en')}: p50 / p95 ms`, `${large.toLocaleString('en')}: p50 / p95 ms`, 'p95 ratio (target ≤ 1.5×)'];
    const rows: string[][] = [];
    const keys = [...new Set(mine.flatMap((s) => s.calls.map((c) => `${c.call}|${c.as}`)))];
    for (const key of keys) {
      const [call, as] = key.split('|') as [string, string];
      const find = (size: number) => mine.find((s) => s.rows === size)?.calls.find((c) => c.call === call && c.as === as);
      const a = find(small);
      const b = find(large);
      const fmt = (r: CallResult | undefined) => (!r ? '–' : r.requests === 0 ? `none answered in ${DURATION} s` : `${r.p50_ms.toFixed(1)} / ${r.p95_ms.toFixed(1)}`);
      const ratio = a && b && small !== large ? b.p95_ms / a.p95_ms : NaN;
      rows.push([call, as, fmt(a), fmt(b), Number.isNaN(ratio) ? '–' : `${ratio.toFixed(2)}×${ratio > 1.5 ? '  (over)' : ''}`]);
    }
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
    log(`\n${kind}:`);
    log(line(header));
    log(`|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
    for (const r of rows) log(line(r));
    for (const s of mine) {
      const t = s.throughput;
      log(
        `${s.rows.toLocaleString('en')} users: GET /api/auth/me ${t.me.rps} req/s; users list ${t.list_super.rps} req/s as super admin (${(t.list_super.rps / t.me.rps).toFixed(2)} of me), ` +
          `${t.list_org.rps} req/s as org admin (${(t.list_org.rps / t.me.rps).toFixed(2)}); target ≥ 0.5`,
      );
    }
  }
}

async function main(): Promise<Record<string, unknown>> {
  const sets: DataSet[] = [];
  for (const kind of DATABASES) {
    if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`--only takes pglite and/or postgres, got "${kind}"`);
    for (const size of kind === 'pglite' ? SIZES.filter((s) => PGLITE_SIZES.includes(s)) : SIZES) sets.push(await benchDataSet(kind, size));
  }
  report(sets);
  return {
    options: { sizes: SIZES, pglite_sizes: PGLITE_SIZES, duration_seconds: DURATION, warmup_seconds: WARMUP, connections: CONNECTIONS, organizations: ORGANIZATIONS },
    data_sets: sets,
  };
}

runMeasured('users-list', main);
