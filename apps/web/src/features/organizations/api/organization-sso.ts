import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SsoSettingsInput } from '@admin-portal/contract/single-sign-on';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { ORGANIZATIONS_KEY } from './get-organizations.ts';

const ssoKey = (id: string) => [...ORGANIZATIONS_KEY, id, 'sso'] as const;

/** GET /admin/organizations/{id}/sso: the settings (null when none) and the redirect URI to register. */
export function useOrganizationSso(id: string) {
  return useQuery({
    queryKey: ssoKey(id),
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/organizations/:id/sso', { params: { id }, signal })),
    staleTime: 0,
  });
}

/** PUT /admin/organizations/{id}/sso (the server reads the issuer's discovery document first). */
export function useSaveOrganizationSso(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SsoSettingsInput) => unwrap(await call('PUT /api/admin/organizations/:id/sso', { params: { id }, body: input })),
    onSuccess: (data) => queryClient.setQueryData(ssoKey(id), data),
  });
}

/** DELETE /admin/organizations/{id}/sso */
export function useRemoveOrganizationSso(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await call('DELETE /api/admin/organizations/:id/sso', { params: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ssoKey(id) }),
  });
}
