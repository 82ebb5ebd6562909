// Review queue benchmark (issue 35): p50/p95 of the calls the monitor's review queue makes — its views "Mine"
// (claimed_by=me), "Unclaimed" (mine=true&claimed_by=nobody), "All my roles" (mine=true), a lead's view of one
// person's reviews (claimed_by=<id>), the counts the view buttons show, and whom a lead can assign to — each as the
// monitor asks (200 rows, soonest deadline first, with the total), as a reviewer and as a lead of the first
// organization, at ~10,000 and ~120,000 open reviews (84,000 and 1,000,000 cases: one case in eight waits for a
// review), on PostgreSQL and on PGlite. The cases come from the applications list's data (bench/lib/list-data.ts:
// 4 organizations, their reviews for managers, one in ten overdue); each organization gets more managers (at least 20,
// and enough for about 50 claimed reviews each), and half of the open reviews are claimed, spread over them. The real server runs as its own process
// and autocannon calls it over HTTP; last, the lead approves 500 unclaimed reviews in one bulk call, timed. Never
// fails on speed. Run with `npm run bench:reviews` (options in bench/README.md).
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
  measureCall,
  printCall as printCallLine,
  printRatioTable,
  eachDataSet,
  seededDataSet,
  laps,
  listBenchOptions,
  type CallResult,
  type CallSpec,
} from './lib/list-bench.ts';
import { runMeasured } from './lib/results.ts';

const options = listBenchOptions({ sizes: '84000,1000000', pgliteSizes: '84000' });
type Kind = 'pglite' | 'postgres';
const { databases: DATABASES, sizes: SIZES, pgliteSizes: PGLITE_SIZES, duration: DURATION, warmup: WARMUP, connections: CONNECTION_LEVELS } = options;
const ORGANIZATIONS = 4;
const DAYS = 90;
/** Claimed reviews each reviewer has, about: the team grows with the work, as a real one does (at least 20 more managers). */
const PER_REVIEWER = 50;

const SUPER = { email: 'bench.super@bench.example', password: 'Bench-Super-Password-42' };
const ORG_ADMIN = { email: 'bench.admin@org1.bench.example', password: 'Bench-Admin-Password-42' };
const log = (message: string) => process.stdout.write(`${message}\n`);
cleanUpOnExit('stopping the server and dropping the benchmark databases');

interface Fixture {
  /** The reviewer: the first organization's first manager (the reviews' role). */
  reviewer: { id: string; email: string };
  /** Open reviews in all, in the first organization, claimed there, and the reviewer's own. */
  open: { all: number; org: number; claimed: number; reviewer: number };
}

/** The data set: the applications list's cases and reviews, more managers, half the open reviews claimed. */
async function seed(db: Db, env: Record<string, string>, rows: number): Promise<{ fixture: Fixture; seconds: Record<string, number> }> {
  const { seconds, lap } = laps();
  await migrate(db);
  await firstStart(db, loadConfig(env));
  const orgs = [];
  for (let o = 1; o <= ORGANIZATIONS; o += 1) {
    orgs.push(
      await createBenchOrganization(
        db,
        `Reviews Bench ${o}`,
        o === 1 ? ORG_ADMIN : { email: `bench.admin@org${o}.bench.example`, password: ORG_ADMIN.password },
      ),
    );
  }
  await insertBenchApplications(db, orgs, rows, { names: { first: FIRST_NAMES, last: LAST_NAMES }, days: DAYS, lap });
  // More managers per organization (the first manager's password), enough for each to have about PER_REVIEWER of the
  // half of the open reviews that are claimed, spread evenly.
  const openPerOrg = (
    await db.query<{ n: number }>(`select count(*)::int as n from review_tasks where status = 'open' and organization_id = $1`, [orgs[0]!.id])
  ).rows[0]!.n;
  const team = Math.max(20, Math.round(openPerOrg / 2 / PER_REVIEWER));
  for (const org of orgs) {
    await db.query(
      `insert into users (organization_id, email, first_name, last_name, role, password_hash)
       select $1::uuid, 'reviewer.' || g || '.' || $1::text || '@bench.example', 'Reviewer', g::text, 'manager', u.password_hash
         from generate_series(1, $2::int) g cross join (select password_hash from users where id = $3) u`,
      [org.id, team, org.staff.manager![0]],
    );
  }
  await db.exec(
    `with team as (select organization_id, array_agg(id order by email) as ids from users where role = 'manager' group by organization_id)
     update review_tasks t set claimed_by = team.ids[1 + abs(hashtext(t.id::text || 'holder')) % cardinality(team.ids)], claimed_at = t.created_at
       from team where team.organization_id = t.organization_id and t.status = 'open' and abs(hashtext(t.id::text || 'claim')) % 2 = 0`,
  );
  lap('managers_and_claims');
  await db.exec('vacuum analyze');
  await db.exec('checkpoint');
  lap('vacuum_analyze');
  const org = orgs[0]!.id;
  const reviewer = (
    await db.query<{ id: string; email: string }>(`select id, email from users where organization_id = $1 and role = 'manager' order by email limit 1`, [org])
  ).rows[0]!;
  const open = (
    await db.query<Fixture['open']>(
      `select count(*)::int as all,
              count(*) filter (where organization_id = $1)::int as org,
              count(*) filter (where organization_id = $1 and claimed_by is not null)::int as claimed,
              count(*) filter (where claimed_by = $2)::int as reviewer
         from review_tasks where status = 'open'`,
      [org, reviewer.id],
    )
  ).rows[0]!;
  return { fixture: { reviewer, open }, seconds };
}

