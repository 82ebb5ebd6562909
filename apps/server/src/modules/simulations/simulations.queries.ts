/** Simulation runs and their per-case results (migration 0030). */
import type { SimulationNewReviews, SimulationPathStep, SimulationStatus, SimulationSummaryBody } from '@admin-portal/contract/workflows/simulations';
import type { Queryable } from '../../db/client.ts';

export interface SimulationRunRow {
  id: string;
  organization_id: string;
  workflow_id: string;
  version: number;
  cases_from: Date;
  cases_to: Date;
  ran_on_version: number | null;
  new_reviews: SimulationNewReviews;
  max_cases: number;
  sandbox_tools: string[];
  status: SimulationStatus;
  cases_done: number;
  summary: SimulationSummaryBody | null;
  error: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const RUN_COLUMNS = `r.id, r.organization_id, r.workflow_id, r.version, r.cases_from, r.cases_to, r.ran_on_version, r.new_reviews, r.max_cases, r.sandbox_tools,
  r.status, r.cases_done, r.summary, r.error, r.created_by, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as created_by_name, r.created_at, r.started_at,
  r.finished_at`;

export async function insertRun(
  db: Queryable,
  run: Pick<
    SimulationRunRow,
    'organization_id' | 'workflow_id' | 'version' | 'cases_from' | 'cases_to' | 'ran_on_version' | 'new_reviews' | 'max_cases' | 'sandbox_tools' | 'created_by'
  >,
): Promise<string> {
  const res = await db.query<{ id: string }>(
    `insert into simulation_runs (organization_id, workflow_id, version, cases_from, cases_to, ran_on_version, new_reviews, max_cases, sandbox_tools, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      run.organization_id,
      run.workflow_id,
      run.version,
      run.cases_from,
      run.cases_to,
      run.ran_on_version,
      run.new_reviews,
      run.max_cases,
      run.sandbox_tools,
      run.created_by,
    ],
  );
  return res.rows[0]!.id;
}

export async function findRun(db: Queryable, id: string): Promise<SimulationRunRow | null> {
  const res = await db.query<SimulationRunRow>(`select ${RUN_COLUMNS} from simulation_runs r left join users u on u.id = r.created_by where r.id = $1`, [id]);
  return res.rows[0] ?? null;
}

export async function findRuns(db: Queryable, workflowId: string, version: number | undefined, page: { limit: number; offset: number }) {
  const res = await db.query<SimulationRunRow & { total: number }>(
    `select ${RUN_COLUMNS}, count(*) over ()::int as total
       from simulation_runs r left join users u on u.id = r.created_by
      where r.workflow_id = $1 and ($2::int is null or r.version = $2)
      order by r.created_at desc, r.id desc
      limit $3 offset $4`,
    [workflowId, version ?? null, page.limit, page.offset],
  );
  return res.rows;
}

/** Whether a run of the workflow is queued or running. */
export async function hasUnfinishedRun(db: Queryable, workflowId: string): Promise<boolean> {
  const res = await db.query(`select 1 from simulation_runs where workflow_id = $1 and status in ('queued', 'running') limit 1`, [workflowId]);
  return res.rows.length > 0;
}

/** Marks a run as being worked on (again, after a restart: what an earlier attempt wrote is removed). */
export async function beginRun(db: Queryable, id: string): Promise<void> {
  await db.query(`delete from simulation_cases where run_id = $1`, [id]);
  await db.query(`update simulation_runs set status = 'running', started_at = now(), cases_done = 0, error = null where id = $1`, [id]);
}

export async function setProgress(db: Queryable, id: string, casesDone: number): Promise<void> {
  await db.query(`update simulation_runs set cases_done = $2 where id = $1`, [id, casesDone]);
}

export async function finishRun(db: Queryable, id: string, summary: SimulationSummaryBody): Promise<void> {
  await db.query(`update simulation_runs set status = 'completed', summary = $2, cases_done = $3, finished_at = now() where id = $1`, [
    id,
    JSON.stringify(summary),
    summary.cases,
  ]);
}

export async function failRun(db: Queryable, id: string, error: string): Promise<void> {
  await db.query(`update simulation_runs set status = 'failed', error = $2, finished_at = now() where id = $1`, [id, error.slice(0, 2000)]);
}

export interface SimulationCaseRow {
  application_id: string;
  created_at: Date;
  before_end: string;
  after_end: string;
  changed: boolean;
  reason: string | null;
  before_path: SimulationPathStep[];
  after_path: SimulationPathStep[];
}

/** One statement per batch of cases. */
export async function insertCases(db: Queryable, runId: string, rows: readonly SimulationCaseRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into simulation_cases (run_id, application_id, created_at, before_end, after_end, changed, reason, before_path, after_path)
     select $1, c.application_id, c.created_at, c.before_end, c.after_end, c.changed, c.reason, c.before_path, c.after_path
       from jsonb_to_recordset($2::jsonb) as c(application_id uuid, created_at timestamptz, before_end text, after_end text, changed boolean,
                                               reason text, before_path jsonb, after_path jsonb)`,
    [runId, JSON.stringify(rows)],
  );
}

export async function findCases(db: Queryable, runId: string, changed: boolean | undefined, page: { limit: number; offset: number }) {
  const res = await db.query<Omit<SimulationCaseRow, 'before_path' | 'after_path'>>(
    `select application_id, created_at, before_end, after_end, changed, reason
       from simulation_cases
      where run_id = $1 and ($2::boolean is null or changed = $2)
      order by changed desc, created_at, application_id
      limit $3 offset $4`,
    [runId, changed ?? null, page.limit, page.offset],
  );
  return res.rows;
}

export async function countCases(db: Queryable, runId: string, changed: boolean | undefined): Promise<number> {
  const res = await db.query<{ n: number }>(`select count(*)::int as n from simulation_cases where run_id = $1 and ($2::boolean is null or changed = $2)`, [
    runId,
    changed ?? null,
  ]);
  return res.rows[0]!.n;
}

export async function findCase(db: Queryable, runId: string, applicationId: string): Promise<SimulationCaseRow | null> {
  const res = await db.query<SimulationCaseRow>(
    `select application_id, created_at, before_end, after_end, changed, reason, before_path, after_path
       from simulation_cases where run_id = $1 and application_id = $2`,
    [runId, applicationId],
  );
  return res.rows[0] ?? null;
}

/** Every case of a run in the export's order, `size` at a time. */
export async function* caseBatches(db: Queryable, runId: string, size = 2_000): AsyncGenerator<SimulationCaseRow[]> {
  let after: { created_at: Date; application_id: string } | null = null;
  for (;;) {
    const res: { rows: SimulationCaseRow[] } = await db.query<SimulationCaseRow>(
      `select application_id, created_at, before_end, after_end, changed, reason, before_path, after_path
         from simulation_cases
        where run_id = $1 and ($2::timestamptz is null or (created_at, application_id) > ($2::timestamptz, $3::uuid))
        order by created_at, application_id
        limit $4`,
      [runId, after?.created_at ?? null, after?.application_id ?? null, size],
    );
    if (res.rows.length === 0) return;
    yield res.rows;
    if (res.rows.length < size) return;
    const last = res.rows[res.rows.length - 1]!;
    after = { created_at: last.created_at, application_id: last.application_id };
  }
}

/** The latest completed run on a version (shown when the version is activated). */
export async function findLatestCompletedRun(db: Queryable, workflowId: string, version: number): Promise<SimulationRunRow | null> {
  const res = await db.query<SimulationRunRow>(
    `select ${RUN_COLUMNS} from simulation_runs r left join users u on u.id = r.created_by
      where r.workflow_id = $1 and r.version = $2 and r.status = 'completed'
      order by r.finished_at desc, r.id desc limit 1`,
    [workflowId, version],
  );
  return res.rows[0] ?? null;
}

/**
 * Deletes the workflow's finished runs beyond its `keep` newest (their cases go with them): a workflow tried many times
 * keeps its recent runs, never every one.
 */
export async function pruneRuns(db: Queryable, workflowId: string, keep: number): Promise<number> {
  const res = await db.query(
    `delete from simulation_runs where id in (
       select id from simulation_runs where workflow_id = $1 and status in ('completed', 'failed')
        order by finished_at desc nulls last, created_at desc, id offset $2)`,
    [workflowId, keep],
  );
  return res.rowCount ?? 0;
}
