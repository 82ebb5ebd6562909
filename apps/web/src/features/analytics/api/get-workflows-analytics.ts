import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { ANALYTICS_KEY, ANALYTICS_QUERY_DEFAULTS, type AnalyticsParams } from './analytics-query.ts';

/** GET /admin/workflows/analytics: every workflow's figures for the period (busiest first). */
export const getWorkflowsAnalytics = async (params: AnalyticsParams, signal?: AbortSignal) =>
  unwrap(await call('GET /api/admin/workflows/analytics', { query: params, ...(signal ? { signal } : {}) }));

export const getWorkflowsAnalyticsQueryOptions = (params: AnalyticsParams) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, 'workflows', params],
    queryFn: ({ signal }) => getWorkflowsAnalytics(params, signal),
    ...ANALYTICS_QUERY_DEFAULTS,
  });

/** Null params (a period still being chosen) ask nothing. */
export function useWorkflowsAnalytics(params: AnalyticsParams | null) {
  return useQuery({ ...getWorkflowsAnalyticsQueryOptions(params ?? {}), enabled: params !== null });
}
