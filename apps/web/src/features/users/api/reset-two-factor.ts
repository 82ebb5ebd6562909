import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

/** POST /admin/users/{id}/two-factor/reset: the user signs in with their password alone until they set it up again. */
export function useResetTwoFactor() {
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.post<{ success: boolean; message: string }>(`/admin/users/${encodeURIComponent(id)}/two-factor/reset`)),
  });
}
