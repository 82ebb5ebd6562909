/**
 * What the analytics read: the rollups by hour, day and week (a few rows each, whatever the number of applications) for a
 * period and the one before it, and a few live figures from partial indexes that hold only what is open now
 * (open cases, open reviews). Nothing here scans the applications' history.
 */
import type { Queryable } from '../../db/client.ts';
import { run, sql, type Sql } from '../../db/sql.ts';
import { OPEN_SNAPSHOT_MAX_AGE_S } from './open-case-snapshot.ts';
import {
  APPLICATION_STATS,
  DAY_MS,
  FAILURE_STATS,
  levelStart,
  REVIEW_STATS,
  rollupTwin,
  STEP_STATS,
  TOOL_ERROR_STATS,
  TOOL_STATS,
  WEEK_MS,
  type RollupLevel,
  type RollupTable,
} from './rollup-tables.ts';

export interface Span {
  /** The organization; null for every organization (a super admin without one chosen). */
  scope: string | null;
  workflowId?: string | null;
  /** Only these workflows (e.g. the dashboard's funnels). */
  workflowIds?: readonly string[];
  from: Date;
  to: Date;
  previousFrom: Date;
  previousTo: Date;
}

/** Every rollup table, hourly, daily and weekly: the names a statement may read from. */
const ROLLUP_TABLES = [APPLICATION_STATS, STEP_STATS, REVIEW_STATS, FAILURE_STATS, TOOL_STATS, TOOL_ERROR_STATS].flatMap((t) =>
  [t.name, t.daily, t.weekly].filter((name): name is string => name !== undefined),
);

/** A rollup table's name as SQL. */
const tableName = (table: RollupTable): Sql => sql.id(table.name, ROLLUP_TABLES);

/** The columns of a rollup table (its time column `hour`, `day` or `week`). */
const columnsOf = (table: RollupTable): string[] => [...table.keys.map(([c]) => c), ...table.counters.map(([c]) => c), ...table.histograms];

/** `s.<column>` of a rollup row, the column one of the table's. */
const rollupColumn = (table: RollupTable, column: string): Sql => sql`s.${sql.id(column, columnsOf(table))}`;

/** The period's rows of an hourly rollup (tables without a daily twin, and series cut by the hour). */
function hourlyWhere(conditions: readonly Sql[], span: Pick<Span, 'from' | 'to'>): Sql {
  return sql.where([...conditions, sql`s.hour >= date_trunc('hour', ${span.from}::timestamptz)`, sql`s.hour < ${span.to}::timestamptz`]);
}

/** The start of the day or week (UTC) at or after `d`. */
const ceilLevel = (level: RollupLevel, d: Date) => levelStart(level, new Date(d.getTime() + (level === 'day' ? DAY_MS : WEEK_MS) - 1));

/** The scope's conditions on a rollup row (alias `s`). */
function scopeConditions(span: Span): Sql[] {
  const out: Sql[] = [];
  if (span.scope) out.push(sql`s.organization_id = ${span.scope}`);
  if (span.workflowId) out.push(sql`s.workflow_id = ${span.workflowId}`);
  if (span.workflowIds) out.push(sql`s.workflow_id = any(${[...span.workflowIds]}::uuid[])`);
  return out;
}

/**
 * A rollup's rows for the period (and the previous one unless `previous` is false), as a `select … union all …`
 * with the columns asked for and `cur` (true for the period's rows): whole UTC weeks from the weekly table (up to
 * `coarsest`), the whole days before and after them from the daily one, and the hours left at the edges from the
 * hourly one. A 30-day period reads about 4 weekly and 4 daily rows per key instead of 720 hourly ones. A period that
 * runs to now (or later) takes this week's (or today's) row whole: nothing after now has happened yet.
 */
