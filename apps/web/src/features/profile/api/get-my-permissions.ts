import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchUserPermissions, type UserPermissions } from '../../../shared/api/user-permissions.ts';

/** GET /admin/users/{id}/permissions: anyone may read their own ('No user specified.' without an id). */
export function getMyPermissions(userId: string, signal?: AbortSignal): Promise<UserPermissions> {
  return fetchUserPermissions(userId, signal);
}

export const myPermissionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['users', userId, 'permissions'],
    queryFn: ({ signal }) => getMyPermissions(userId, signal),
  });

export function useMyPermissions(userId: string) {
  return useQuery(myPermissionsQueryOptions(userId));
}
