import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SsoSettings, SsoSettingsInput } from '@admin-portal/contract/single-sign-on';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { ORGANIZATIONS_KEY } from './get-organizations.ts';

interface SsoResponse {
  sso: SsoSettings | null;
  redirect_uri: string;
  message?: string;
}

const ssoKey = (id: string) => [...ORGANIZATIONS_KEY, id, 'sso'] as const;
const path = (id: string) => `/admin/organizations/${encodeURIComponent(id)}/sso`;

/** GET /admin/organizations/{id}/sso: the settings (null when none) and the redirect URI to register. */
export function useOrganizationSso(id: string) {
  return useQuery({ queryKey: ssoKey(id), queryFn: async ({ signal }) => unwrap(await api.get<SsoResponse>(path(id), { signal })), staleTime: 0 });
}

/** PUT /admin/organizations/{id}/sso (the server reads the issuer's discovery document first). */
export function useSaveOrganizationSso(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SsoSettingsInput) => unwrap(await api.put<SsoResponse>(path(id), input)),
    onSuccess: (data) => queryClient.setQueryData(ssoKey(id), data),
  });
}

/** DELETE /admin/organizations/{id}/sso */
export function useRemoveOrganizationSso(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.delete<{ success: boolean; message: string }>(path(id))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ssoKey(id) }),
  });
}
