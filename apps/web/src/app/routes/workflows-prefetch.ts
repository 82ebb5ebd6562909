import { workflowPageQueryOptions } from '../../features/workflows/api/workflows-api.ts';
import { listQuery, parseListState } from '../../features/workflows/lib/list-state.ts';
import { queryClient } from '../query-client.ts';
import { prefetchOnArrival } from './arrival-prefetch.ts';

/** On a page load at /workflows, asks for the list's page (at the URL's size, else the user's) once the session is known. */
export function prefetchWorkflows(): void {
  void prefetchOnArrival('/workflows', ({ search, preferences }) => {
    const state = parseListState(search);
    void queryClient.prefetchQuery(workflowPageQueryOptions(listQuery(state, state.size ?? preferences.page_size)));
  });
}
