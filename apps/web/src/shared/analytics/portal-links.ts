import { writePeriod, type PeriodState } from './period-state.ts';

/**
 * Where analytics figures lead: the Real-time Monitor filtered (its URL parameters, see the applications feature's
 * monitor-state), a workflow's analytics for the same period, a tool's analytics. Only the paths: whether the user
 * may open them is the page's call.
 */

export interface MonitorFilter {
  view?: 'queue';
  /** The review queue's view: the user's own reviews, or the unclaimed ones of their roles. */
  queue?: 'mine' | 'unclaimed';
  status?: string;
  workflow?: string | null;
  step?: string | null;
  review?: boolean;
  overdue?: boolean;
  escalated?: boolean;
}

export function monitorPath(filter: MonitorFilter = {}): string {
  const params = new URLSearchParams();
  if (filter.view) params.set('view', filter.view);
  if (filter.queue) params.set('queue', filter.queue);
  if (filter.status) params.set('status', filter.status);
  if (filter.workflow) params.set('workflow', filter.workflow);
  if (filter.step) params.set('step', filter.step);
  if (filter.review) params.set('review', '1');
  if (filter.overdue) params.set('overdue', '1');
  if (filter.escalated) params.set('escalated', '1');
  const query = params.toString();
  return query ? `/applications?${query}` : '/applications';
}

export const WORKFLOW_ANALYTICS_PATH = '/workflows/analytics';
export const APPLICATION_ANALYTICS_PATH = '/applications/analytics';

/** A workflow's analytics (or every workflow's, without an id) for the same period. */
export function workflowAnalyticsPath(workflowId: string | null, period?: PeriodState): string {
  const params = new URLSearchParams();
  if (workflowId) params.set('workflow', workflowId);
  if (period) writePeriod(params, period);
  const query = params.toString();
  return query ? `${WORKFLOW_ANALYTICS_PATH}?${query}` : WORKFLOW_ANALYTICS_PATH;
}

export const toolAnalyticsPath = (toolId: string): string => `/tools/analytics?tool=${encodeURIComponent(toolId)}`;

export const builderPath = (workflowId: string): string => `/workflows/builder?id=${encodeURIComponent(workflowId)}`;
