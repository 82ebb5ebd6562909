import type { Organization } from '@admin-portal/contract/organizations';
import { call } from '../../../shared/api/api.ts';

type OrganizationList = Organization[] | { organizations?: Organization[]; items?: Organization[] };

/** Spec §3: the list is organizations inside an object, or a bare array. */
export function organizationsOf(data: OrganizationList | null | undefined): Organization[] {
  if (Array.isArray(data)) return data;
  return data?.organizations ?? data?.items ?? [];
}

/** GET /admin/organizations: the organizations the user can see (all for a super admin, else their own). */
export async function getOrganizations() {
  const result = await call('GET /api/admin/organizations');
  return result.success ? { ...result, data: organizationsOf(result.data) } : result;
}

/** GET /admin/organizations/{id}: used when the user's organization is not on the first page of the list. */
export function getOrganization(id: string) {
  return call('GET /api/admin/organizations/:id', { params: { id } });
}
