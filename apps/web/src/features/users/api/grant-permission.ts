import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Permission } from '@admin-portal/contract/permissions';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { userPermissionsKey, type UserPermissions } from './get-user-permissions.ts';
import { USERS_KEY } from './get-users.ts';

/** POST /admin/users/{id}/permissions: grants an extra permission; the answer is the user's permissions afterwards. */
export async function grantPermission(userId: string, permission: Permission): Promise<UserPermissions> {
  return unwrap(await api.post<UserPermissions>(`/admin/users/${encodeURIComponent(userId)}/permissions`, { permission }));
}

export function useGrantPermission(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permission: Permission) => grantPermission(userId, permission),
    onSuccess: async (permissions) => {
      queryClient.setQueryData(userPermissionsKey(userId), permissions);
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
