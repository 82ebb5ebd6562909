import { ANALYTICS_RANGES, type AnalyticsRange } from '@admin-portal/contract/analytics/api';
import { parsePeriod, PERIOD_PARAMS, type PeriodState } from '../../../shared/analytics/period-state.ts';

/**
 * The dashboard's period in its URL. The analytics pages default to the last 30 days; the dashboard, which answers
 * "how is it going now", to the last 7 (the server's default for the dashboard call too). So `/dashboard` with no
 * parameters is the last 7 days, and only what differs from that is written.
 */
export const DASHBOARD_RANGE: AnalyticsRange = '7d';
export const DASHBOARD_PERIOD: PeriodState = { range: DASHBOARD_RANGE, from: '', to: '', bucket: '' };

const known = (range: string | null): range is AnalyticsRange => range !== null && (ANALYTICS_RANGES as readonly string[]).includes(range);

export function parseDashboardPeriod(params: URLSearchParams): PeriodState {
  if (known(params.get('range'))) return parsePeriod(params);
  const withDefault = new URLSearchParams(params);
  withDefault.set('range', DASHBOARD_RANGE);
  return parsePeriod(withDefault);
}

/** Writes the period into `params` (anything else stays), leaving out the dashboard's defaults. */
export function writeDashboardPeriod(params: URLSearchParams, state: PeriodState): URLSearchParams {
  for (const key of PERIOD_PARAMS) params.delete(key);
  if (state.range !== DASHBOARD_RANGE) params.set('range', state.range);
  if (state.range === 'custom') {
    if (state.from) params.set('from', state.from);
    if (state.to) params.set('to', state.to);
  }
  if (state.bucket) params.set('bucket', state.bucket);
  return params;
}
