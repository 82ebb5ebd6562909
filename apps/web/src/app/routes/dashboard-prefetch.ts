import { getDashboardQueryOptions } from '../../features/dashboard/api/get-dashboard.ts';
import { dashboardQuery, parseDashboardPeriod } from '../../features/dashboard/lib/dashboard-period.ts';
import { queryClient } from '../query-client.ts';
import { prefetchOnArrival } from './arrival-prefetch.ts';

/** On a page load at /dashboard, asks for its figures as soon as the session and the time zone are known. */
export function prefetchDashboard(): void {
  void prefetchOnArrival('/dashboard', ({ search, timeZone }) => {
    const query = dashboardQuery(parseDashboardPeriod(search), timeZone);
    if (query) void queryClient.prefetchQuery(getDashboardQueryOptions(query));
  });
}
