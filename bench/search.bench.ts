// Search benchmark (issue 32, item 2): p50/p95 of GET /api/admin/search (the Search page and the Ctrl/⌘-K palette:
// applications, workflows, tools, users and organizations at once, 10 per kind as on the Search page) for what people type — a workflow's
// name, a tool's name, an applicant's full name, e-mail address, external reference and case id, a colleague's name
// and e-mail address, common text, the first two letters of a word, and text matching nothing — as an organization's
// administrator and as a super admin over every organization, at 10 thousand and 1 million applications (with a tenth
// as many users: 1,000 and 100,000), on PostgreSQL and on PGlite, one connection (a person typing). Each data set is a
// fresh database (a temporary PGlite folder, or a throwaway database on the PostgreSQL server, dropped afterwards): 4
// organizations made with the server's own functions (staff, tools and the 10 active workflows each), then the cases
// and users written by generate_series (bench/lib/list-data.ts, the same data as bench:applications-list and
// bench:users-list). The real server then runs as its own process and autocannon calls it over HTTP. Prints each
// call, the 10 k vs 1 M table and the budget (p95 ≤ 50 ms on PostgreSQL, ≤ 100 ms on PGlite, at 1 M); never fails on
// speed. Run with `npm run bench:search` (options in bench/README.md).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { firstStart } from '../apps/server/src/modules/setup/first-start.ts';
import { hashPassword } from '../apps/server/src/security/passwords.ts';
import { createBenchOrganization } from './lib/analytics-history.ts';
import { insertBenchApplications, insertBenchUsers } from './lib/list-data.ts';
import {
  FIRST_NAMES,
  LAST_NAMES,
  eachDataSet,
  laps,
  measureCall,
  printCall as printCallLine,
  printRatioTable,
  seededDataSet,
  type As,
  type CallResult,
  type CallSpec,
} from './lib/list-bench.ts';
import { cleanUpOnExit, runCleanups } from './lib/processes.ts';
import { runMeasured } from './lib/results.ts';
import { signIn, startServer } from './lib/server.ts';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'postgres,pglite' },
    /** Applications per data set (users: a tenth as many). */
    sizes: { type: 'string', default: '10000,1000000' },
    /** Sizes measured on PGlite. */
    'pglite-sizes': { type: 'string', default: '10000,1000000' },
    duration: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '0.5' },
    connections: { type: 'string', default: '1' },
    /** Only the calls whose name contains this text. */
    calls: { type: 'string', default: '' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
  },
});
type Kind = 'pglite' | 'postgres';
const DATABASES = args.only!.split(',') as Kind[];
const SIZES = args.sizes!.split(',').map(Number);
const PGLITE_SIZES = args['pglite-sizes']!.split(',').map(Number);
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const ORGANIZATIONS = 4;
const DAYS = 90;
/** The search's budget at a million applications (p95, ms). */
const BUDGET_MS: Record<Kind, number> = { postgres: 50, pglite: 100 };
/** Results per kind, as on the Search page (the palette asks for 5). */
const LIMIT = 10;

const SUPER = { email: 'bench.super@bench.example', password: 'Bench-Super-Password-42' };
const ORG_ADMIN = { email: 'bench.admin@org1.bench.example', password: 'Bench-Admin-Password-42' };
const log = (message: string) => process.stdout.write(`${message}\n`);
cleanUpOnExit('stopping the server and dropping the benchmark databases');

/** Things a person would look for, read back from the data set. */
interface Fixture {
  caseId: string;
  applicantEmail: string;
  reference: string;
  userEmail: string;
}

async function seed(db: Db, env: Record<string, string>, rows: number): Promise<{ fixture: Fixture; seconds: Record<string, number> }> {
  const { seconds, lap } = laps();
  await migrate(db);
  await firstStart(db, loadConfig(env));
  const orgs = [];
  for (let o = 1; o <= ORGANIZATIONS; o += 1) {
    orgs.push(
      await createBenchOrganization(
        db,
        `Search Bench ${o}`,
        o === 1 ? ORG_ADMIN : { email: `bench.admin@org${o}.bench.example`, password: ORG_ADMIN.password },
      ),
    );
  }
  await insertBenchApplications(db, orgs, rows, { names: { first: FIRST_NAMES.slice(0, 70), last: LAST_NAMES.slice(0, 91) }, days: DAYS, lap });
  await insertBenchUsers(
    db,
    orgs.map((o) => o.id),
    Math.max(1, Math.floor(rows / 10)),
    await hashPassword(ORG_ADMIN.password),
    lap,
  );
  await db.exec('vacuum analyze');
  await db.exec('checkpoint');
  lap('vacuum_analyze');
  // A case of the first organization (the org admin's) from the middle of the history, with an external reference.
  const pick = await db.query<{ id: string; applicant_email: string; external_ref: string }>(
    `select id, applicant_email, external_ref from applications where organization_id = $1 and external_ref is not null order by created_at offset $2 limit 1`,
    [orgs[0]!.id, Math.floor(rows / ORGANIZATIONS / 3 / 2)],
  );
  const user = await db.query<{ email: string }>(
    `select email from users where organization_id = $1 and email like '%@org%' order by created_at offset $2 limit 1`,
    [orgs[0]!.id, Math.floor(rows / 10 / ORGANIZATIONS / 2)],
  );
  const c = pick.rows[0]!;
  return { fixture: { caseId: c.id, applicantEmail: c.applicant_email, reference: c.external_ref, userEmail: user.rows[0]!.email }, seconds };
}

