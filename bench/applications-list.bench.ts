// Applications list benchmark (issue 18): p50/p95 of GET /api/admin/applications (the Real-time Monitor's table: 25
// rows with its total counted up to COUNT_CAP) for every sort and filter the monitor offers, free text (rare and
// common words), and keyset pages deep in the list ("Load older"), as an organization's administrator and as a super
// admin, at 10 thousand and 1 million applications, on PostgreSQL and on PGlite, at 1 and 10 connections. Each data
// set is a fresh database (a temporary PGlite folder, or a throwaway database on the PostgreSQL server, dropped
// afterwards): 4 organizations made with the server's own functions (bench/lib/analytics-history.ts: staff and the
// 10 active workflows each), then the cases written by generate_series straight into the tables: a realistic status
// mix (55 % completed, 3 % failed, 4 % cancelled, 12 % waiting for review, 10 % waiting for a form, 2 % in a delay,
// 7 % running, 7 % pending), a current step run for every open or failed case, an open review task for each case
// waiting for review (one in ten of them overdue), created over 90 days, applicant names and emails skewed like real
// ones, an external reference on one case in three. The real server then runs as its own process and autocannon
// calls it over HTTP. Never fails on speed. Run with `npm run bench:applications-list` (options in bench/README.md).
import os from 'node:os';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { firstStart } from '../apps/server/src/modules/setup/first-start.ts';
import { createBenchOrganization } from './lib/analytics-history.ts';
import { insertBenchApplications } from './lib/list-data.ts';
import { cleanUpOnExit, runCleanups } from './lib/processes.ts';
import { signIn, startServer } from './lib/server.ts';
import {
  FIRST_NAMES,
  LAST_NAMES,
  measureCall as measure,
  printCall as printCallLine,
  printRatioTable,
  eachDataSet,
  seededDataSet,
  laps,
  listBenchOptions,
  type As,
  type CallResult,
  type CallSpec,
} from './lib/list-bench.ts';
import { runMeasured } from './lib/results.ts';

const options = listBenchOptions({ sizes: '10000,1000000', pgliteSizes: '10000' });
type Kind = 'pglite' | 'postgres';
const { databases: DATABASES, sizes: SIZES, pgliteSizes: PGLITE_SIZES, duration: DURATION, warmup: WARMUP, connections: CONNECTION_LEVELS } = options;
const ORGANIZATIONS = 4;
const DAYS = 90;

const SUPER = { email: 'bench.super@bench.example', password: 'Bench-Super-Password-42' };
const ORG_ADMIN = { email: 'bench.admin@org1.bench.example', password: 'Bench-Admin-Password-42' };
const log = (message: string) => process.stdout.write(`${message}\n`);
// The first 70 first names and 91 last names of the shared lists (the data sets these figures were first taken on).
const FIRST = FIRST_NAMES.slice(0, 70);
const LAST = LAST_NAMES.slice(0, 91);
cleanUpOnExit('stopping the server and dropping the benchmark databases');

interface Fixture {
  orgId: string;
  workflowId: string;
  /** The most used current step of that workflow. */
  stepId: string;
  /** One case's own number in its email (a rare search). */
  rareText: string;
  /** A cursor taken from the row 10,000 deep in the default order (fetched after the server starts). */
  from: string;
  to: string;
}

/** The data set: schema, super admin, organizations with their workflows, then `rows` cases. */
async function seed(db: Db, env: Record<string, string>, rows: number): Promise<{ fixture: Fixture; seconds: Record<string, number> }> {
  const { seconds, lap } = laps();
  await migrate(db);
  await firstStart(db, loadConfig(env));
  const orgs = [];
  for (let o = 1; o <= ORGANIZATIONS; o += 1) {
    orgs.push(
      await createBenchOrganization(
        db,
        `Applications Bench ${o}`,
        o === 1 ? ORG_ADMIN : { email: `bench.admin@org${o}.bench.example`, password: ORG_ADMIN.password },
      ),
    );
  }
  const seededCases = await insertBenchApplications(db, orgs, rows, { names: { first: FIRST, last: LAST }, days: DAYS, lap });
  await db.exec('vacuum analyze');
  await db.exec('checkpoint');
  lap('vacuum_analyze');
  const g = Math.floor(rows / 2) + 1;
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  return {
    fixture: {
      orgId: seededCases.organizationId,
      workflowId: seededCases.workflowId,
      stepId: seededCases.stepId,
      rareText: `${g}@mail`,
      from: day(30),
      to: day(23),
    },
    seconds,
  };
}

