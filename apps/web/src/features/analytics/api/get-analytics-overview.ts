import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { ANALYTICS_KEY, ANALYTICS_QUERY_DEFAULTS, type AnalyticsParams } from './analytics-query.ts';

/** GET /admin/analytics: reviews against their SLA by assignee role, tool health, failure reasons and the slowest steps of the period. */
export const getAnalyticsOverview = async (params: AnalyticsParams, signal?: AbortSignal) =>
  unwrap(await call('GET /api/admin/analytics', { query: params, ...(signal ? { signal } : {}) }));

export const getAnalyticsOverviewQueryOptions = (params: AnalyticsParams) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, 'overview', params],
    queryFn: ({ signal }) => getAnalyticsOverview(params, signal),
    ...ANALYTICS_QUERY_DEFAULTS,
  });

/** Null params (a period still being chosen) ask nothing. */
export function useAnalyticsOverview(params: AnalyticsParams | null) {
  return useQuery({ ...getAnalyticsOverviewQueryOptions(params ?? {}), enabled: params !== null });
}
