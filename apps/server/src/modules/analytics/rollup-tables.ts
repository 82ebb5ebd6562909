import { addHistograms } from './duration-histogram.ts';

/**
 * The hourly rollup tables and one way to add rows to them: keys identify a row, counters are added, histograms are
 * added element by element. A batch is one `insert … select from unnest(…) on conflict do update` per table.
 */
export interface RollupTable {
  name: string;
  /** Key columns with their PostgreSQL types, in primary-key order is not required. */
  keys: readonly (readonly [column: string, type: string])[];
  /** Counter columns (integer or bigint), added on conflict. */
  counters: readonly (readonly [column: string, type: 'int' | 'bigint'])[];
  /** Histogram columns (integer[]), added element by element on conflict. */
  histograms: readonly string[];
  /** The primary key, as the conflict target. */
  conflict: readonly string[];
  /** The table of whole UTC days kept beside this hourly one (its `hour` column named `day`). */
  daily?: string;
  /** The table of whole UTC weeks (Monday to Monday) kept beside it too (its `hour` column named `week`). */
  weekly?: string;
}

/** The coarser levels a rollup may be kept at beside its hours. */
export type RollupLevel = 'day' | 'week';

export type RollupRow = Record<string, unknown>;

const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
export const dayOf = (at: Date): Date => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
export const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05, the first Monday of the epoch: UTC weeks run Monday to Monday, as PostgreSQL's `date_trunc('week', …)`. */
const FIRST_MONDAY_MS = 4 * DAY_MS;
export const weekOf = (at: Date): Date => new Date(Math.floor((at.getTime() - FIRST_MONDAY_MS) / WEEK_MS) * WEEK_MS + FIRST_MONDAY_MS);
/** The start of the day or week holding `at`. */
export const levelStart = (level: RollupLevel, at: Date): Date => (level === 'day' ? dayOf(at) : weekOf(at));

/** Rows of one table, merged by key in memory before they are written. */
export class RollupBatch {
  readonly table: RollupTable;
  private readonly rows = new Map<string, RollupRow>();

  constructor(table: RollupTable) {
    this.table = table;
  }

  /** The row for these keys (created with zeroed counters and empty histograms). */
  row(keys: RollupRow): RollupRow {
    const id = this.table.keys.map(([c]) => (keys[c] instanceof Date ? (keys[c] as Date).getTime() : String(keys[c]))).join('|');
    let row = this.rows.get(id);
    if (!row) {
      row = { ...keys };
      for (const [c] of this.table.counters) row[c] = 0;
      for (const h of this.table.histograms) row[h] = [];
      this.rows.set(id, row);
    }
    return row;
  }

  values(): RollupRow[] {
    return [...this.rows.values()];
  }

  /** The same rows added up by UTC day or week, for the table's twin at that level (none when it has none). */
  rolledUp(level: RollupLevel): RollupBatch | null {
    const twin = rollupTwin(this.table, level);
    if (!twin) return null;
    const out = new RollupBatch(twin);
    for (const row of this.rows.values()) {
      const keys = Object.fromEntries(this.table.keys.map(([c]) => (c === 'hour' ? [level, levelStart(level, row.hour as Date)] : [c, row[c]])));
      const target = out.row(keys);
      for (const [c] of this.table.counters) target[c] = (target[c] as number) + (row[c] as number);
      for (const h of this.table.histograms) target[h] = addHistograms(target[h] as number[], row[h] as number[]);
    }
    return out;
  }
}

/**
 * The daily or weekly twin of an hourly rollup table, described like it (its `hour` key named `day` or `week`); null
 * when it has none.
 */
export function rollupTwin(table: RollupTable, level: RollupLevel): RollupTable | null {
  const name = level === 'day' ? table.daily : table.weekly;
  if (!name) return null;
  const rename = (c: string) => (c === 'hour' ? level : c);
  return {
    ...table,
    name,
    daily: undefined,
    weekly: undefined,
    keys: table.keys.map(([c, t]) => [rename(c), t] as const),
    conflict: table.conflict.map(rename),
  };
}

export const APPLICATION_STATS: RollupTable = {
  name: 'application_stats_hourly',
  keys: [
    ['organization_id', 'uuid'],
    ['workflow_id', 'uuid'],
    ['hour', 'timestamptz'],
  ],
  counters: [
    ['started', 'int'],
    ['completed', 'int'],
    ['approved', 'int'],
    ['rejected', 'int'],
    ['failed', 'int'],
    ['cancelled', 'int'],
    ['retried', 'int'],
    ['decision_ms_sum', 'bigint'],
  ],
  histograms: ['decision_hist'],
  conflict: ['organization_id', 'hour', 'workflow_id'],
  daily: 'application_stats_daily',
  weekly: 'application_stats_weekly',
};