function spanRows(
  rollup: RollupTable,
  columns: readonly string[],
  conditions: readonly Sql[],
  span: Pick<Span, 'from' | 'to' | 'previousFrom' | 'previousTo'>,
  previous = true,
  coarsest: RollupLevel = 'week',
): Sql {
  const periods: [Date, Date, boolean][] = [[span.from, span.to, true]];
  if (previous) periods.push([span.previousFrom, span.previousTo, false]);
  const levels = (coarsest === 'week' ? (['week', 'day'] as const) : (['day'] as const)).filter((l) => rollupTwin(rollup, l));
  const cols = (table: RollupTable, time: 'hour' | RollupLevel) =>
    sql.join(
      columns.map((c) => (c === 'at' ? sql`${rollupColumn(table, time)} as at` : rollupColumn(table, c))),
      ', ',
    );
  const selects: Sql[] = [];
  for (const [from, to, cur] of periods) {
    const isCurrent = cur ? sql`true` : sql`false`;
    const open = to.getTime() >= Date.now();
    let left: [Date, Date][] = [[from, to]];
    for (const level of levels) {
      const rest: [Date, Date][] = [];
      for (const [a, b] of left) {
        const first = ceilLevel(level, a);
        const last = open && b === to ? ceilLevel(level, b) : levelStart(level, b);
        if (last <= first) {
          rest.push([a, b]);
          continue;
        }
        const twin = rollupTwin(rollup, level)!;
        const time = rollupColumn(twin, level);
        const where = sql.where([...conditions, sql`${time} >= ${first}::timestamptz`, sql`${time} < ${last}::timestamptz`]);
        selects.push(sql`select ${cols(twin, level)}, ${isCurrent} as cur from ${tableName(twin)} s ${where}`);
        if (first > a) rest.push([a, first]);
        if (b > last) rest.push([last, b]);
      }
      left = rest;
    }
    for (const [a, b] of left) {
      selects.push(sql`select ${cols(rollup, 'hour')}, ${isCurrent} as cur from ${tableName(rollup)} s ${hourlyWhere(conditions, { from: a, to: b })}`);
    }
  }
  return sql.join(selects, '\n union all ');
}

/** Zones whose days are UTC days all year: a series by day or week can read the daily and weekly rollups. */
const UTC_ZONES = new Set([
  'UTC',
  'Etc/UTC',
  'Etc/GMT',
  'GMT',
  'Etc/Universal',
  'Universal',
  'Etc/Zulu',
  'Zulu',
  'Etc/UCT',
  'UCT',
  'Etc/Greenwich',
  'Greenwich',
  'GMT0',
  'Etc/GMT0',
  'Etc/GMT+0',
  'Etc/GMT-0',
]);

/**
 * A rollup's rows of the period for a series, each with its time as `at`: in a UTC zone by day or week, whole days
 * (and, by week, whole weeks) from the coarser tables (spanRows); otherwise (local days cut UTC days, or buckets of an
 * hour) the hourly rows.
 */
function seriesRows(
  rollup: RollupTable,
  columns: readonly string[],
  conditions: readonly Sql[],
  span: Pick<Span, 'from' | 'to'>,
  bucket: Bucket,
  tz: string,
): Sql {
  if (bucket !== 'hour' && UTC_ZONES.has(tz)) {
    return spanRows(
      rollup,
      ['at', ...columns],
      conditions,
      { ...span, previousFrom: span.from, previousTo: span.from },
      false,
      bucket === 'week' ? 'week' : 'day',
    );
  }
  const cols = sql.join(
    columns.map((c) => rollupColumn(rollup, c)),
    ', ',
  );
  return sql`select s.hour as at, ${cols} from ${tableName(rollup)} s ${hourlyWhere(conditions, span)}`;
}

/** A series' buckets. */
type Bucket = 'hour' | 'day' | 'week';

/** A bucket as the unit of `date_trunc` and as the step of the series (SQL constants, as the planner reads them). */
const BUCKET_UNIT: Record<Bucket, Sql> = { hour: sql`'hour'`, day: sql`'day'`, week: sql`'week'` };
const BUCKET_STEP: Record<Bucket, Sql> = { hour: sql`interval '1 hour'`, day: sql`interval '1 day'`, week: sql`interval '1 week'` };

/** A histogram summed over rows, as {bucket index (1-based): count}; null when empty. */
type HistObject = Record<string, number> | null;

/** JSON {index: count} → array (index 1 of SQL is element 0). */
export function histArray(h: HistObject): number[] {
  const out: number[] = [];
  if (!h) return out;
  for (const [i, n] of Object.entries(h)) out[Number(i) - 1] = Number(n);
  for (let i = 0; i < out.length; i += 1) out[i] ??= 0;
  return out;
}

const FLOWS = ['started', 'completed', 'approved', 'rejected', 'failed', 'cancelled'] as const;

export interface FlowRow {
  started: number;
  completed: number;
  approved: number;
  rejected: number;
  failed: number;
  cancelled: number;
}
export interface FlowTotalsRow {
  current: FlowRow;
  previous: FlowRow;
  currentHist: number[];
  previousHist: number[];
}

/** Each flow summed over the period's rows and over the previous period's (`prev_<flow>`). */
const flowSums = sql.join(
  FLOWS.map((flow) => {
    const f = sql.id(flow, FLOWS);
    return sql`coalesce(sum(s.${f}) filter (where s.cur), 0)::int as ${f}, coalesce(sum(s.${f}) filter (where not s.cur), 0)::int as prev_${f}`;
  }),
  ', ',
);

/** Each flow of a series (alias `s`), summed. */
const flowSeriesSums = sql.join(
  FLOWS.map((flow) => {
    const f = sql.id(flow, FLOWS);
    return sql`sum(s.${f})::int as ${f}`;
  }),
  ', ',
);

