import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, TotpSetup, TwoFactorStatus } from '@admin-portal/contract/two-factor';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

const KEY = ['two-factor'] as const;

/** GET /auth/two-factor: whether your account has a second factor, and the recovery codes left. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: KEY, queryFn: async () => unwrap(await api.get<TwoFactorStatus>('/auth/two-factor')) });
}

/** POST /auth/two-factor/totp/setup (your password): a new secret and its QR code, not in force yet. */
export function useStartTotpSetup() {
  return useMutation({ mutationFn: async (password: string) => unwrap(await api.post<TotpSetup>('/auth/two-factor/totp/setup', { password })) });
}

function useChange<T, V>(call: (value: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }) });
}

/** POST /auth/two-factor/totp/confirm: the app's first code turns it on; the recovery codes come back once. */
export const useConfirmTotp = () => useChange(async (code: string) => unwrap(await api.post<RecoveryCodes>('/auth/two-factor/totp/confirm', { code })));

/** POST /auth/two-factor/totp/disable (your password). */
export const useDisableTotp = () =>
  useChange(async (password: string) => unwrap(await api.post<{ success: boolean; message: string }>('/auth/two-factor/totp/disable', { password })));

/** POST /auth/two-factor/recovery-codes (your password): new codes, shown once. */
export const useRenewRecoveryCodes = () =>
  useChange(async (password: string) => unwrap(await api.post<RecoveryCodes>('/auth/two-factor/recovery-codes', { password })));
