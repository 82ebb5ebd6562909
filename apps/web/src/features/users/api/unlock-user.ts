import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { USERS_KEY } from './get-users.ts';

/** POST /admin/users/{id}/unlock: ends a lockout after failed sign-ins. */
export async function unlockUser(id: string) {
  return unwrap(await call('POST /api/admin/users/:id/unlock', { params: { id } }));
}

export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
