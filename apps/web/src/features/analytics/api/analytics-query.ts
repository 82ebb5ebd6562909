import { keepPreviousData } from '@tanstack/react-query';
import type { AnalyticsQueryInput } from '@admin-portal/contract/analytics/api';

/** Every analytics query starts with this key, so one invalidation refreshes a whole page. */
export const ANALYTICS_KEY = ['analytics'] as const;

/** The query string of an analytics call: the period (range, from, to, bucket, tz) and the filters (workflow_id, status). */
export type AnalyticsParams = Readonly<AnalyticsQueryInput>;

/**
 * What every analytics query shares: the figures on screen stay while the next period loads, and they are refreshed
 * every minute while the page is open (the rollups follow the runtime within a second).
 */
export const ANALYTICS_QUERY_DEFAULTS = {
  placeholderData: keepPreviousData,
  staleTime: 30_000,
  refetchInterval: 60_000,
} as const;
