import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganizationSettings } from '@admin-portal/contract/organizations';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { ORGANIZATIONS_KEY } from './get-organizations.ts';

export type SettingsUpdate = Pick<
  OrganizationSettings,
  | 'allow_registration'
  | 'allowed_email_domains'
  | 'registration_requires_approval'
  | 'timezone'
  | 'session_timeout_minutes'
  | 'two_factor_required_roles'
  | 'applicant_start'
  | 'applicant_link_days'
  | 'applicant_language'
  | 'applicant_embed_origins'
>;

const settingsKey = (id: string) => [...ORGANIZATIONS_KEY, id, 'settings'] as const;

/** GET /admin/organizations/{id}/settings */
export async function getOrganizationSettings(id: string, signal?: AbortSignal): Promise<OrganizationSettings> {
  return unwrap(await call('GET /api/admin/organizations/:id/settings', { params: { id }, signal })).settings;
}

export const organizationSettingsQueryOptions = (id: string) =>
  queryOptions({ queryKey: settingsKey(id), queryFn: ({ signal }) => getOrganizationSettings(id, signal), staleTime: 0 });

export function useOrganizationSettings(id: string) {
  return useQuery(organizationSettingsQueryOptions(id));
}

/** PUT /admin/organizations/{id}/settings: only the keys sent change; the answer is every setting. */
export async function updateOrganizationSettings(id: string, update: SettingsUpdate): Promise<OrganizationSettings> {
  return unwrap(await call('PUT /api/admin/organizations/:id/settings', { params: { id }, body: update })).settings;
}

export function useUpdateOrganizationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: SettingsUpdate }) => updateOrganizationSettings(id, update),
    onSuccess: (settings, { id }) => {
      queryClient.setQueryData(settingsKey(id), settings);
      return queryClient.invalidateQueries({ queryKey: ORGANIZATIONS_KEY });
    },
  });
}
