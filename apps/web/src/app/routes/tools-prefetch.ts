import { toolAnalyticsQueryOptions, toolOptionsQueryOptions } from '../../features/tools/api/tool-activity-api.ts';
import { toolPageQueryOptions } from '../../features/tools/api/tools-api.ts';
import { parseAnalyticsState } from '../../features/tools/lib/analytics-state.ts';
import { listQuery, parseListState } from '../../features/tools/lib/registry/list-state.ts';
import { queryClient } from '../query-client.ts';
import { prefetchOnArrival } from './arrival-prefetch.ts';

/** On a page load at /tools, asks for the registry's page (at the URL's size, else the user's) once the session is known. */
export function prefetchTools(): void {
  void prefetchOnArrival('/tools', ({ search, preferences }) => {
    const state = parseListState(search);
    void queryClient.prefetchQuery(toolPageQueryOptions(listQuery(state, state.size ?? preferences.page_size)));
  });
}

/** On a page load at /tools/analytics, asks for the window's figures and the tools to filter on. */
export function prefetchToolAnalytics(): void {
  void prefetchOnArrival('/tools/analytics', ({ search }) => {
    const state = parseAnalyticsState(search);
    void queryClient.prefetchQuery(toolAnalyticsQueryOptions({ days: state.days, toolId: state.tool || null }));
    void queryClient.prefetchQuery(toolOptionsQueryOptions());
  });
}
