import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListItem } from '@admin-portal/contract/users';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import type { UserPageQuery } from '../lib/list-state.ts';

export interface UserPage {
  items: UserListItem[];
  total: number;
  /** false when the server stopped counting at its cap. */
  total_exact?: boolean;
  limit: number;
  offset: number;
}

/** Every user query starts with this key, so one invalidation after a change refreshes the list, a user and their permissions. */
export const USERS_KEY = ['users'] as const;

/** GET /admin/users: one page, filtered, searched and sorted by the server. */
export async function getUsers(query: UserPageQuery, signal?: AbortSignal): Promise<UserPage> {
  return unwrap(await api.get<UserPage>('/admin/users', { query: { ...query }, signal }));
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
