import { monitorPath, type MonitorFilter } from '../../../shared/analytics/portal-links.ts';

/**
 * Where the dashboard's figures lead in the Real-time Monitor: its URL parameters (see the applications feature's
 * monitor-state), with `case` opening one case's drawer.
 */
export function monitorCasePath(applicationId: string, filter: MonitorFilter = {}): string {
  const path = monitorPath(filter);
  return `${path}${path.includes('?') ? '&' : '?'}case=${encodeURIComponent(applicationId)}`;
}

/** A review: the monitor's review queue (overdue cases only for an overdue one), with the case open. */
export const reviewCasePath = (applicationId: string, overdue: boolean): string =>
  monitorCasePath(applicationId, overdue ? { view: 'queue', overdue: true } : { view: 'queue' });

/** A case from the recent activity: the monitor's live table with the case open. */
export const activityCasePath = (applicationId: string): string => monitorCasePath(applicationId);
