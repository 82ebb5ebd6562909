import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@admin-portal/contract/messages';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

/** Spec §3: a success flag and the permission names; the server adds which come from the role and which were granted. */
export interface UserPermissions {
  success: boolean;
  permissions: string[];
  role_permissions: string[];
  extra_permissions: string[];
}

export async function getUserPermissions(userId: string, signal?: AbortSignal): Promise<UserPermissions> {
  return unwrap(
    await api.get<UserPermissions>(`/admin/users/${encodeURIComponent(userId)}/permissions`, {
      signal,
      fallbackMessage: MESSAGES.permissionsFetchFailed,
    }),
  );
}

export const userPermissionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['users', userId, 'permissions'],
    queryFn: ({ signal }) => getUserPermissions(userId, signal),
  });

export function useUserPermissions(userId: string) {
  return useQuery(userPermissionsQueryOptions(userId));
}
