import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { ANALYTICS_KEY, ANALYTICS_QUERY_DEFAULTS, type AnalyticsParams } from './analytics-query.ts';

/** GET /admin/analytics/applications: applications in the period, over time, by workflow, time to decision, with the previous period. */
export const getApplicationsAnalytics = async (params: AnalyticsParams, signal?: AbortSignal) =>
  unwrap(await call('GET /api/admin/analytics/applications', { query: params, ...(signal ? { signal } : {}) }));

export const getApplicationsAnalyticsQueryOptions = (params: AnalyticsParams) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, 'applications', params],
    queryFn: ({ signal }) => getApplicationsAnalytics(params, signal),
    ...ANALYTICS_QUERY_DEFAULTS,
  });

/** Null params (a period still being chosen) ask nothing. */
export function useApplicationsAnalytics(params: AnalyticsParams | null) {
  return useQuery({ ...getApplicationsAnalyticsQueryOptions(params ?? {}), enabled: params !== null });
}
