/**
 * "Open now" figures (open cases per workflow, step, status and wait, with how long they have waited) are counted
 * once after each fold of the rollups, not once per request: a dashboard then reads a few rows per workflow and
 * step however many cases wait. The snapshot is as fresh as the rollups (about a second behind the runtime); when
 * it is missing or older than OPEN_SNAPSHOT_MAX_AGE_S (no process runs the scheduler), the calls count live.
 */
import type { Db } from '../../db/client.ts';

/** Older than this, the snapshot is not trusted and the open cases are counted live. */
export const OPEN_SNAPSHOT_MAX_AGE_S = 60;
/** While nothing is folded, the snapshot is still taken this often (changes that write no event, e.g. erasures). */
export const OPEN_SNAPSHOT_IDLE_MS = 20_000;

/** Counts the open cases again, replacing the snapshot; concurrent refreshes (several processes) take turns. */
export async function refreshOpenCaseCounts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select 1 from open_case_snapshot for update');
    await tx.query('delete from open_case_counts');
    await tx.query(
      `insert into open_case_counts (organization_id, workflow_id, current_step_id, status, waiting_for, n, updated_epoch_sum, oldest_updated_at)
       select a.organization_id, a.workflow_id, a.current_step_id, a.status, a.waiting_for, count(*)::int,
              sum(extract(epoch from a.updated_at))::float8, min(a.updated_at)
         from applications a where a.completed_at is null
        group by a.organization_id, a.workflow_id, a.current_step_id, a.status, a.waiting_for`,
    );
    await tx.query('update open_case_snapshot set taken_at = clock_timestamp()');
  });
}