function callSpecs(f: Fixture, deep: Record<As, Record<string, string>>): CallSpec[] {
  const list = '/api/admin/applications';
  const both = (name: string, query: string): CallSpec[] =>
    (['org admin', 'super admin'] as const).map((as) => ({ name, as, path: query ? `${list}?${query}` : list }));
  const deepPage = (sort: string): CallSpec[] =>
    (['org admin', 'super admin'] as const).map((as) => ({
      name: `cursor 10,000 rows deep, sort=${sort}`,
      as,
      path: `${list}?sort=${sort}&cursor=${deep[as][sort]}`,
    }));
  return [
    ...both('default order (-created_at)', ''),
    ...both('sort=created_at', 'sort=created_at'),
    ...both('sort=-updated_at', 'sort=-updated_at'),
    ...both('sort=updated_at', 'sort=updated_at'),
    ...deepPage('-created_at'),
    ...deepPage('-updated_at'),
    ...both('status=waiting (24 %)', 'status=waiting'),
    ...both('status=failed (3 %)', 'status=failed'),
    ...both('status=failed, sort=-updated_at', 'status=failed&sort=-updated_at'),
    ...both('workflow_id', `workflow_id=${f.workflowId}`),
    ...both('workflow_id + current_step_id', `workflow_id=${f.workflowId}&current_step_id=${f.stepId}`),
    ...both('waiting_for_review=true (12 %)', 'waiting_for_review=true'),
    ...both('waiting_for_review=false', 'waiting_for_review=false'),
    ...both('overdue=true (1.2 %)', 'overdue=true'),
    ...both('overdue=false', 'overdue=false'),
    ...both('from/to (one week, 30 days ago)', `from=${encodeURIComponent(f.from)}&to=${encodeURIComponent(f.to)}`),
    ...both('q, common ("mar": Mary, Mark, Martin, Martinez…)', 'q=mar'),
    ...both('q, a last name ("smith")', 'q=smith'),
    ...both('q, "first last" ("mary smith")', `q=${encodeURIComponent('mary smith')}`),
    ...both('q, rare (one case)', `q=${encodeURIComponent(f.rareText)}`),
    ...both('q, external reference prefix ("REF-0000")', 'q=REF-0000'),
    ...both('q, matching nobody', 'q=no-such-person'),
    { name: 'organization_id', as: 'super admin' as const, path: `${list}?organization_id=${f.orgId}` },
    // The monitor's counters above the table (a separate endpoint, exact counts of the open cases).
    ...(['org admin', 'super admin'] as const).map((as) => ({ name: 'GET /counts (the counters)', as, path: `${list}/counts` })),
  ].filter((c) => c.name.includes(options.calls));
}

const printCall = (r: CallResult) => printCallLine(r, `${r.call} (${r.as}, ${r.connections} conn.)`);

interface DataSet {
  database: Kind;
  rows: number;
  seconds: Record<string, number>;
  calls: CallResult[];
}

/** The next_cursor after `depth` rows of `sort` (pages of 100). */
async function cursorAt(base: string, token: string, sort: string, depth: number): Promise<string> {
  let cursor = '';
  for (let read = 0; read < depth; read += 100) {
    const res = await fetch(`${base}/api/admin/applications?sort=${sort}&limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`cursor walk: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { next_cursor: string | null };
    if (!body.next_cursor) break;
    cursor = body.next_cursor;
  }
  return cursor;
}

async function benchDataSet(kind: Kind, rows: number): Promise<DataSet> {
  log(`\n== ${kind}, ${rows.toLocaleString('en')} applications in ${ORGANIZATIONS} organizations`);
  // Seeded first, then the server is started on it.
  const { env, port, seeded } = await seededDataSet({
    kind,
    name: 'applications',
    rows,
    pgUrl: options.pgUrl,
    keep: options.keep,
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
    // The server's background runtime would start advancing the seeded cases; the bench measures the list only.
    await startServer(env, port);
    const base = `http://127.0.0.1:${port}`;
    const tokens: Record<As, string> = {
      'super admin': (await signIn(base, SUPER.email, SUPER.password)).access_token,
      'org admin': (await signIn(base, ORG_ADMIN.email, ORG_ADMIN.password)).access_token,
    };
    const deep: Record<As, Record<string, string>> = { 'super admin': {}, 'org admin': {} };
    for (const as of ['super admin', 'org admin'] as const) {
      for (const sort of ['-created_at', '-updated_at'])
        deep[as][sort] = await cursorAt(base, tokens[as], sort, Math.min(10_000, Math.floor(rows / ORGANIZATIONS / 2)));
    }
    const calls: CallResult[] = [];
    for (const connections of CONNECTION_LEVELS) {
      log(`   calls (${WARMUP} s warm-up, then ${DURATION} s with ${connections} connection(s); load average ${os.loadavg()[0]!.toFixed(1)}):`);
      for (const spec of callSpecs(fixture, deep)) {
        const r = await measure(base, tokens[spec.as], spec, { warmup: WARMUP, duration: DURATION, connections });
        calls.push(r);
        printCall(r);
      }
    }
    return { database: kind, rows, seconds, calls };
  } finally {
    await runCleanups();
  }
}

function report(sets: DataSet[]) {
  for (const kind of DATABASES)
    printRatioTable(
      kind,
      sets.filter((s) => s.database === kind),
      DURATION,
      true,
    );
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
      connections: CONNECTION_LEVELS,
      organizations: ORGANIZATIONS,
    },
    data_sets: sets,
  };
}

runMeasured('applications-list', main);
