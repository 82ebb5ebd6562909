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
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { firstStart } from '../apps/server/src/modules/setup/first-start.ts';
import { createBenchOrganization } from './lib/analytics-history.ts';
import { cleanUpOnExit, runCleanups } from './lib/processes.ts';
import { signIn, startServer } from './lib/server.ts';
import { FIRST_NAMES, LAST_NAMES, measureCall as measure, printCall as printCallLine, printRatioTable, eachDataSet, seededDataSet, laps, skewSql, type As, type CallResult, type CallSpec } from './lib/list-bench.ts';
import { runMeasured } from './lib/results.ts';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'postgres,pglite' },
    sizes: { type: 'string', default: '10000,1000000' },
    /** Sizes measured on PGlite. */
    'pglite-sizes': { type: 'string', default: '10000' },
    duration: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '0.5' },
    connections: { type: 'string', default: '1,10' },
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
const CONNECTION_LEVELS = args.connections!.split(',').map(Number);
const ORGANIZATIONS = 4;
const DAYS = 90;
/** Rows per INSERT … SELECT generate_series (so PGlite never holds a million rows in one statement). */
const CHUNK = 100_000;

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
    orgs.push(await createBenchOrganization(db, `Applications Bench ${o}`, o === 1 ? ORG_ADMIN : { email: `bench.admin@org${o}.bench.example`, password: ORG_ADMIN.password }));
  }
  // The workflows and their steps as tables the set-based inserts join (dropped at the end).
  await db.exec(`create table bench_wf (org_no int, k int, workflow_id uuid, version int, organization_id uuid, step_ids uuid[], approval_step uuid);
                 create table bench_step (step_id uuid primary key, step_type text, step_name text)`);
  for (const [o, org] of orgs.entries()) {
    for (const [k, w] of org.workflows.entries()) {
      const steps = [...w.graph.steps.values()].filter((s) => s.type !== 'start' && s.type !== 'end');
      const approval = steps.find((s) => s.type === 'approval') ?? steps[0]!;
      await db.query('insert into bench_wf values ($1, $2, $3, $4, $5, $6, $7)', [o, k, w.id, w.version, org.id, steps.map((s) => s.id), approval.id]);
      for (const s of steps) await db.query('insert into bench_step values ($1, $2, $3) on conflict do nothing', [s.id, s.type, s.name]);
    }
  }
  const workflowsPerOrg = orgs[0]!.workflows.length;
  lap('setup');

  // The three tables' secondary indexes are set aside while the rows go in and built again after; their
  // definitions are read back from the catalog, so they are exactly the migrations'.
  const indexes = (
    await db.query<{ name: string; def: string }>(
      `select i.relname as name, pg_get_indexdef(i.oid) as def from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid in ('applications'::regclass, 'application_steps'::regclass, 'review_tasks'::regclass)
          and not x.indisprimary and not x.indisunique`,
    )
  ).rows;
  for (const ix of indexes) await db.exec(`drop index ${ix.name}`);

  for (let from = 1; from <= rows; from += CHUNK) {
    const to = Math.min(rows, from + CHUNK - 1);
    await db.query(
      `insert into applications (organization_id, workflow_id, workflow_version, applicant, applicant_name, applicant_email, external_ref, source,
                                 status, outcome, waiting_for, current_step_id, current_step_run_id, step_entered_at, created_at, updated_at, completed_at)
       select w.organization_id, w.workflow_id, w.version, jsonb_build_object('name', f.name, 'email', f.email), f.name, f.email,
              case when g % 3 = 0 then 'REF-' || lpad(g::text, 8, '0') end, 'api',
              st.status, st.outcome, st.waiting_for, s.step_id, case when s.step_id is not null then gen_random_uuid() end,
              case when s.step_id is not null then c.updated end, c.created, c.updated,
              case when st.status in ('completed', 'failed', 'cancelled') then c.updated end
         from generate_series($1::bigint, $2::bigint) g
        cross join lateral (select ((g * 2654435761) % 1000003) / 1000003.0 as h1, ((g * 40503 + 17) % 1000033) / 1000033.0 as h2,
                                   (g * 7919 % 1000)::int as r) k
        join bench_wf w on w.org_no = g % ${ORGANIZATIONS} and w.k = (g * 31 / ${ORGANIZATIONS}) % ${workflowsPerOrg}
        cross join lateral (select ($4::text[])[${skewSql('k.h1', FIRST.length)}] || ' ' || ($5::text[])[${skewSql('k.h2', LAST.length)}] as name) n
        cross join lateral (select n.name, lower(replace(n.name, ' ', '.')) || g || '@mail.example' as email) f
        cross join lateral (select now() - make_interval(secs => ($3::int - g + 1)::float8 / $3::int * ${DAYS} * 86400) as created) c0
        cross join lateral (select c0.created, least(now(), c0.created + make_interval(secs => (g * 48271 % 259200)::float8)) as updated) c
        cross join lateral (select case when k.r < 550 then 'completed' when k.r < 580 then 'failed' when k.r < 620 then 'cancelled'
                                        when k.r < 860 then 'waiting' when k.r < 930 then 'running' else 'pending' end as status,
                                   case when k.r < 550 then (case when g % 5 = 0 then 'rejected' else 'approved' end)
                                        when k.r >= 580 and k.r < 620 then 'cancelled' end as outcome,
                                   case when k.r >= 620 and k.r < 740 then 'approval' when k.r >= 740 and k.r < 840 then 'form'
                                        when k.r >= 840 and k.r < 860 then 'delay' end as waiting_for) st
        cross join lateral (select case when st.waiting_for = 'approval' then w.approval_step
                                        when st.status in ('running', 'waiting', 'failed') then w.step_ids[1 + g % cardinality(w.step_ids)] end as step_id) s`,
      [from, to, rows, FIRST, LAST],
    );
    if (rows > CHUNK) log(`   ${to.toLocaleString('en')} applications`);
  }
  lap('insert_applications');
  await db.exec(
    `insert into application_steps (id, application_id, organization_id, workflow_id, step_id, step_type, step_name, status, attempts, entered_at, completed_at)
     select a.current_step_run_id, a.id, a.organization_id, a.workflow_id, a.current_step_id, s.step_type, s.step_name,
            case a.status when 'waiting' then 'waiting' when 'failed' then 'failed' else 'running' end, 1, a.step_entered_at, a.completed_at
       from applications a join bench_step s on s.step_id = a.current_step_id where a.current_step_run_id is not null`,
  );
  // Due three days after the step was entered, moved so that one in ten is overdue.
  await db.exec(
    `insert into review_tasks (organization_id, application_id, workflow_id, step_id, step_run_id, step_name, assignee_role, due_at, created_at)
     select a.organization_id, a.id, a.workflow_id, a.current_step_id, a.current_step_run_id, s.step_name, 'manager',
            case when abs(hashtext(a.id::text)) % 10 = 0 then now() - interval '1 day' else now() + interval '2 days' end, a.step_entered_at
       from applications a join bench_step s on s.step_id = a.current_step_id where a.status = 'waiting' and a.waiting_for = 'approval'`,
  );
  lap('insert_steps_and_tasks');
  for (const ix of indexes) await db.exec(ix.def);
  lap('indexes');
  const w = (await db.query<{ workflow_id: string; organization_id: string }>('select workflow_id, organization_id from bench_wf where org_no = 0 and k = 0')).rows[0]!;
  const step = (await db.query<{ current_step_id: string }>(
    'select current_step_id from applications where workflow_id = $1 and current_step_id is not null group by 1 order by count(*) desc limit 1', [w.workflow_id],
  )).rows[0]!;
  await db.exec('drop table bench_wf; drop table bench_step');
  await db.exec('vacuum analyze');
  await db.exec('checkpoint');
  lap('vacuum_analyze');
  const g = Math.floor(rows / 2) + 1;
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  return {
    fixture: { orgId: w.organization_id, workflowId: w.workflow_id, stepId: step.current_step_id, rareText: `${g}@mail`, from: day(30), to: day(23) },
    seconds,
  };
}

