import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { USERS_KEY } from './get-users.ts';

/** PUT /admin/users/{id}/password: sets the password, ends the user's sessions and any lockout. */
export async function resetPassword(id: string, newPassword: string) {
  return unwrap(await call('PUT /api/admin/users/:id/password', { params: { id }, body: { new_password: newPassword } }));
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, newPassword }: { id: string; newPassword: string }) => resetPassword(id, newPassword),
    // A reset also clears a lockout, which the list shows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
