/**
 * "Open now" figures (open cases per workflow, step, status and wait, with how long they have waited) are counted
 * once after each fold of the rollups, not once per request: a dashboard then reads a few rows per workflow and
 * step however many cases wait. The snapshot is as fresh as the rollups (about a second behind the runtime); when
 * it is missing or older than OPEN_SNAPSHOT_MAX_AGE_S (no process runs the scheduler), the calls count live.
 */
import type { Db } from '../../db/client.ts';
import { deleteOpenCaseCounts, insertOpenCaseCounts, lockOpenCaseSnapshot, markOpenCaseSnapshotTaken } from './rollups.queries.ts';

/** Older than this, the snapshot is not trusted and the open cases are counted live. */
export const OPEN_SNAPSHOT_MAX_AGE_S = 60;
/** While nothing is folded, the snapshot is still taken this often (changes that write no event, e.g. erasures). */
export const OPEN_SNAPSHOT_IDLE_MS = 20_000;

/** Counts the open cases again, replacing the snapshot; concurrent refreshes (several processes) take turns. */
export async function refreshOpenCaseCounts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOpenCaseSnapshot(tx);
    await deleteOpenCaseCounts(tx);
    await insertOpenCaseCounts(tx);
    await markOpenCaseSnapshotTaken(tx);
  });
}