/** Each flow of a bucket (alias `c`), zero when the bucket had none. */
const flowBucketCounts = sql.join(
  FLOWS.map((flow) => {
    const f = sql.id(flow, FLOWS);
    return sql`coalesce(c.${f}, 0)::int as ${f}`;
  }),
  ', ',
);

/** No histogram: an empty array to unnest. */
const NO_HIST = sql`'{}'::int[]`;

const pickFlows = (row: Record<string, number>, prefix = ''): FlowRow =>
  Object.fromEntries(FLOWS.map((f) => [f, Number(row[`${prefix}${f}`] ?? 0)])) as unknown as FlowRow;

/** Applications started, completed by outcome, failed and cancelled in the period and the previous one, with the decision times. */
export async function flowTotals(db: Queryable, span: Span): Promise<FlowTotalsRow> {
  const rows = spanRows(APPLICATION_STATS, [...FLOWS, 'decision_hist'], scopeConditions(span), span);
  const res = await run<Record<string, number> & { hist: HistObject; prev_hist: HistObject }>(
    db,
    sql`with rows as (${rows}),
          h as (select u.i, coalesce(sum(u.v) filter (where s.cur), 0)::int as n, coalesce(sum(u.v) filter (where not s.cur), 0)::int as pn
                  from rows s, unnest(s.decision_hist) with ordinality as u(v, i) group by u.i)
     select ${flowSums},
            (select jsonb_object_agg(i, n) from h) as hist, (select jsonb_object_agg(i, pn) from h) as prev_hist
       from rows s`,
  );
  const row = res.rows[0]!;
  return { current: pickFlows(row), previous: pickFlows(row, 'prev_'), currentHist: histArray(row.hist), previousHist: histArray(row.prev_hist) };
}

export interface PerWorkflowRow extends FlowRow {
  workflow_id: string;
  prev_started: number;
  prev_completed: number;
  hist: number[];
}

/** The same per workflow (only workflows with rollup rows in either period); decision times only `withHist`. */
export async function flowsPerWorkflow(db: Queryable, span: Span, options: { withHist?: boolean } = {}): Promise<PerWorkflowRow[]> {
  const withHist = options.withHist ?? true;
  const rows = spanRows(APPLICATION_STATS, ['workflow_id', ...FLOWS, ...(withHist ? ['decision_hist'] : [])], scopeConditions(span), span);
  const res = await run<Record<string, number> & { workflow_id: string; hist: HistObject }>(
    db,
    sql`with rows as (${rows}),
          h as (select s.workflow_id, u.i, sum(u.v)::int as n from rows s, unnest(${withHist ? sql`s.decision_hist` : NO_HIST}) with ordinality as u(v, i)
                 where s.cur group by s.workflow_id, u.i),
          hw as (select workflow_id, jsonb_object_agg(i, n) as hist from h group by workflow_id)
     select t.*, hw.hist from (select s.workflow_id, ${flowSums} from rows s group by s.workflow_id) t left join hw on hw.workflow_id = t.workflow_id`,
  );
  return res.rows.map((r) => ({
    ...pickFlows(r),
    workflow_id: r.workflow_id,
    prev_started: Number(r.prev_started),
    prev_completed: Number(r.prev_completed),
    hist: histArray(r.hist),
  }));
}

export interface SeriesRow extends FlowRow {
  at: Date;
}

/** Counts per bucket (hour, day or week in `tz`), every bucket of the period present (zeros included). */
export async function flowSeries(db: Queryable, span: Span, bucket: 'hour' | 'day' | 'week', tz: string): Promise<SeriesRow[]> {
  const rows = seriesRows(APPLICATION_STATS, FLOWS, scopeConditions(span), span, bucket, tz);
  const unit = BUCKET_UNIT[bucket];
  const res = await run<Record<string, number> & { at: Date }>(
    db,
    sql`with buckets as (
       select generate_series(date_trunc(${unit}, ${span.from}::timestamptz at time zone ${tz}),
                              (${span.to}::timestamptz - interval '1 microsecond') at time zone ${tz}, ${BUCKET_STEP[bucket]}) as local_at),
     counts as (
       select date_trunc(${unit}, s.at at time zone ${tz}) as local_at, ${flowSeriesSums}
         from (${rows}) s group by 1)
     select b.local_at at time zone ${tz} as at, ${flowBucketCounts}
       from buckets b left join counts c on c.local_at = b.local_at order by b.local_at`,
  );
  return res.rows.map((r) => ({ at: r.at, ...pickFlows(r) }));
}

export interface StepRow {
  workflow_id: string;
  step_id: string;
  step_type: string;
  entered: number;
  completed: number;
  failed: number;
  cancelled: number;
  duration_ms_sum: number;
  prev_entered: number;
  prev_completed: number;
  hist: number[];
}

