import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

const KEY = ['two-factor'] as const;

/** GET /auth/two-factor: whether your account has a second factor, and the recovery codes left. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: KEY, queryFn: async () => unwrap(await call('GET /api/auth/two-factor')) });
}

/** POST /auth/two-factor/totp/setup (your password): a new secret and its QR code, not in force yet. */
export function useStartTotpSetup() {
  return useMutation({ mutationFn: async (password: string) => unwrap(await call('POST /api/auth/two-factor/totp/setup', { body: { password } })) });
}

function useChange<T, V>(run: (value: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }) });
}

/** POST /auth/two-factor/totp/confirm: the app's first code turns it on; the recovery codes come back once. */
export const useConfirmTotp = () => useChange(async (code: string) => unwrap(await call('POST /api/auth/two-factor/totp/confirm', { body: { code } })));

/** POST /auth/two-factor/totp/disable (your password). */
export const useDisableTotp = () => useChange(async (password: string) => unwrap(await call('POST /api/auth/two-factor/totp/disable', { body: { password } })));

/** POST /auth/two-factor/recovery-codes (your password): new codes, shown once. */
export const useRenewRecoveryCodes = () =>
  useChange(async (password: string) => unwrap(await call('POST /api/auth/two-factor/recovery-codes', { body: { password } })));
