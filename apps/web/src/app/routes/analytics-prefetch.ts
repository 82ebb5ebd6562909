import { getAnalyticsOverviewQueryOptions } from '../../features/analytics/api/get-analytics-overview.ts';
import { getApplicationsAnalyticsQueryOptions } from '../../features/analytics/api/get-applications-analytics.ts';
import { getInsightsQueryOptions } from '../../features/analytics/api/get-insights.ts';
import { workflowChoicesQueryOptions } from '../../features/analytics/api/get-workflow-choices.ts';
import { getWorkflowsAnalyticsQueryOptions } from '../../features/analytics/api/get-workflows-analytics.ts';
import { applicationsQuery, parseApplicationsView } from '../../features/analytics/lib/applications-view.ts';
import { parseWorkflowView, workflowQuery } from '../../features/analytics/lib/workflow-view.ts';
import { periodProblem, todayIn } from '../../shared/analytics/period-state.ts';
import { queryClient } from '../query-client.ts';
import { prefetchOnArrival } from './arrival-prefetch.ts';

/** On a page load at /applications/analytics, asks for what the page shows first (a valid period only). */
export function prefetchApplicationsAnalytics(): void {
  void prefetchOnArrival('/applications/analytics', ({ search, timeZone }) => {
    const view = parseApplicationsView(search);
    if (periodProblem(view.period, todayIn(timeZone))) return;
    const query = applicationsQuery(view, timeZone);
    void queryClient.prefetchQuery(getApplicationsAnalyticsQueryOptions(query));
    void queryClient.prefetchQuery(getAnalyticsOverviewQueryOptions(query));
    void queryClient.prefetchQuery(getInsightsQueryOptions(query));
    void queryClient.prefetchQuery(workflowChoicesQueryOptions());
  });
}

/** On a page load at /workflows/analytics without a chosen workflow, asks for every workflow's figures and the insights. */
export function prefetchWorkflowsAnalytics(): void {
  void prefetchOnArrival('/workflows/analytics', ({ search, timeZone }) => {
    const view = parseWorkflowView(search);
    if (view.workflow || periodProblem(view.period, todayIn(timeZone))) return;
    const query = workflowQuery(view, timeZone);
    void queryClient.prefetchQuery(getWorkflowsAnalyticsQueryOptions(query));
    void queryClient.prefetchQuery(getInsightsQueryOptions(query));
    void queryClient.prefetchQuery(workflowChoicesQueryOptions());
  });
}
