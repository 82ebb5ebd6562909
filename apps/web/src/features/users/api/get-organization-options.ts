import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_LIMIT_MAX } from '@admin-portal/contract/list-limits';
import type { Organization } from '@admin-portal/contract/organizations';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

export type OrganizationOption = Pick<Organization, 'id' | 'name' | 'is_active'>;

/** GET /admin/organizations (spec §3: organizations inside an object, or a bare array), by name, for a picker. */
export async function getOrganizationOptions(signal?: AbortSignal): Promise<OrganizationOption[]> {
  const data = unwrap(await call('GET /api/admin/organizations', { query: { limit: LIST_LIMIT_MAX, sort: 'name' }, signal }));
  const list = Array.isArray(data) ? data : (data?.organizations ?? data?.items ?? []);
  return list.map(({ id, name, is_active }) => ({ id, name, is_active }));
}

export const organizationOptionsQueryOptions = queryOptions({
  queryKey: ['organizations', 'options'],
  queryFn: ({ signal }) => getOrganizationOptions(signal),
  staleTime: 5 * 60_000,
});

/** Only a super admin picks an organization, so only they load the list. */
export function useOrganizationOptions(enabled: boolean) {
  return useQuery({ ...organizationOptionsQueryOptions, enabled });
}
