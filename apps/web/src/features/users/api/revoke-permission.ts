import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { userPermissionsKey } from './get-user-permissions.ts';
import { USERS_KEY } from './get-users.ts';

/** DELETE /admin/users/{id}/permissions/{permission}: withdraws an extra (a role's defaults cannot be withdrawn). */
export async function revokePermission(userId: string, permission: string) {
  return unwrap(await call('DELETE /api/admin/users/:id/permissions/:permission', { params: { id: userId, permission } }));
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
