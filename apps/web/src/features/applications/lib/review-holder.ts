import type { ReviewTask } from '@admin-portal/contract/applications/api';
import type { MonitorState } from './monitor-state.ts';

// What the review queue and the drawer's review box need of a review's holder and the queue's views (their own
// module: both download after the monitor's first load).

/** Who has a review, by name (else e-mail): "Ada Lovelace has this review". */
export const holderOf = (task: Pick<ReviewTask, 'claimed_by_name' | 'claimed_by_email'>): string => task.claimed_by_name || task.claimed_by_email || 'Someone';

/** The review queue call's filters for a queue view (GET /admin/applications/review-tasks). */
export function queueFilters(queue: MonitorState['queue']): { mine?: 'true'; claimed_by?: string } {
  if (queue === 'roles') return { mine: 'true' };
  if (queue === 'mine') return { claimed_by: 'me' };
  if (queue === 'unclaimed') return { mine: 'true', claimed_by: 'nobody' };
  return { claimed_by: queue };
}