function callSpecs(f: Fixture, deep: Record<As, Record<string, string>>): CallSpec[] {
  const list = '/api/admin/applications';
  const both = (name: string, query: string): CallSpec[] =>
    (['org admin', 'super admin'] as const).map((as) => ({ name, as, path: query ? `${list}?${query}` : list }));
  const deepPage = (sort: string): CallSpec[] =>
    (['org admin', 'super admin'] as const).map((as) => ({ name: `cursor 10,000 rows deep, sort=${sort}`, as, path: `${list}?sort=${sort}&cursor=${deep[as][sort]}` }));
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
  ].filter((c) => c.name.includes(args.calls!));
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
    const res = await fetch(`${base}/api/admin/applications?sort=${sort}&limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
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
  const { env, port, seeded } = await seededDataSet({ kind, name: 'applications', rows, pgUrl: args['pg-url']!, keep: args.keep!, admin: SUPER, seed: (db, env) => seed(db, env, rows) });
  const { fixture, seconds } = seeded;
  log(`   data set ready (s): ${Object.entries(seconds).map(([k, v]) => `${k} ${v}`).join(', ')}`);
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
      for (const sort of ['-created_at', '-updated_at']) deep[as][sort] = await cursorAt(base, tokens[as], sort, Math.min(10_000, Math.floor(rows / ORGANIZATIONS / 2)));
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
  for (const kind of DATABASES) printRatioTable(kind, sets.filter((s) => s.database === kind), DURATION, true);
}

async function main(): Promise<Record<string, unknown>> {
  const sets = await eachDataSet(DATABASES, SIZES, PGLITE_SIZES, benchDataSet);
  report(sets);
  return {
    options: { sizes: SIZES, pglite_sizes: PGLITE_SIZES, duration_seconds: DURATION, warmup_seconds: WARMUP, connections: CONNECTION_LEVELS, organizations: ORGANIZATIONS },
    data_sets: sets,
  };
}

runMeasured('applications-list', main);
