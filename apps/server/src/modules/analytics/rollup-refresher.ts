import type { Db, Queryable } from '../../db/client.ts';
import { addHistograms, record } from './duration-histogram.ts';

/**
 * Folds new application events into the hourly rollups (application_stats_hourly, step_stats_hourly), then moves
 * the bookmark in analytics_progress, all in one transaction: an event is counted exactly once, however many
 * processes refresh. Events are read in (tx, seq) order and only from transactions older than every one still
 * running (`pg_snapshot_xmin`), so one that commits late is never skipped (the same rule as the event stream).
 */

const PROGRESS = 'application_events';
const HOUR_MS = 3_600_000;

interface EventRow {
  tx: string;
  seq: string;
  type: string;
  organization_id: string;
  workflow_id: string | null;
  step_id: string | null;
  step_type: string | null;
  created_at: Date;
  outcome: string | null;
  duration_ms: number | null;
}

interface AppStats {
  organization_id: string;
  workflow_id: string;
  hour: Date;
  started: number;
  completed: number;
  approved: number;
  rejected: number;
  failed: number;
  cancelled: number;
  retried: number;
}

interface StepStats {
  organization_id: string;
  workflow_id: string;
  step_id: string;
  hour: Date;
  step_type: string;
  entered: number;
  completed: number;
  failed: number;
  duration_ms_sum: number;
  duration_hist: number[];
}

const APP_COUNTERS: Readonly<Record<string, keyof AppStats>> = {
  application_created: 'started',
  application_completed: 'completed',
  application_failed: 'failed',
  application_cancelled: 'cancelled',
  application_retried: 'retried',
};
const STEP_COUNTERS: Readonly<Record<string, 'entered' | 'completed' | 'failed'>> = { step_entered: 'entered', step_completed: 'completed', step_failed: 'failed' };

/** The hourly rows a batch of events adds up to (pure). */
export function foldEvents(events: readonly EventRow[]): { apps: AppStats[]; steps: StepStats[] } {
  const apps = new Map<string, AppStats>();
  const steps = new Map<string, StepStats>();
  for (const e of events) {
    if (!e.workflow_id) continue;
    const hour = new Date(Math.floor(e.created_at.getTime() / HOUR_MS) * HOUR_MS);
    const appCounter = APP_COUNTERS[e.type];
    if (appCounter) {
      const key = `${e.organization_id}|${e.workflow_id}|${hour.getTime()}`;
      let row = apps.get(key);
      if (!row) {
        row = { organization_id: e.organization_id, workflow_id: e.workflow_id, hour, started: 0, completed: 0, approved: 0, rejected: 0, failed: 0, cancelled: 0, retried: 0 };
        apps.set(key, row);
      }
      (row[appCounter] as number) += 1;
      if (e.type === 'application_completed' && (e.outcome === 'approved' || e.outcome === 'rejected')) row[e.outcome] += 1;
    }
    const stepCounter = STEP_COUNTERS[e.type];
    if (stepCounter && e.step_id) {
      const key = `${e.organization_id}|${e.workflow_id}|${e.step_id}|${hour.getTime()}`;
      let row = steps.get(key);
      if (!row) {
        row = { organization_id: e.organization_id, workflow_id: e.workflow_id, step_id: e.step_id, hour, step_type: e.step_type ?? '', entered: 0, completed: 0, failed: 0, duration_ms_sum: 0, duration_hist: [] };
        steps.set(key, row);
      }
      row[stepCounter] += 1;
      if (stepCounter === 'completed' && e.duration_ms !== null) {
        row.duration_ms_sum += Math.round(e.duration_ms);
        record(row.duration_hist, e.duration_ms);
      }
    }
  }
  return { apps: [...apps.values()], steps: [...steps.values()] };
}