/**
 * Per step: visits, how they ended and the time spent, for the period (entered/completed also for the previous one).
 * Time histograms only `withHist` (all steps), or only for the step types in `histFor`.
 */
export async function stepFigures(
  db: Queryable,
  span: Span,
  options: { withHist?: boolean; histFor?: readonly string[]; histMinMeanMs?: number } = {},
): Promise<StepRow[]> {
  const withHist = options.withHist ?? true;
  const rows = spanRows(
    STEP_STATS,
    ['workflow_id', 'step_id', 'step_type', 'entered', 'completed', 'failed', 'cancelled', 'duration_ms_sum', ...(withHist ? ['duration_hist'] : [])],
    scopeConditions(span),
    span,
  );
  const histRows: Sql[] = [];
  if (options.histFor) histRows.push(sql` and s.step_type = any(${[...options.histFor]}::text[])`);
  if (options.histMinMeanMs) {
    histRows.push(
      sql` and s.step_id in (select step_id from rows where cur group by step_id having sum(duration_ms_sum) >= ${options.histMinMeanMs}::float8 * sum(completed))`,
    );
  }
  const res = await run<Omit<StepRow, 'hist'> & { hist: HistObject }>(
    db,
    sql`with rows as (${rows}),
          h as (select s.step_id, u.i, sum(u.v)::int as n from rows s, unnest(${withHist ? sql`s.duration_hist` : NO_HIST}) with ordinality as u(v, i)
                 where s.cur${sql.join(histRows, '')} group by s.step_id, u.i),
          hs as (select step_id, jsonb_object_agg(i, n) as hist from h group by step_id)
     select t.*, hs.hist from (select s.workflow_id, s.step_id, min(s.step_type) as step_type,
            coalesce(sum(s.entered) filter (where s.cur), 0)::int as entered, coalesce(sum(s.completed) filter (where s.cur), 0)::int as completed,
            coalesce(sum(s.failed) filter (where s.cur), 0)::int as failed, coalesce(sum(s.cancelled) filter (where s.cur), 0)::int as cancelled,
            coalesce(sum(s.duration_ms_sum) filter (where s.cur), 0)::float8 as duration_ms_sum,
            coalesce(sum(s.entered) filter (where not s.cur), 0)::int as prev_entered, coalesce(sum(s.completed) filter (where not s.cur), 0)::int as prev_completed
       from rows s group by s.workflow_id, s.step_id) t left join hs on hs.step_id = t.step_id`,
  );
  return res.rows.map((r) => ({ ...r, duration_ms_sum: Number(r.duration_ms_sum), hist: histArray(r.hist) }));
}

export interface ReviewRow {
  workflow_id: string;
  step_id: string;
  assignee_role: string;
  decided: number;
  breached: number;
  prev_decided: number;
  prev_breached: number;
  hist: number[];
}

/** Review decisions per approval step and role, for the period (decided and breached also for the previous one). */
export async function reviewFigures(db: Queryable, span: Span, options: { withHist?: boolean } = {}): Promise<ReviewRow[]> {
  const withHist = options.withHist ?? true;
  const rows = spanRows(
    REVIEW_STATS,
    ['workflow_id', 'step_id', 'assignee_role', 'decided', 'breached', ...(withHist ? ['wait_hist'] : [])],
    scopeConditions(span),
    span,
  );
  const res = await run<Omit<ReviewRow, 'hist'> & { hist: HistObject }>(
    db,
    sql`with rows as (${rows}),
          h as (select s.step_id, s.assignee_role, u.i, sum(u.v)::int as n from rows s, unnest(${withHist ? sql`s.wait_hist` : NO_HIST}) with ordinality as u(v, i)
                 where s.cur group by s.step_id, s.assignee_role, u.i),
          hs as (select step_id, assignee_role, jsonb_object_agg(i, n) as hist from h group by step_id, assignee_role)
     select t.*, hs.hist from (select s.workflow_id, s.step_id, s.assignee_role,
            coalesce(sum(s.decided) filter (where s.cur), 0)::int as decided, coalesce(sum(s.breached) filter (where s.cur), 0)::int as breached,
            coalesce(sum(s.decided) filter (where not s.cur), 0)::int as prev_decided, coalesce(sum(s.breached) filter (where not s.cur), 0)::int as prev_breached
       from rows s group by s.workflow_id, s.step_id, s.assignee_role) t left join hs on hs.step_id = t.step_id and hs.assignee_role = t.assignee_role`,
  );
  return res.rows.map((r) => ({ ...r, hist: histArray(r.hist) }));
}

export interface FailureRow {
  workflow_id: string;
  step_id: string;
  step_type: string;
  reason: string;
  count: number;
}

