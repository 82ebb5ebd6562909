import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { createPasskey } from '../../../shared/passkeys/browser-ceremony.ts';

const KEY = ['passkeys'] as const;
/** The two-factor status counts the passkeys: read again with them. */
const STATUS_KEY = ['two-factor'] as const;

/** GET /auth/passkeys: your passkeys. */
export function usePasskeys() {
  return useQuery({ queryKey: KEY, queryFn: async () => unwrap(await call('GET /api/auth/passkeys')).passkeys });
}

function useChange<T, V>(run: (value: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
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
    const options = unwrap(await call('POST /api/auth/passkeys/registration/options', { body: { password } }));
    const credential = await createPasskey(options);
    return unwrap(await call('POST /api/auth/passkeys/registration', { body: { name, credential } }));
  });

/** DELETE /auth/passkeys/{id}. */
export const useRemovePasskey = () => useChange(async (id: string) => unwrap(await call('DELETE /api/auth/passkeys/:id', { params: { id } })));