type Who = 'reviewer' | 'lead';
/** Each call with who makes it; `as` in the shared tables reads "org admin" for both: members of the first organization. */
function callSpecs(f: Fixture): (CallSpec & { who: Who })[] {
  const queue = '/api/admin/applications/review-tasks';
  const view = (name: string, who: Who, query: string) => ({
    name: `${name} (${who})`,
    who,
    as: 'org admin' as const,
    path: `${queue}?status=open&limit=200&${query}`,
  });
  return [
    view('Mine: claimed_by=me', 'reviewer', 'claimed_by=me'),
    view('Unclaimed: mine=true&claimed_by=nobody', 'reviewer', 'mine=true&claimed_by=nobody'),
    view('All my roles: mine=true', 'reviewer', 'mine=true'),
    view('Mine, overdue only', 'reviewer', 'claimed_by=me&overdue=true'),
    { name: 'GET /counts (the view buttons) (reviewer)', who: 'reviewer' as const, as: 'org admin' as const, path: `${queue}/counts` },
    view("One person's: claimed_by=<id>", 'lead', `claimed_by=${f.reviewer.id}`),
    view('Unclaimed: claimed_by=nobody', 'lead', 'claimed_by=nobody'),
    { name: 'GET /reviewers?role=manager (lead)', who: 'lead' as const, as: 'org admin' as const, path: `${queue}/reviewers?role=manager` },
  ].filter((c) => c.name.includes(options.calls));
}

const printCall = (r: CallResult) => printCallLine(r, `${r.call}, ${r.connections} conn.`);

interface DataSet {
  database: Kind;
  rows: number;
  open: Fixture['open'];
  seconds: Record<string, number>;
  calls: CallResult[];
  /** One bulk approval of BULK unclaimed reviews by the lead: seconds, and how many were done. */
  bulk: { reviews: number; seconds: number; succeeded: number } | null;
}

/** Reviews in the measured bulk decision (the most one call takes). */
const BULK = 500;

/** The lead approves BULK unclaimed reviews in one call (after the queue calls: it changes the data). */
async function bulkDecision(base: string, token: string): Promise<DataSet['bulk']> {
  const ids: string[] = [];
  for (let offset = 0; ids.length < BULK; offset += 100) {
    const res = await fetch(`${base}/api/admin/applications/review-tasks?status=open&claimed_by=nobody&limit=100&offset=${offset}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const page = ((await res.json()) as { items: { id: string }[] }).items;
    if (page.length === 0) break;
    ids.push(...page.map((t) => t.id));
  }
  if (ids.length === 0) return null;
  const taskIds = ids.slice(0, BULK);
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/applications/review-tasks/bulk`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'approve', task_ids: taskIds, comment: 'Bench: approved in bulk' }),
  });
  const seconds = Math.round((performance.now() - started) / 10) / 100;
  if (!res.ok) throw new Error(`bulk approval: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { succeeded: number };
  log(`   bulk approval of ${taskIds.length} reviews by the lead: ${seconds} s, ${body.succeeded} done`);
  return { reviews: taskIds.length, seconds, succeeded: body.succeeded };
}

async function benchDataSet(kind: Kind, rows: number): Promise<DataSet> {
  log(`\n== ${kind}, ${rows.toLocaleString('en')} applications in ${ORGANIZATIONS} organizations`);
  const { env, port, seeded } = await seededDataSet({
    kind,
    name: 'reviews',
    rows,
    pgUrl: options.pgUrl,
    keep: options.keep,
    admin: SUPER,
    seed: (db, env) => seed(db, env, rows),
  });
  const { fixture, seconds } = seeded;
  const o = fixture.open;
  log(
    `   ${o.all.toLocaleString('en')} open reviews (${o.org.toLocaleString('en')} in the first organization, ${o.claimed.toLocaleString('en')} of them claimed, ` +
      `${o.reviewer.toLocaleString('en')} by the reviewer); ready in (s): ${Object.entries(seconds)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
  );
  try {
    await startServer(env, port);
    const base = `http://127.0.0.1:${port}`;
    const tokens: Record<Who, string> = {
      reviewer: (await signIn(base, fixture.reviewer.email, ORG_ADMIN.password)).access_token,
      lead: (await signIn(base, ORG_ADMIN.email, ORG_ADMIN.password)).access_token,
    };
    const calls: CallResult[] = [];
    for (const connections of CONNECTION_LEVELS) {
      log(`   calls (${WARMUP} s warm-up, then ${DURATION} s with ${connections} connection(s); load average ${os.loadavg()[0]!.toFixed(1)}):`);
      for (const spec of callSpecs(fixture)) {
        const r = await measureCall(base, tokens[spec.who], spec, { warmup: WARMUP, duration: DURATION, connections });
        calls.push(r);
        printCall(r);
      }
    }
    const bulk = options.calls ? null : await bulkDecision(base, tokens.lead);
    return { database: kind, rows, open: o, seconds, calls, bulk };
  } finally {
    await runCleanups();
  }
}

async function main(): Promise<Record<string, unknown>> {
  const sets = await eachDataSet(DATABASES, SIZES, PGLITE_SIZES, benchDataSet);
  for (const s of sets)
    if (s.bulk) log(`${s.database}, ${s.rows.toLocaleString('en')} cases: bulk approval of ${s.bulk.reviews} reviews in ${s.bulk.seconds} s`);
  for (const kind of DATABASES)
    printRatioTable(
      kind,
      sets.filter((s) => s.database === kind),
      DURATION,
      true,
    );
  return {
    options: { sizes: SIZES, pglite_sizes: PGLITE_SIZES, duration_seconds: DURATION, warmup_seconds: WARMUP, connections: CONNECTION_LEVELS },
    data_sets: sets,
  };
}

runMeasured('reviews', main);