/** The most frequent failure reasons in the period. */
export async function failureReasons(db: Queryable, span: Span, limit: number): Promise<FailureRow[]> {
  const rows = spanRows(FAILURE_STATS, ['workflow_id', 'step_id', 'step_type', 'reason', 'failed'], scopeConditions(span), span, false);
  const res = await run<FailureRow>(
    db,
    sql`select s.workflow_id, s.step_id, min(s.step_type) as step_type, s.reason, sum(s.failed)::int as count
       from (${rows}) s group by s.workflow_id, s.step_id, s.reason order by count desc, s.reason limit ${limit}`,
  );
  return res.rows;
}

// ---------------------------------------------------------------------------------------------
// Live figures (what is open now)

export interface OpenCaseRow {
  workflow_id: string;
  current_step_id: string | null;
  status: string;
  waiting_for: string | null;
  n: number;
  /** Seconds since each case's last change, added up; and the longest of them. */
  wait_seconds_sum: number;
  max_wait_seconds: number;
}

/**
 * Open cases by workflow, step and what they wait for, with how long they have waited: from the snapshot the rollup
 * scheduler takes after each fold (open-case-snapshot.ts), or counted live from the covering index when there is no
 * fresh one. One query: a one-time filter runs only the branch that applies.
 */
export async function openCases(db: Queryable, scope: string | null, workflowId?: string | null): Promise<OpenCaseRow[]> {
  const snapshot = [sql`true`];
  const live = [sql`a.completed_at is null`];
  if (scope) {
    snapshot.push(sql`c.organization_id = ${scope}`);
    live.push(sql`a.organization_id = ${scope}`);
  }
  if (workflowId) {
    snapshot.push(sql`c.workflow_id = ${workflowId}`);
    live.push(sql`a.workflow_id = ${workflowId}`);
  }
  const res = await run<OpenCaseRow>(
    db,
    sql`with fresh as (select coalesce(taken_at > now() - make_interval(secs => ${OPEN_SNAPSHOT_MAX_AGE_S}::int), false) as ok from open_case_snapshot)
     select c.workflow_id, c.current_step_id, c.status, c.waiting_for, c.n,
            (c.n * extract(epoch from now()) - c.updated_epoch_sum)::float8 as wait_seconds_sum,
            extract(epoch from now() - c.oldest_updated_at)::float8 as max_wait_seconds
       from open_case_counts c where (select ok from fresh) and ${sql.join(snapshot, ' and ')}
     union all
     select a.workflow_id, a.current_step_id, a.status, a.waiting_for, count(*)::int as n,
            coalesce(sum(extract(epoch from now() - a.updated_at)), 0)::float8 as wait_seconds_sum,
            coalesce(extract(epoch from now() - min(a.updated_at)), 0)::float8 as max_wait_seconds
       from applications a where not coalesce((select ok from fresh), false) and ${sql.join(live, ' and ')}
      group by a.workflow_id, a.current_step_id, a.status, a.waiting_for`,
  );
  return res.rows.map((r) => ({ ...r, wait_seconds_sum: Math.max(0, Number(r.wait_seconds_sum)), max_wait_seconds: Math.max(0, Number(r.max_wait_seconds)) }));
}

export interface OpenReviewRow {
  workflow_id: string;
  step_id: string;
  assignee_role: string;
  open: number;
  overdue: number;
  oldest_created_at: Date | null;
}

/** Reviews escalated (their deadline passed on a step that escalates, issue 35) in the period and the previous one. */
export async function escalatedReviews(db: Queryable, span: Span): Promise<{ current: number; previous: number }> {
  const conditions = [sql`r.escalated_at is not null`, sql`r.escalated_at >= ${span.previousFrom}`, sql`r.escalated_at < ${span.to}`];
  if (span.scope) conditions.push(sql`r.organization_id = ${span.scope}`);
  if (span.workflowId) conditions.push(sql`r.workflow_id = ${span.workflowId}`);
  const res = await run<{ current: number; previous: number }>(
    db,
    sql`select count(*) filter (where r.escalated_at >= ${span.from})::int as current,
               count(*) filter (where r.escalated_at < ${span.previousTo})::int as previous
          from review_tasks r ${sql.where(conditions)}`,
  );
  return res.rows[0]!;
}

/** Open review tasks by step and role: how many, how many past their deadline, the oldest. */
export async function openReviews(db: Queryable, scope: string | null, workflowId?: string | null): Promise<OpenReviewRow[]> {
  const conditions = [sql`r.status = 'open'`];
  if (scope) conditions.push(sql`r.organization_id = ${scope}`);
  if (workflowId) conditions.push(sql`r.workflow_id = ${workflowId}`);
  const res = await run<OpenReviewRow>(
    db,
    sql`select r.workflow_id, r.step_id, r.assignee_role, count(*)::int as open, count(*) filter (where r.due_at < now())::int as overdue,
            min(r.created_at) as oldest_created_at
       from review_tasks r ${sql.where(conditions)} group by r.workflow_id, r.step_id, r.assignee_role`,
  );
  return res.rows;
}

