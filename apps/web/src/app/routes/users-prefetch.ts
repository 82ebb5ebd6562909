import { usersQueryOptions } from '../../features/users/api/get-users.ts';
import { pageQuery, parseListState } from '../../features/users/lib/list-state.ts';
import { queryClient } from '../query-client.ts';
import { prefetchOnArrival } from './arrival-prefetch.ts';

/** On a page load at /users, asks for the list's page (at the URL's size, else the user's) once the session is known. */
export function prefetchUsers(): void {
  void prefetchOnArrival('/users', ({ search, preferences }) => {
    const state = parseListState(search);
    void queryClient.prefetchQuery(usersQueryOptions(pageQuery(state, state.size ?? preferences.page_size)));
  });
}
