import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreationOptions, Passkey } from '@admin-portal/contract/passkeys';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { createPasskey } from '../../../shared/passkeys/browser-ceremony.ts';

const KEY = ['passkeys'] as const;
/** The two-factor status counts the passkeys: read again with them. */
const STATUS_KEY = ['two-factor'] as const;

/** GET /auth/passkeys: your passkeys. */
export function usePasskeys() {
  return useQuery({ queryKey: KEY, queryFn: async () => unwrap(await api.get<{ passkeys: Passkey[] }>('/auth/passkeys')).passkeys });
}

function useChange<T, V>(call: (value: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      await queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    },
  });
}

/**
 * Adding a passkey: POST /auth/passkeys/registration/options (your password), the browser's ceremony, then
 * POST /auth/passkeys/registration with its answer and the name. Throws the server's refusal (an ApiError) or the
 * browser's (a DOMException or WebAuthnError).
 */
export const useAddPasskey = () =>
  useChange(async ({ password, name }: { password: string; name: string }) => {
    const options = unwrap(await api.post<CreationOptions>('/auth/passkeys/registration/options', { password }));
    const credential = await createPasskey(options);
    return unwrap(await api.post<{ passkey: Passkey; message: string }>('/auth/passkeys/registration', { name, credential }));
  });

/** DELETE /auth/passkeys/{id}. */
export const useRemovePasskey = () =>
  useChange(async (id: string) => unwrap(await api.delete<{ success: boolean; message: string }>(`/auth/passkeys/${encodeURIComponent(id)}`)));