export interface UrgentReviewRow {
  task_id: string;
  application_id: string;
  applicant_name: string;
  workflow_id: string;
  workflow_name: string | null;
  step_name: string;
  assignee_role: string;
  due_at: Date;
  created_at: Date;
  overdue: boolean;
}

/** The open reviews whose deadlines come first (overdue ones first). */
export async function urgentReviews(db: Queryable, scope: string | null, limit: number): Promise<UrgentReviewRow[]> {
  const conditions = [sql`r.status = 'open'`];
  if (scope) conditions.push(sql`r.organization_id = ${scope}`);
  const res = await run<UrgentReviewRow>(
    db,
    sql`select r.id as task_id, r.application_id, a.applicant_name, r.workflow_id, wf.name as workflow_name, r.step_name, r.assignee_role, r.due_at, r.created_at,
            r.due_at < now() as overdue
       from review_tasks r join applications a on a.id = r.application_id left join workflows wf on wf.id = r.workflow_id
       ${sql.where(conditions)} order by r.due_at, r.id limit ${limit}`,
  );
  return res.rows;
}

// ---------------------------------------------------------------------------------------------
// Tools

export interface ToolSpan {
  scope: string | null;
  toolId?: string | null;
  /** Only the calls this workflow's cases made. */
  callerWorkflowId?: string | null;
  from: Date;
  to: Date;
  previousFrom: Date;
  previousTo: Date;
}

export interface ToolRow {
  tool_id: string;
  name: string | null;
  calls: number;
  successes: number;
  errors: number;
  workflow_calls: number;
  prev_calls: number;
  prev_errors: number;
  hist: number[];
}

/** The tool-call conditions on a rollup row (alias `s`); tool_error_stats_hourly has no callers. */
function toolConditions(span: ToolSpan, callers = true): Sql[] {
  const out: Sql[] = [];
  if (span.scope) out.push(sql`s.organization_id = ${span.scope}`);
  if (span.toolId) out.push(sql`s.tool_id = ${span.toolId}`);
  if (span.callerWorkflowId && callers) out.push(sql`s.caller_type = 'workflow' and s.caller_key = ${span.callerWorkflowId}`);
  return out;
}

/** Calls, errors and latency per tool for the period (calls and errors also for the previous one). */
export async function toolFigures(db: Queryable, span: ToolSpan): Promise<ToolRow[]> {
  const rows = spanRows(TOOL_STATS, ['tool_id', 'caller_type', 'calls', 'successes', 'errors', 'latency_hist'], toolConditions(span), span);
  const res = await run<Omit<ToolRow, 'hist'> & { hist: HistObject }>(
    db,
    sql`with rows as (${rows}),
          h as (select s.tool_id, u.i, sum(u.v)::int as n from rows s, unnest(s.latency_hist) with ordinality as u(v, i) where s.cur group by s.tool_id, u.i),
          ht as (select tool_id, jsonb_object_agg(i, n) as hist from h group by tool_id)
     select t.*, (select tl.name from tools tl where tl.id = t.tool_id) as name, ht.hist from (select s.tool_id,
            coalesce(sum(s.calls) filter (where s.cur), 0)::int as calls, coalesce(sum(s.successes) filter (where s.cur), 0)::int as successes,
            coalesce(sum(s.errors) filter (where s.cur), 0)::int as errors,
            coalesce(sum(s.calls) filter (where s.cur and s.caller_type = 'workflow'), 0)::int as workflow_calls,
            coalesce(sum(s.calls) filter (where not s.cur), 0)::int as prev_calls, coalesce(sum(s.errors) filter (where not s.cur), 0)::int as prev_errors
       from rows s group by s.tool_id) t left join ht on ht.tool_id = t.tool_id`,
  );
  return res.rows.map((r) => ({ ...r, hist: histArray(r.hist) }));
}

export interface ToolSeriesRow {
  at: Date;
  calls: number;
  errors: number;
  hist: number[];
}

