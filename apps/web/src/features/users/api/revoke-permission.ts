import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { userPermissionsKey, type UserPermissions } from './get-user-permissions.ts';
import { USERS_KEY } from './get-users.ts';

/** DELETE /admin/users/{id}/permissions/{permission}: withdraws an extra (a role's defaults cannot be withdrawn). */
export async function revokePermission(userId: string, permission: string): Promise<UserPermissions> {
  return unwrap(await api.delete<UserPermissions>(`/admin/users/${encodeURIComponent(userId)}/permissions/${encodeURIComponent(permission)}`));
}

export function useRevokePermission(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permission: string) => revokePermission(userId, permission),
    onSuccess: async (permissions) => {
      queryClient.setQueryData(userPermissionsKey(userId), permissions);
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
