import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { MESSAGES } from '@admin-portal/contract/messages';
import type { permissionsResponseSchema } from '@admin-portal/contract/users';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { USERS_KEY } from './get-users.ts';

/** Spec §3 permissions response, plus which come from the role and which were granted on top. */
export type UserPermissions = z.infer<typeof permissionsResponseSchema>;

export const userPermissionsKey = (userId: string) => [...USERS_KEY, userId, 'permissions'] as const;

/** GET /admin/users/{id}/permissions. */
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
    queryKey: userPermissionsKey(userId),
    queryFn: ({ signal }) => getUserPermissions(userId, signal),
    staleTime: 0,
  });

export function useUserPermissions(userId: string) {
  return useQuery(userPermissionsQueryOptions(userId));
}
