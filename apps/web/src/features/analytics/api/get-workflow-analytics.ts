import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { ANALYTICS_KEY, ANALYTICS_QUERY_DEFAULTS, type AnalyticsParams } from './analytics-query.ts';

/** GET /admin/workflows/{id}/analytics: one workflow's steps in order with reach, drop-off and time, its reviews and failures. */
export const getWorkflowAnalytics = async (workflowId: string, params: AnalyticsParams, signal?: AbortSignal) =>
  unwrap(await call('GET /api/admin/workflows/:id/analytics', { params: { id: workflowId }, query: params, ...(signal ? { signal } : {}) }));

export const getWorkflowAnalyticsQueryOptions = (workflowId: string, params: AnalyticsParams) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, 'workflow', workflowId, params],
    queryFn: ({ signal }) => getWorkflowAnalytics(workflowId, params, signal),
    ...ANALYTICS_QUERY_DEFAULTS,
  });

/** Null params (a period still being chosen) ask nothing. */
export function useWorkflowAnalytics(workflowId: string, params: AnalyticsParams | null) {
  return useQuery({ ...getWorkflowAnalyticsQueryOptions(workflowId, params ?? {}), enabled: params !== null && workflowId !== '' });
}