function callSpecs(f: Fixture): CallSpec[] {
  const both = (name: string, q: string): CallSpec[] =>
    (['org admin', 'super admin'] as const).map((as) => ({ name, as, path: `/api/admin/search?q=${encodeURIComponent(q)}&limit=${LIMIT}` }));
  return [
    ...both('a workflow ("Individual KYC")', 'Individual KYC'),
    ...both('a tool ("screen_sanctions")', 'screen_sanctions'),
    ...both('an applicant, "first last" ("mary smith")', 'mary smith'),
    ...both('an applicant’s e-mail address', f.applicantEmail),
    ...both('an external reference (REF-…, whole)', f.reference),
    ...both('a case id', f.caseId),
    ...both('a colleague’s e-mail address', f.userEmail),
    ...both('a last name ("smith")', 'smith'),
    ...both('common text ("mar")', 'mar'),
    ...both('two letters, as typing starts ("ma")', 'ma'),
    ...both('matching nothing', 'no-such-thing'),
  ].filter((c) => c.name.includes(args.calls!));
}

const printCall = (r: CallResult) => printCallLine(r, `${r.call} (${r.as})`);

interface DataSet {
  database: Kind;
  rows: number;
  users: number;
  seconds: Record<string, number>;
  calls: CallResult[];
}

async function benchDataSet(kind: Kind, rows: number): Promise<DataSet> {
  const users = Math.max(1, Math.floor(rows / 10));
  log(`\n== ${kind}, ${rows.toLocaleString('en')} applications and ${users.toLocaleString('en')} users in ${ORGANIZATIONS} organizations`);
  const { env, port, seeded } = await seededDataSet({
    kind,
    name: 'search',
    rows,
    pgUrl: args['pg-url']!,
    keep: args.keep!,
    admin: SUPER,
    seed: (db, env) => seed(db, env, rows),
  });
  const { fixture, seconds } = seeded;
  log(
    `   data set ready (s): ${Object.entries(seconds)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  try {
    await startServer(env, port);
    const base = `http://127.0.0.1:${port}`;
    const tokens: Record<As, string> = {
      'super admin': (await signIn(base, SUPER.email, SUPER.password)).access_token,
      'org admin': (await signIn(base, ORG_ADMIN.email, ORG_ADMIN.password)).access_token,
    };
    const calls: CallResult[] = [];
    log(`   calls (${WARMUP} s warm-up, then ${DURATION} s with ${CONNECTIONS} connection(s); load average ${os.loadavg()[0]!.toFixed(1)}):`);
    for (const spec of callSpecs(fixture)) {
      const r = await measureCall(base, tokens[spec.as], spec, { warmup: WARMUP, duration: DURATION, connections: CONNECTIONS });
      calls.push(r);
      printCall(r);
    }
    return { database: kind, rows, users, seconds, calls };
  } finally {
    await runCleanups();
  }
}

function report(sets: DataSet[]) {
  for (const kind of DATABASES) {
    const mine = sets.filter((s) => s.database === kind);
    printRatioTable(kind, mine, DURATION);
    const largest = mine.reduce<DataSet | null>((a, s) => (!a || s.rows > a.rows ? s : a), null);
    if (!largest) continue;
    const worst = largest.calls.reduce((a, c) => (c.p95_ms > a.p95_ms ? c : a));
    const over = largest.calls.filter((c) => c.p95_ms > BUDGET_MS[kind]);
    log(
      `${kind} at ${largest.rows.toLocaleString('en')} applications: slowest p95 ${worst.p95_ms.toFixed(1)} ms (${worst.call}, ${worst.as}); ` +
        `budget ${BUDGET_MS[kind]} ms: ${over.length === 0 ? 'every call within' : `${over.length} of ${largest.calls.length} calls over (${over.map((c) => `${c.call}, ${c.as}`).join('; ')})`}`,
    );
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
      limit: LIMIT,
    },
    budget_ms: BUDGET_MS,
    data_sets: sets,
  };
}

runMeasured('search', main);