async function upsertAppStats(tx: Queryable, rows: readonly AppStats[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof AppStats>(k: K) => rows.map((r) => r[k]);
  await tx.query(
    `insert into application_stats_hourly as s (organization_id, workflow_id, hour, started, completed, approved, rejected, failed, cancelled, retried)
     select * from unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[])
     on conflict (organization_id, hour, workflow_id) do update set
       started = s.started + excluded.started, completed = s.completed + excluded.completed, approved = s.approved + excluded.approved,
       rejected = s.rejected + excluded.rejected, failed = s.failed + excluded.failed, cancelled = s.cancelled + excluded.cancelled,
       retried = s.retried + excluded.retried`,
    [col('organization_id'), col('workflow_id'), col('hour'), col('started'), col('completed'), col('approved'), col('rejected'), col('failed'), col('cancelled'), col('retried')],
  );
}

async function upsertStepStats(tx: Queryable, rows: readonly StepStats[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof StepStats>(k: K) => rows.map((r) => r[k]);
  // Histograms travel as array literals ('{0,2,1}') and are added element by element to what the hour holds.
  const hists = rows.map((r) => `{${addHistograms(r.duration_hist, []).join(',')}}`);
  await tx.query(
    `insert into step_stats_hourly as s (organization_id, workflow_id, step_id, hour, step_type, entered, completed, failed, duration_ms_sum, duration_hist)
     select o, w, st, h, ty, en, co, fa, su, hi::int[]
       from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::text[], $6::int[], $7::int[], $8::int[], $9::bigint[], $10::text[])
            as t(o, w, st, h, ty, en, co, fa, su, hi)
     on conflict (organization_id, hour, workflow_id, step_id) do update set
       entered = s.entered + excluded.entered, completed = s.completed + excluded.completed, failed = s.failed + excluded.failed,
       duration_ms_sum = s.duration_ms_sum + excluded.duration_ms_sum,
       duration_hist = (select coalesce(array_agg(coalesce(a, 0) + coalesce(b, 0) order by i), '{}')
                          from unnest(s.duration_hist, excluded.duration_hist) with ordinality as u(a, b, i))`,
    [col('organization_id'), col('workflow_id'), col('step_id'), col('hour'), col('step_type'), col('entered'), col('completed'), col('failed'), col('duration_ms_sum'), hists],
  );
}

/** Folds up to `batchSize` new events into the rollups; answers how many it folded (0: the rollups are current). */
export async function refreshRollups(db: Db, batchSize = 5000): Promise<number> {
  return db.transaction(async (tx) => {
    const progress = await tx.query<{ tx: string; seq: string }>('select tx::text as tx, seq::text as seq from analytics_progress where name = $1 for update', [PROGRESS]);
    const from = progress.rows[0] ?? { tx: '0', seq: '0' };
    const res = await tx.query<EventRow>(
      `select e.tx::text as tx, e.seq::text as seq, e.type, e.organization_id, e.workflow_id, e.step_id, e.step_type, e.created_at,
              e.payload->>'outcome' as outcome,
              case when e.type = 'step_completed' then (extract(epoch from s.completed_at - s.entered_at) * 1000)::float8 end as duration_ms
         from application_events e
         left join application_steps s on e.type = 'step_completed' and s.id = e.step_run_id
        where (e.tx, e.seq) > ($1::xid8, $2::bigint) and e.tx < pg_snapshot_xmin(pg_current_snapshot())
        order by e.tx, e.seq
        limit $3`,
      [from.tx, from.seq, batchSize],
    );
    const events = res.rows;
    if (events.length === 0) return 0;
    const { apps, steps } = foldEvents(events);
    await upsertAppStats(tx, apps);
    await upsertStepStats(tx, steps);
    const last = events[events.length - 1]!;
    await tx.query('update analytics_progress set tx = $2::xid8, seq = $3::bigint, refreshed_at = now() where name = $1', [PROGRESS, last.tx, last.seq]);
    return events.length;
  });
}

/** Folds every pending event (batch after batch); answers how many. */
export async function refreshAllRollups(db: Db, batchSize = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await refreshRollups(db, batchSize);
    total += n;
    if (n < batchSize) return total;
  }
}
