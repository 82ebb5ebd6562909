import type { Db, Queryable } from '../../db/client.ts';
import { record } from './duration-histogram.ts';
import {
  APPLICATION_STATS,
  FAILURE_STATS,
  hourOf,
  NO_STEP,
  normalizeReason,
  REVIEW_STATS,
  RollupBatch,
  STEP_STATS,
  TOOL_ERROR_STATS,
  TOOL_STATS,
} from './rollup-tables.ts';
import { eventsAfter, lockBookmark, saveBookmark, toolCallsAfter, upsertRollup, type Bookmark, type EventRow, type ToolCallRow } from './rollups.queries.ts';

/**
 * Folds new application events and tool calls into the hourly rollups, then moves each source's bookmark in
 * analytics_progress, all in one transaction per batch: a row is counted exactly once, however many processes
 * refresh. Rows are read in (tx, seq) order and only from transactions older than every one still running
 * (`pg_snapshot_xmin`), so one that commits late is never skipped (the same rule as the event stream).
 */

const STEP_COUNTERS: Readonly<Record<string, 'entered' | 'completed' | 'failed'>> = {
  step_entered: 'entered',
  step_completed: 'completed',
  step_failed: 'failed',
};
const CASE_COUNTERS: Readonly<Record<string, 'started' | 'completed' | 'failed' | 'cancelled' | 'retried'>> = {
  application_created: 'started',
  application_completed: 'completed',
  application_failed: 'failed',
  application_cancelled: 'cancelled',
  application_retried: 'retried',
};

const add = (row: Record<string, unknown>, column: string, n = 1) => {
  row[column] = (row[column] as number) + n;
};

/** The hourly rows a batch of events adds up to (pure). */
export function foldEvents(events: readonly EventRow[]) {
  const apps = new RollupBatch(APPLICATION_STATS);
  const steps = new RollupBatch(STEP_STATS);
  const reviews = new RollupBatch(REVIEW_STATS);
  const failures = new RollupBatch(FAILURE_STATS);
  for (const e of events) {
    if (!e.workflow_id) continue;
    const hour = hourOf(e.created_at);
    const base = { organization_id: e.organization_id, workflow_id: e.workflow_id };
    const stepRow = () => steps.row({ ...base, step_id: e.step_id, hour, step_type: e.step_type ?? '' });

    const caseCounter = CASE_COUNTERS[e.type];
    if (caseCounter) {
      const row = apps.row({ ...base, hour });
      add(row, caseCounter);
      if (e.type === 'application_completed' && (e.outcome === 'approved' || e.outcome === 'rejected')) {
        add(row, e.outcome);
        if (e.case_ms !== null) {
          add(row, 'decision_ms_sum', Math.round(e.case_ms));
          record(row.decision_hist as number[], e.case_ms);
        }
      }
      if (e.type === 'application_failed') {
        add(failures.row({ ...base, step_id: e.step_id ?? NO_STEP, step_type: e.step_type ?? '', hour, reason: normalizeReason(e.error) }), 'failed');
      }
      if (e.type === 'application_cancelled' && e.step_id) add(stepRow(), 'cancelled');
    }

    const stepCounter = STEP_COUNTERS[e.type];
    if (stepCounter && e.step_id) {
      const row = stepRow();
      add(row, stepCounter);
      if (stepCounter === 'completed' && e.duration_ms !== null) {
        add(row, 'duration_ms_sum', Math.round(e.duration_ms));
        record(row.duration_hist as number[], e.duration_ms);
      }
    }

    if (e.type === 'review_decided' && e.step_id && e.assignee_role) {
      const row = reviews.row({ ...base, step_id: e.step_id, assignee_role: e.assignee_role, hour });
      add(row, 'decided');
      if (e.decision === 'approved' || e.decision === 'rejected') add(row, e.decision);
      if (e.breached) add(row, 'breached');
      if (e.review_ms !== null) {
        add(row, 'wait_ms_sum', Math.round(e.review_ms));
        record(row.wait_hist as number[], e.review_ms);
      }
    }
  }
  return { apps, steps, reviews, failures };
}

/** The hourly rows a batch of tool calls adds up to (pure). */
export function foldToolCalls(calls: readonly ToolCallRow[]) {
  const tools = new RollupBatch(TOOL_STATS);
  const errors = new RollupBatch(TOOL_ERROR_STATS);
  for (const c of calls) {
    if (!c.tool_id) continue;
    const hour = hourOf(c.created_at);
    const row = tools.row({ organization_id: c.organization_id, tool_id: c.tool_id, hour, caller_type: c.caller_type, caller_key: c.caller_key ?? '' });
    add(row, 'calls');
    add(row, c.status === 'success' ? 'successes' : 'errors');
    if (c.latency_ms !== null) {
      add(row, 'latency_ms_sum', Math.round(c.latency_ms));
      record(row.latency_hist as number[], c.latency_ms);
    }
    if (c.status !== 'success') add(errors.row({ organization_id: c.organization_id, tool_id: c.tool_id, hour, error: normalizeReason(c.error) }), 'count');
  }
  return { tools, errors };
}

interface Source<Row extends Bookmark> {
  name: string;
  /** Up to `limit` rows after the bookmark. */
  read(tx: Queryable, from: Bookmark, limit: number): Promise<Row[]>;
  fold(tx: Queryable, rows: Row[]): Promise<void>;
}

const SOURCES = {
  events: {
    name: 'application_events',
    read: eventsAfter,
    async fold(tx, rows) {
      const { apps, steps, reviews, failures } = foldEvents(rows);
      for (const batch of [apps, steps, reviews, failures]) await upsertRollup(tx, batch);
    },
  } satisfies Source<EventRow>,
  tools: {
    name: 'tool_executions',
    read: toolCallsAfter,
    async fold(tx, rows) {
      const { tools, errors } = foldToolCalls(rows);
      for (const batch of [tools, errors]) await upsertRollup(tx, batch);
    },
  } satisfies Source<ToolCallRow>,
};

async function refreshSource<Row extends Bookmark>(db: Db, source: Source<Row>, batchSize: number): Promise<number> {
  return db.transaction(async (tx) => {
    const from = (await lockBookmark(tx, source.name)) ?? { tx: '0', seq: '0' };
    const rows = await source.read(tx, from, batchSize);
    if (rows.length === 0) return 0;
    await source.fold(tx, rows);
    const last = rows[rows.length - 1]!;
    await saveBookmark(tx, source.name, { tx: last.tx, seq: last.seq });
    return rows.length;
  });
}

/** Folds up to `batchSize` new events and as many tool calls into the rollups; answers how many rows it folded (0: current). */
export async function refreshRollups(db: Db, batchSize = 5000): Promise<number> {
  const events = await refreshSource(db, SOURCES.events, batchSize);
  const calls = await refreshSource(db, SOURCES.tools, batchSize);
  return events + calls;
}

/** Folds everything pending (batch after batch); answers how many rows. */
export async function refreshAllRollups(db: Db, batchSize = 5000): Promise<number> {
  let total = 0;
  for (const source of [SOURCES.events, SOURCES.tools] as Source<Bookmark>[]) {
    for (;;) {
      const n = await refreshSource(db, source, batchSize);
      total += n;
      if (n < batchSize) break;
    }
  }
  return total;
}