/** Tool calls per bucket over the period (every bucket present). */
export async function toolSeries(db: Queryable, span: ToolSpan, bucket: 'hour' | 'day', tz: string): Promise<ToolSeriesRow[]> {
  const source = seriesRows(TOOL_STATS, ['calls', 'errors', 'latency_hist'], toolConditions(span), span, bucket, tz);
  const unit = BUCKET_UNIT[bucket];
  const res = await run<{ at: Date; calls: number; errors: number; hist: HistObject }>(
    db,
    sql`with buckets as (
       select generate_series(date_trunc(${unit}, ${span.from}::timestamptz at time zone ${tz}),
                              (${span.to}::timestamptz - interval '1 microsecond') at time zone ${tz}, ${BUCKET_STEP[bucket]}) as local_at),
     rows as (select date_trunc(${unit}, s.at at time zone ${tz}) as local_at, s.calls, s.errors, s.latency_hist from (${source}) s),
     counts as (select local_at, sum(calls)::int as calls, sum(errors)::int as errors from rows group by local_at),
     h as (select r.local_at, u.i, sum(u.v)::int as n from rows r, unnest(r.latency_hist) with ordinality as u(v, i) group by r.local_at, u.i),
     hb as (select local_at, jsonb_object_agg(i, n) as hist from h group by local_at)
     select b.local_at at time zone ${tz} as at, coalesce(c.calls, 0)::int as calls, coalesce(c.errors, 0)::int as errors, hb.hist
       from buckets b left join counts c on c.local_at = b.local_at left join hb on hb.local_at = b.local_at order by b.local_at`,
  );
  return res.rows.map((r) => ({ at: r.at, calls: r.calls, errors: r.errors, hist: histArray(r.hist) }));
}

export interface ToolCallerRow {
  caller_type: string;
  caller_key: string;
  caller_name: string | null;
  calls: number;
}

/** Who called most: a tester (by e-mail), an MCP client (by key name), a workflow (by name). */
export async function toolCallers(db: Queryable, span: ToolSpan, limit: number): Promise<ToolCallerRow[]> {
  const rows = spanRows(TOOL_STATS, ['caller_type', 'caller_key', 'calls'], toolConditions(span), span, false);
  const res = await run<ToolCallerRow>(
    db,
    sql`select c.caller_type, c.caller_key, c.calls,
            case c.caller_type
              when 'test' then (select u.email from users u where u.id::text = c.caller_key)
              when 'mcp' then (select k.name from api_keys k where k.id::text = c.caller_key)
              when 'workflow' then (select w.name from workflows w where w.id::text = c.caller_key)
              else nullif(c.caller_key, '') end as caller_name
       from (select s.caller_type, s.caller_key, sum(s.calls)::int as calls from (${rows}) s
              group by s.caller_type, s.caller_key order by 3 desc, 1, 2 limit ${limit}) c
      order by c.calls desc, c.caller_type, c.caller_key`,
  );
  return res.rows;
}

/** The most frequent errors of failed tool calls in the period. */
export async function toolErrors(db: Queryable, span: ToolSpan, limit: number): Promise<{ error: string; count: number }[]> {
  const rows = spanRows(TOOL_ERROR_STATS, ['error', 'count'], toolConditions(span, false), span, false);
  const res = await run<{ error: string; count: number }>(
    db,
    sql`select s.error, sum(s.count)::int as count from (${rows}) s group by s.error order by 2 desc, 1 limit ${limit}`,
  );
  return res.rows;
}

/** Cases that failed at a tool step in the period, per tool (the step's tool, by name in its organization). */
export async function failedCasesPerTool(db: Queryable, span: Span): Promise<Map<string, number>> {
  const rows = spanRows(FAILURE_STATS, ['organization_id', 'step_id', 'failed'], [...scopeConditions(span), sql`s.step_type = 'tool'`], span, false);
  const res = await run<{ tool_id: string; n: number }>(
    db,
    sql`select t.id as tool_id, sum(f.n)::int as n
       from (select s.organization_id, s.step_id, sum(s.failed) as n from (${rows}) s group by s.organization_id, s.step_id) f
       join steps st on st.id = f.step_id
       join tools t on t.organization_id = f.organization_id and t.name = st.config->>'tool_name'
      group by t.id`,
  );
  return new Map(res.rows.map((r) => [r.tool_id, r.n]));
}

// ---------------------------------------------------------------------------------------------
// Names and recent activity

export interface WorkflowNameRow {
  id: string;
  name: string;
  status: string;
  version: number;
  updated_at: Date;
  /** When it last became active (null if it never was). */
  activated_at: Date | null;
}

/** The workflows of the scope (names, statuses), most recently changed first. */
export async function workflowsInScope(db: Queryable, scope: string | null, limit: number): Promise<WorkflowNameRow[]> {
  const res = await run<WorkflowNameRow>(
    db,
    sql`select id, name, status, version, updated_at, activated_at from workflows ${sql.where(scope ? [sql`organization_id = ${scope}`] : [])} order by updated_at desc, id limit ${limit}`,
  );
  return res.rows;
}

export async function workflowNames(db: Queryable, ids: readonly string[]): Promise<Map<string, WorkflowNameRow>> {
  if (ids.length === 0) return new Map();
  const res = await db.query<WorkflowNameRow>('select id, name, status, version, updated_at, activated_at from workflows where id = any($1::uuid[])', [
    [...new Set(ids)],
  ]);
  return new Map(res.rows.map((r) => [r.id, r]));
}

