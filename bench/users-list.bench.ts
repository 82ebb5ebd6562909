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
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createOrganizationRow } from '../apps/server/src/modules/organizations/organizations.queries.ts';
import { firstStart } from '../apps/server/src/modules/setup/first-start.ts';
import { insertUser } from '../apps/server/src/modules/users/users.queries.ts';
import { hashPassword } from '../apps/server/src/security/passwords.ts';
import { cleanUpOnExit, runCleanups } from './lib/processes.ts';
import { signIn, startServer } from './lib/server.ts';
import {
  measureCall as measure,
  printCall,
  printRatioTable,
  eachDataSet,
  seededDataSet,
  laps,
  type As,
  type CallResult,
  type CallSpec,
} from './lib/list-bench.ts';
import { insertBenchUsers } from './lib/list-data.ts';
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

const SUPER = { email: 'bench.super@bench.example', password: 'Bench-Super-Password-42' };
const ORG_ADMIN = { email: 'bench.orgadmin@org1.bench.example', password: 'Bench-Admin-Password-42' };
const log = (message: string) => process.stdout.write(`${message}\n`);
cleanUpOnExit('stopping the server and dropping the benchmark databases');

interface Fixture {
  orgId: string;
  /** A user whose email part only they have (a rare search). */
  rareText: string;
}

/** The data set: schema, super admin, 10 organizations, `rows` users (the first organization's administrator among them). */
async function seed(db: Db, env: Record<string, string>, rows: number): Promise<{ fixture: Fixture; seconds: Record<string, number> }> {
  const { seconds, lap } = laps();
  await migrate(db);
  await firstStart(db, loadConfig(env));
  const orgIds: string[] = [];
  for (let o = 1; o <= ORGANIZATIONS; o += 1) orgIds.push((await createOrganizationRow(db, { name: `Users Bench ${String(o).padStart(2, '0')}` })).id);
  const hash = await hashPassword(ORG_ADMIN.password);
  await insertUser(db, {
    organization_id: orgIds[0]!,
    email: ORG_ADMIN.email,
    first_name: 'Bench',
    last_name: 'Administrator',
    role: 'admin',
    permissions: [],
    password_hash: hash,
  });
  lap('setup');

  await insertBenchUsers(db, orgIds, rows, hash, lap);
  await db.exec('vacuum analyze');
  await db.exec('checkpoint');
  lap('vacuum_analyze');
  // The rare text: one user's own number in their email, with the dot before it ("smith.4242@" holds "h4242@").
  const g = Math.floor(rows / 2) + 1;
  return { fixture: { orgId: orgIds[0]!, rareText: `${g}@org${1 + (g % ORGANIZATIONS)}` }, seconds };
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

const measureCall = (base: string, token: string, spec: CallSpec) =>
  measure(base, token, spec, { warmup: WARMUP, duration: DURATION, connections: CONNECTIONS });

interface DataSet {
  database: Kind;
  rows: number;
  seconds: Record<string, number>;
  calls: CallResult[];
  /** Each list next to `GET /api/auth/me` by the same caller (an organization's administrator's session is checked against its organization too). */
  throughput: { me: CallResult; me_org: CallResult; list_super: CallResult; list_org: CallResult };
}

async function benchDataSet(kind: Kind, rows: number): Promise<DataSet> {
  log(`\n== ${kind}, ${rows.toLocaleString('en')} users in ${ORGANIZATIONS} organizations`);
  // Seeded first, then the server is started on it.
  const { env, port, seeded } = await seededDataSet({
    kind,
    name: 'users',
    rows,
    pgUrl: args['pg-url']!,
    keep: args.keep!,
    admin: SUPER,
    seed: (db, env) => seed(db, env, rows),
  });
  const { fixture, seconds } = seeded;
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
    const me_org = await measureCall(base, tokens['org admin'], { name: 'GET /api/auth/me', as: 'org admin', path: '/api/auth/me' });
    printCall(me_org);
    const list_org = await measureCall(base, tokens['org admin'], { name: 'users list, default order', as: 'org admin', path: '/api/admin/users' });
    printCall(list_org, `${list_org.call} (org admin): ${(list_org.rps / me_org.rps).toFixed(2)} of me`);
    return { database: kind, rows, seconds, calls, throughput: { me, me_org, list_super, list_org } };
  } finally {
    await runCleanups();
  }
}

function report(sets: DataSet[]) {
  for (const kind of DATABASES) {
    const mine = sets.filter((s) => s.database === kind);
    printRatioTable(kind, mine, DURATION);
    for (const s of mine) {
      const t = s.throughput;
      log(
        `${s.rows.toLocaleString('en')} users: as super admin, GET /api/auth/me ${t.me.rps} req/s, users list ${t.list_super.rps} (${(t.list_super.rps / t.me.rps).toFixed(2)} of me); ` +
          `as org admin, me ${t.me_org.rps}, list ${t.list_org.rps} (${(t.list_org.rps / t.me_org.rps).toFixed(2)}); target ≥ 0.5`,
      );
    }
  }
}

async function main(): Promise<Record<string, unknown>> {
  const sets = await eachDataSet(DATABASES, SIZES, PGLITE_SIZES, benchDataSet);
  report(sets);
  return {
    options: {
      sizes: SIZES,
      pglite_sizes: PGLITE_SIZES,
      duration_seconds: DURATION,
      warmup_seconds: WARMUP,
      connections: CONNECTIONS,
      organizations: ORGANIZATIONS,
    },
    data_sets: sets,
  };
}

runMeasured('users-list', main);
