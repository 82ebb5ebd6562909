import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { USERS_KEY } from './get-users.ts';

/**
 * POST /admin/users/{id}/two-factor/reset: the user signs in with their password alone until they set it up again.
 * The list is read again: its rows say who has a second factor.
 */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await call('POST /api/admin/users/:id/two-factor/reset', { params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