export async function stepNames(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, { name: string; type: string; workflow_id: string; tool_name: string | null }>> {
  if (ids.length === 0) return new Map();
  const res = await db.query<{ id: string; name: string; type: string; workflow_id: string; tool_name: string | null }>(
    `select id, name, type, workflow_id, config->>'tool_name' as tool_name from steps where id = any($1::uuid[])`,
    [[...new Set(ids)]],
  );
  return new Map(res.rows.map((r) => [r.id, r]));
}

export interface ActivityRow {
  seq: string;
  type: string;
  created_at: Date;
  application_id: string;
  workflow_id: string | null;
  step_id: string | null;
  actor_type: string;
  actor_id: string | null;
  payload: Record<string, unknown>;
  error: string | null;
  applicant_name: string | null;
  workflow_name: string | null;
  step_name: string | null;
  actor_name: string | null;
}

/** Events worth telling a person about (arrivals, decisions, endings): the kinds the activity indexes hold (migration 0006). */
export const ACTIVITY_TYPES = [
  'application_created',
  'form_submitted',
  'review_decided',
  'application_completed',
  'application_failed',
  'application_cancelled',
  'application_retried',
] as const;
/** Written as constants, not parameters: the planner matches them with the partial indexes' predicate. */
const ACTIVITY_PREDICATE = sql`e.type in (${sql.join(
  ACTIVITY_TYPES.map((t) => sql.fixed(`'${t}'` as const)),
  ', ',
)})`;

/** The newest of those events, newest first. */
export async function recentActivity(db: Queryable, scope: string | null, limit: number): Promise<ActivityRow[]> {
  const conditions = [ACTIVITY_PREDICATE];
  if (scope) conditions.push(sql`e.organization_id = ${scope}`);
  const res = await run<ActivityRow>(
    db,
    sql`select e.seq::text as seq, e.type, e.created_at, e.application_id, e.workflow_id, e.step_id, e.actor_type, e.actor_id, e.payload, e.error,
            a.applicant_name, wf.name as workflow_name,
            (select st.name from steps st where st.id = e.step_id) as step_name,
            case when e.actor_type = 'user' then (select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id::text = e.actor_id) end as actor_name
       from (select * from application_events e ${sql.where(conditions)} order by e.created_at desc limit ${limit}) e
       left join applications a on a.id = e.application_id
       left join workflows wf on wf.id = e.workflow_id
      order by e.created_at desc, e.seq desc`,
  );
  return res.rows;
}

/** When the rollups last folded new events or tool calls in (null before the first fold). */
export async function rollupsAsOf(db: Queryable): Promise<Date | null> {
  const res = await db.query<{ at: Date | null }>(`select max(refreshed_at) as at from analytics_progress`);
  return res.rows[0]?.at ?? null;
}

// ---------------------------------------------------------------------------------------------
// What needs an administrator

/** Tools waiting for approval, in the scope (every organization when null). */
export async function countToolsPendingApproval(db: Queryable, scope: string | null): Promise<number> {
  const res = await run<{ n: number }>(
    db,
    sql`select count(*)::int as n from tools where status = 'pending_approval' ${scope ? sql`and organization_id = ${scope}` : sql.empty}`,
  );
  return res.rows[0]!.n;
}

/** Users locked out now and sign-ups waiting for approval, in the scope (every organization when null). */
export async function countLockedAndPendingUsers(db: Queryable, scope: string | null): Promise<{ locked: number; pending: number }> {
  const res = await run<{ locked: number; pending: number }>(
    db,
    sql`select count(*) filter (where locked_until > now())::int as locked, count(*) filter (where pending_approval)::int as pending
             from users where (locked_until > now() or pending_approval) ${scope ? sql`and organization_id = ${scope}` : sql.empty}`,
  );
  return res.rows[0]!;
}

/** The most waiting cases read for where applicants stop in forms (the newest, beyond this the figures are a sample). */
export const FORM_STOPS_READ = 20_000;

/** Cases of the workflow waiting for the applicant's form now, each with what its applicant has typed (issue 34). */
export async function waitingFormAnswers(
  db: Queryable,
  organizationId: string,
  workflowId: string,
): Promise<{ step_id: string; answers: Record<string, unknown> | null }[]> {
  const res = await run<{ step_id: string; answers: Record<string, unknown> | null }>(
    db,
    sql`select a.current_step_id as step_id, d.answers
          from applications a
          left join applicant_drafts d on d.application_id = a.id and d.step_run_id = a.current_step_run_id
         where a.organization_id = ${organizationId} and a.workflow_id = ${workflowId} and a.status = 'waiting' and a.waiting_for = 'form'
         order by a.created_at desc
         limit ${sql.int(FORM_STOPS_READ)}`,
  );
  return res.rows;
}
