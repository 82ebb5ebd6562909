/**
 * The statements that keep the analytics' stored figures: new application events and tool calls read after a
 * bookmark, the bookmarks (analytics_progress), the rows added to the rollups, and the open-case snapshot.
 */
import type { Queryable } from '../../db/client.ts';
import { addHistograms } from './duration-histogram.ts';
import type { RollupBatch, RollupRow, RollupTable } from './rollup-tables.ts';

export interface EventRow {
  tx: string;
  seq: string;
  type: string;
  organization_id: string;
  workflow_id: string | null;
  step_id: string | null;
  step_type: string | null;
  created_at: Date;
  error: string | null;
  outcome: string | null;
  decision: string | null;
  /** step_completed: time in the step. */
  duration_ms: number | null;
  /** application_completed: time since intake. */
  case_ms: number | null;
  /** review_decided: the task's role, how long it waited, and whether it was decided after its deadline. */
  assignee_role: string | null;
  review_ms: number | null;
  breached: boolean | null;
}

export interface ToolCallRow {
  tx: string;
  seq: string;
  organization_id: string;
  tool_id: string | null;
  caller_type: string;
  caller_key: string | null;
  status: string;
  error: string | null;
  latency_ms: number | null;
  created_at: Date;
}

/** A source's bookmark: the (tx, seq) of the last row folded in. */
export interface Bookmark {
  tx: string;
  seq: string;
}

const COMMITTED = 'tx < pg_snapshot_xmin(pg_current_snapshot())';

const EVENTS_AFTER = `select e.tx::text as tx, e.seq::text as seq, e.type, e.organization_id, e.workflow_id, e.step_id, e.step_type, e.created_at, e.error,
         e.payload->>'outcome' as outcome, e.payload->>'decision' as decision,
         case when e.type = 'step_completed' then (extract(epoch from s.completed_at - s.entered_at) * 1000)::float8 end as duration_ms,
         case when e.type = 'application_completed' then (extract(epoch from e.created_at - a.created_at) * 1000)::float8 end as case_ms,
         r.assignee_role,
         case when e.type = 'review_decided' then (extract(epoch from e.created_at - r.created_at) * 1000)::float8 end as review_ms,
         (e.created_at > r.due_at) as breached
    from application_events e
    left join application_steps s on e.type = 'step_completed' and s.id = e.step_run_id
    left join applications a on e.type = 'application_completed' and a.id = e.application_id
    left join review_tasks r on e.type = 'review_decided' and r.id = (case when e.type = 'review_decided' then (e.payload->>'review_task_id')::uuid end)
   where (e.tx, e.seq) > ($1::xid8, $2::bigint) and e.${COMMITTED}
   order by e.tx, e.seq
   limit $3`;

// A workflow's tool call names its case; the rollup keeps the workflow (cases are many, workflows few).
const TOOL_CALLS_AFTER = `select e.tx::text as tx, e.seq::text as seq, e.organization_id, e.tool_id, e.caller_type,
         case when e.caller_type = 'workflow' then a.workflow_id::text else e.caller_id end as caller_key,
         e.status, e.error, e.latency_ms, e.created_at
    from tool_executions e
    left join applications a on e.caller_type = 'workflow'
         and a.id = (case when e.caller_type = 'workflow' and e.caller_id ~* '^[0-9a-f-]{36}$' then e.caller_id::uuid end)
   where (e.tx, e.seq) > ($1::xid8, $2::bigint) and e.${COMMITTED}
   order by e.tx, e.seq
   limit $3`;

/** Up to `limit` application events after `from` in (tx, seq) order, of transactions older than any still running. */
export async function eventsAfter(tx: Queryable, from: Bookmark, limit: number): Promise<EventRow[]> {
  const res = await tx.query<EventRow>(EVENTS_AFTER, [from.tx, from.seq, limit]);
  return res.rows;
}

/** Up to `limit` tool calls after `from` in (tx, seq) order, of transactions older than any still running. */
export async function toolCallsAfter(tx: Queryable, from: Bookmark, limit: number): Promise<ToolCallRow[]> {
  const res = await tx.query<ToolCallRow>(TOOL_CALLS_AFTER, [from.tx, from.seq, limit]);
  return res.rows;
}

