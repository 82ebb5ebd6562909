import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Permission } from '@admin-portal/contract/permissions';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { userPermissionsKey } from './get-user-permissions.ts';
import { USERS_KEY } from './get-users.ts';

/** POST /admin/users/{id}/permissions: grants an extra permission; the answer is the user's permissions afterwards. */
export async function grantPermission(userId: string, permission: Permission) {
  return unwrap(await call('POST /api/admin/users/:id/permissions', { params: { id: userId }, body: { permission } }));
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
