import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsQueryInput } from '@admin-portal/contract/analytics/api';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

/** The query string of the dashboard call: the period (range, from, to, bucket) and the time zone its days are counted in. */
export type DashboardParams = Readonly<AnalyticsQueryInput>;

/** Under the analytics pages' key, so refreshing analytics refreshes the dashboard too. */
export const DASHBOARD_KEY = ['analytics', 'dashboard'] as const;

/** The figures refresh every minute while the page is visible (the rollups follow the runtime within a second). */
export const DASHBOARD_REFRESH_MS = 60_000;

/** GET /admin/analytics/dashboard: what the signed-in user may see of how onboarding is going, for a period. */
export const getDashboard = async (params: DashboardParams, signal?: AbortSignal) =>
  unwrap(await call('GET /api/admin/analytics/dashboard', { query: params, ...(signal ? { signal } : {}) }));

export const getDashboardQueryOptions = (params: DashboardParams) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, params],
    queryFn: ({ signal }) => getDashboard(params, signal),
    // The figures on screen stay while another period loads.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

/** Null params (the time zone not known yet, or a custom period still being chosen) ask nothing. */
export function useDashboard(params: DashboardParams | null) {
  return useQuery({ ...getDashboardQueryOptions(params ?? {}), enabled: params !== null });
}