/** The source's bookmark, locked (concurrent refreshes take turns); null before its first fold. */
export async function lockBookmark(tx: Queryable, source: string): Promise<Bookmark | null> {
  const res = await tx.query<Bookmark>('select tx::text as tx, seq::text as seq from analytics_progress where name = $1 for update', [source]);
  return res.rows[0] ?? null;
}

/** Moves the source's bookmark to `to` and notes the time of the fold. */
export async function saveBookmark(tx: Queryable, source: string, to: Bookmark): Promise<void> {
  await tx.query('update analytics_progress set tx = $2::xid8, seq = $3::bigint, refreshed_at = now() where name = $1', [source, to.tx, to.seq]);
}

/**
 * Adds rows to a rollup table in one `insert … select from unnest(…) on conflict do update`: counters are added,
 * histograms added element by element.
 */
export async function upsertRollupRows(tx: Queryable, table: RollupTable, rows: readonly RollupRow[]): Promise<void> {
  const { name, keys, counters, histograms, conflict } = table;
  const columns = [...keys.map(([c]) => c), ...counters.map(([c]) => c), ...histograms];
  const types = [...keys.map(([, t]) => t), ...counters.map(([, t]) => t), ...histograms.map(() => 'text')];
  // Histograms travel as array literals ('{0,2,1}') and are cast back per row.
  const params = columns.map((c, i) =>
    i < keys.length + counters.length ? rows.map((r) => r[c]) : rows.map((r) => `{${addHistograms(r[c] as number[], []).join(',')}}`),
  );
  const aliases = columns.map((_, i) => `c${i}`);
  const select = aliases.map((a, i) => (i >= keys.length + counters.length ? `${a}::int[]` : a)).join(', ');
  const updates = [
    ...counters.map(([c]) => `${c} = s.${c} + excluded.${c}`),
    ...histograms.map(
      (h) =>
        `${h} = (select coalesce(array_agg(coalesce(a, 0) + coalesce(b, 0) order by i), '{}') from unnest(s.${h}, excluded.${h}) with ordinality as u(a, b, i))`,
    ),
  ];
  await tx.query(
    `insert into ${name} as s (${columns.join(', ')})
     select ${select} from unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')}) as t(${aliases.join(', ')})
     on conflict (${conflict.join(', ')}) do update set ${updates.join(', ')}`,
    params,
  );
}

/** Locks the open-case snapshot's row: concurrent refreshes (several processes) take turns. */
export async function lockOpenCaseSnapshot(tx: Queryable): Promise<void> {
  await tx.query('select 1 from open_case_snapshot for update');
}

export async function deleteOpenCaseCounts(tx: Queryable): Promise<void> {
  await tx.query('delete from open_case_counts');
}

/** Counts the open cases per organization, workflow, step, status and what they wait for, with how long they waited. */
export async function insertOpenCaseCounts(tx: Queryable): Promise<void> {
  await tx.query(
    `insert into open_case_counts (organization_id, workflow_id, current_step_id, status, waiting_for, n, updated_epoch_sum, oldest_updated_at)
       select a.organization_id, a.workflow_id, a.current_step_id, a.status, a.waiting_for, count(*)::int,
              sum(extract(epoch from a.updated_at))::float8, min(a.updated_at)
         from applications a where a.completed_at is null
        group by a.organization_id, a.workflow_id, a.current_step_id, a.status, a.waiting_for`,
  );
}

/** The snapshot was taken now. */
export async function markOpenCaseSnapshotTaken(tx: Queryable): Promise<void> {
  await tx.query('update open_case_snapshot set taken_at = clock_timestamp()');
}

/** Adds the batch's rows to its table, and to its daily and weekly twins. */
export async function upsertRollup(tx: Queryable, batch: RollupBatch): Promise<void> {
  await upsertRows(tx, batch);
  for (const level of ['day', 'week'] as const) {
    const twin = batch.rolledUp(level);
    if (twin) await upsertRows(tx, twin);
  }
}

async function upsertRows(tx: Queryable, batch: RollupBatch): Promise<void> {
  const rows = batch.values();
  if (rows.length === 0) return;
  await upsertRollupRows(tx, batch.table, rows);
}
