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

/** GET /admin/users/{id}/permissions: anyone may read their own. */
export async function getMyPermissions(userId: string, signal?: AbortSignal): Promise<UserPermissions> {
  return unwrap(
    await api.get<UserPermissions>(`/admin/users/${encodeURIComponent(userId)}/permissions`, {
      signal,
      fallbackMessage: MESSAGES.permissionsFetchFailed,
    }),
  );
}

export const myPermissionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['users', userId, 'permissions'],
    queryFn: ({ signal }) => getMyPermissions(userId, signal),
  });

export function useMyPermissions(userId: string) {
  return useQuery(myPermissionsQueryOptions(userId));
}