export const STEP_STATS: RollupTable = {
  name: 'step_stats_hourly',
  keys: [
    ['organization_id', 'uuid'],
    ['workflow_id', 'uuid'],
    ['step_id', 'uuid'],
    ['hour', 'timestamptz'],
    ['step_type', 'text'],
  ],
  counters: [
    ['entered', 'int'],
    ['completed', 'int'],
    ['failed', 'int'],
    ['cancelled', 'int'],
    ['duration_ms_sum', 'bigint'],
  ],
  histograms: ['duration_hist'],
  conflict: ['organization_id', 'hour', 'workflow_id', 'step_id'],
  daily: 'step_stats_daily',
  weekly: 'step_stats_weekly',
};

export const REVIEW_STATS: RollupTable = {
  name: 'review_stats_hourly',
  keys: [
    ['organization_id', 'uuid'],
    ['workflow_id', 'uuid'],
    ['step_id', 'uuid'],
    ['assignee_role', 'text'],
    ['hour', 'timestamptz'],
  ],
  counters: [
    ['decided', 'int'],
    ['approved', 'int'],
    ['rejected', 'int'],
    ['breached', 'int'],
    ['wait_ms_sum', 'bigint'],
  ],
  histograms: ['wait_hist'],
  conflict: ['organization_id', 'hour', 'workflow_id', 'step_id', 'assignee_role'],
  daily: 'review_stats_daily',
  weekly: 'review_stats_weekly',
};

export const FAILURE_STATS: RollupTable = {
  name: 'failure_stats_hourly',
  keys: [
    ['organization_id', 'uuid'],
    ['workflow_id', 'uuid'],
    ['step_id', 'uuid'],
    ['step_type', 'text'],
    ['hour', 'timestamptz'],
    ['reason', 'text'],
  ],
  counters: [['failed', 'int']],
  histograms: [],
  conflict: ['organization_id', 'hour', 'workflow_id', 'step_id', 'reason'],
  daily: 'failure_stats_daily',
  weekly: 'failure_stats_weekly',
};

export const TOOL_STATS: RollupTable = {
  name: 'tool_stats_hourly',
  keys: [
    ['organization_id', 'uuid'],
    ['tool_id', 'uuid'],
    ['hour', 'timestamptz'],
    ['caller_type', 'text'],
    ['caller_key', 'text'],
  ],
  counters: [
    ['calls', 'int'],
    ['successes', 'int'],
    ['errors', 'int'],
    ['latency_ms_sum', 'bigint'],
  ],
  histograms: ['latency_hist'],
  conflict: ['organization_id', 'hour', 'tool_id', 'caller_type', 'caller_key'],
  daily: 'tool_stats_daily',
  weekly: 'tool_stats_weekly',
};

export const TOOL_ERROR_STATS: RollupTable = {
  name: 'tool_error_stats_hourly',
  keys: [
    ['organization_id', 'uuid'],
    ['tool_id', 'uuid'],
    ['hour', 'timestamptz'],
    ['error', 'text'],
  ],
  counters: [['count', 'int']],
  histograms: [],
  conflict: ['organization_id', 'hour', 'tool_id', 'error'],
  daily: 'tool_error_stats_daily',
  weekly: 'tool_error_stats_weekly',
};

/** The step of a failure outside any step. */
export const NO_STEP = '00000000-0000-0000-0000-000000000000';

const REASON_MAX = 300;

/**
 * A failure's text made fit to group and to keep: e-mail addresses, URLs' queries, ids, IBANs and numbers of four
 * digits or more become placeholders ("Timed out after 3001 ms" and "… 2999 ms" are one reason; no applicant's
 * address is kept), while short numbers such as HTTP statuses stay.
 */
export function normalizeReason(text: string | null | undefined): string {
  const t = (text ?? '').trim();
  if (!t) return 'No reason recorded';
  return t
    .replace(/[^\s@"'<>]+@[^\s@"'<>]+\.[^\s@"'<>]+/g, '<email>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>')
    .replace(/(https?:\/\/[^\s?#"']+)[?#][^\s"']*/g, '$1')
    .replace(/\b[A-Z]{2}\d{2}[A-Z0-9]{10,30}\b/g, '<iban>')
    .replace(/\d{4,}(?:[.,]\d+)*/g, '<n>')
    .replace(/\s+/g, ' ')
    .slice(0, REASON_MAX);
}
