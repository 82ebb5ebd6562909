import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { ANALYTICS_KEY, ANALYTICS_QUERY_DEFAULTS, type AnalyticsParams } from './analytics-query.ts';

/** GET /admin/workflows/insights: ranked findings with their evidence and where to act on them. */
export const getInsights = async (params: AnalyticsParams, signal?: AbortSignal) =>
  unwrap(await call('GET /api/admin/workflows/insights', { query: params, ...(signal ? { signal } : {}) }));

export const getInsightsQueryOptions = (params: AnalyticsParams) =>
  queryOptions({ queryKey: [...ANALYTICS_KEY, 'insights', params], queryFn: ({ signal }) => getInsights(params, signal), ...ANALYTICS_QUERY_DEFAULTS });

/** Null params (a period still being chosen) ask nothing. */
export function useInsights(params: AnalyticsParams | null) {
  return useQuery({ ...getInsightsQueryOptions(params ?? {}), enabled: params !== null });
}
