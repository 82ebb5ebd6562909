import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchUserPermissions, type UserPermissions } from '../../../shared/api/user-permissions.ts';
import { USERS_KEY } from './get-users.ts';

export type { UserPermissions };

export const userPermissionsKey = (userId: string) => [...USERS_KEY, userId, 'permissions'] as const;

/** GET /admin/users/{id}/permissions ('No user specified.' without an id). */
export function getUserPermissions(userId: string, signal?: AbortSignal): Promise<UserPermissions> {
  return fetchUserPermissions(userId, signal);
}

export const userPermissionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userPermissionsKey(userId),
    queryFn: ({ signal }) => getUserPermissions(userId, signal),
    staleTime: 0,
  });

export function useUserPermissions(userId: string) {
  return useQuery(userPermissionsQueryOptions(userId));
}
