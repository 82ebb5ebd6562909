import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import type { UserPageQuery } from '../lib/list-state.ts';

/** Every user query starts with this key, so one invalidation after a change refreshes the list, a user and their permissions. */
export const USERS_KEY = ['users'] as const;

/** GET /admin/users: one page, filtered, searched and sorted by the server. */
export async function getUsers(query: UserPageQuery, signal?: AbortSignal) {
  return unwrap(await call('GET /api/admin/users', { query, signal }));
}

export const usersQueryOptions = (query: UserPageQuery) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'list', query],
    queryFn: ({ signal }) => getUsers(query, signal),
    // The previous page stays on screen while the next one loads, instead of the table flashing empty.
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UserPageQuery, enabled = true) {
  return useQuery({ ...usersQueryOptions(query), enabled });
}
