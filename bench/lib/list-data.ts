/**
 * The large data sets the list and search benchmarks share, written by generate_series straight into the tables with
 * their secondary indexes set aside and built again after (their definitions read back from the catalog, so exactly
 * the migrations'). Applications: created over `days`, a realistic status mix, a current step run for every open or
 * failed case, an open review task for each case waiting for review (one in ten overdue), names and e-mail addresses
 * skewed like real ones, an external reference `REF-<8 digits>` on one case in three. Users: skewed names, roles,
 * 5 % inactive, 0.2 % locked, 15 % never signed in, three years of sign-ups.
 */
import type { Db } from '../../apps/server/src/db/client.ts';
import type { BenchOrganization } from './analytics-history.ts';
import { FIRST_NAMES, LAST_NAMES, skewSql } from './list-bench.ts';

/** Rows per INSERT … SELECT generate_series (so PGlite never holds a million rows in one statement). */
const CHUNK = 100_000;
const log = (message: string) => process.stdout.write(`${message}\n`);

/** The first organization's first workflow and its most used current step (for filters). */
export interface SeededApplications {
  organizationId: string;
  workflowId: string;
  stepId: string;
}

/** `rows` cases g = 1..rows over the organizations' active workflows (case g in organization g mod n), oldest first. */
export async function insertBenchApplications(
  db: Db,
  orgs: readonly Pick<BenchOrganization, 'id' | 'workflows'>[],
  rows: number,
  options: { names: { first: readonly string[]; last: readonly string[] }; days: number; lap: (name: string) => void },
): Promise<SeededApplications> {
  const { names, days, lap } = options;
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
  const ORGANIZATIONS = orgs.length;
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
        cross join lateral (select ($4::text[])[${skewSql('k.h1', names.first.length)}] || ' ' || ($5::text[])[${skewSql('k.h2', names.last.length)}] as name) n
        cross join lateral (select n.name, lower(replace(n.name, ' ', '.')) || g || '@mail.example' as email) f
        cross join lateral (select now() - make_interval(secs => ($3::int - g + 1)::float8 / $3::int * ${days} * 86400) as created) c0
        cross join lateral (select c0.created, least(now(), c0.created + make_interval(secs => (g * 48271 % 259200)::float8)) as updated) c
        cross join lateral (select case when k.r < 550 then 'completed' when k.r < 580 then 'failed' when k.r < 620 then 'cancelled'
                                        when k.r < 860 then 'waiting' when k.r < 930 then 'running' else 'pending' end as status,
                                   case when k.r < 550 then (case when g % 5 = 0 then 'rejected' else 'approved' end)
                                        when k.r >= 580 and k.r < 620 then 'cancelled' end as outcome,
                                   case when k.r >= 620 and k.r < 740 then 'approval' when k.r >= 740 and k.r < 840 then 'form'
                                        when k.r >= 840 and k.r < 860 then 'delay' end as waiting_for) st
        cross join lateral (select case when st.waiting_for = 'approval' then w.approval_step
                                        when st.status in ('running', 'waiting', 'failed') then w.step_ids[1 + g % cardinality(w.step_ids)] end as step_id) s`,
      [from, to, rows, names.first, names.last],
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
  const w = (await db.query<{ workflow_id: string; organization_id: string }>('select workflow_id, organization_id from bench_wf where org_no = 0 and k = 0'))
    .rows[0]!;
  const step = (
    await db.query<{ current_step_id: string }>(
      'select current_step_id from applications where workflow_id = $1 and current_step_id is not null group by 1 order by count(*) desc limit 1',
      [w.workflow_id],
    )
  ).rows[0]!;
  await db.exec('drop table bench_wf; drop table bench_step');
  return { organizationId: w.organization_id, workflowId: w.workflow_id, stepId: step.current_step_id };
}

/**
 * `rows` users g = 1..rows in the organizations (user g in organization g mod n), signed up over three years in
 * order; names skewed towards the start of each list; e-mail first.last<g>@org<o>.bench.example (unique); roles viewer
 * 40 %, operator 30 %, analyst 12 %, manager 10 %, compliance officer 6 %, admin 2 %; 5 % inactive; 0.2 % locked for
 * a day; 15 % never signed in, the rest within the last year. Every one has `passwordHash`.
 */
export async function insertBenchUsers(db: Db, orgIds: readonly string[], rows: number, passwordHash: string, lap: (name: string) => void): Promise<void> {
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

  for (let from = 1; from <= rows; from += CHUNK) {
    const to = Math.min(rows, from + CHUNK - 1);
    await db.query(
      `insert into users (organization_id, email, first_name, last_name, role, password_hash, is_active, locked_until, last_login_at, created_at, updated_at)
       select ($1::uuid[])[1 + g % ${orgIds.length}],
              lower(f.first) || '.' || lower(f.last) || g || '@org' || (1 + g % ${orgIds.length}) || '.bench.example',
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
        cross join lateral (select ($6::text[])[${skewSql('k.h1', FIRST_NAMES.length)}] as first,
                                   ($7::text[])[${skewSql('k.h2', LAST_NAMES.length)}] as last) f`,
      [orgIds, passwordHash, from, to, rows, FIRST_NAMES, LAST_NAMES],
    );
    if (rows > CHUNK) log(`   ${to.toLocaleString('en')} users`);
  }
  lap('insert');
  for (const ix of indexes) await db.exec(ix.def);
  lap('indexes');
}
