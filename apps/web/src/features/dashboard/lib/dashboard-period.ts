import type { AnalyticsQuery, AnalyticsRange } from '@admin-portal/contract/analytics/api';
import { parsePeriod, periodProblem, periodQuery, todayIn, writePeriod, type PeriodState } from '../../../shared/analytics/period-state.ts';

/**
 * The dashboard's period in its URL. The analytics pages default to the last 30 days; the dashboard, which answers
 * "how is it going now", to the last 7 (the server's default for the dashboard call too). So `/dashboard` with no
 * parameters is the last 7 days, and only what differs from that is written.
 */
export const DASHBOARD_RANGE: AnalyticsRange = '7d';
export const DASHBOARD_PERIOD: PeriodState = { range: DASHBOARD_RANGE, from: '', to: '', bucket: '' };

export const parseDashboardPeriod = (params: URLSearchParams): PeriodState => parsePeriod(params, DASHBOARD_RANGE);

/** Writes the period into `params` (anything else stays), leaving out the dashboard's defaults. */
export const writeDashboardPeriod = (params: URLSearchParams, state: PeriodState): URLSearchParams => writePeriod(params, state, DASHBOARD_RANGE);

/** The dashboard call's query for `period` counted in `tz`; null while the period is not a valid one (nothing is asked). */
export const dashboardQuery = (period: PeriodState, tz: string): AnalyticsQuery | null => (periodProblem(period, todayIn(tz)) ? null : periodQuery(period, tz));
