import { queryOptions } from '@tanstack/react-query';
import { LIST_LIMIT_MAX } from '@admin-portal/contract/list-limits';
import type { Organization } from '@admin-portal/contract/organizations';
import { getOrganization, organizationsOf } from '../../features/auth/api/get-organizations.ts';
import { authStore } from '../../features/auth/auth-store.ts';
import { call } from '../../shared/api/api.ts';
import { unwrap } from '../../shared/api/api-result.ts';
import { organizationChoice } from '../../shared/organization/organization-choice.ts';
import { queryClient } from '../query-client.ts';

// Loaded with the shell only: the contract's list limits come with zod, which the first screen must not download.

const SWITCHER_KEY = ['organization-switcher'] as const;

/** The organizations a super admin can switch to (the server lists every one to a super admin). */
export const switchableOrganizationsQuery = queryOptions({
  queryKey: SWITCHER_KEY,
  queryFn: async ({ signal }) =>
    organizationsOf(unwrap(await call('GET /api/admin/organizations', { signal, query: { limit: LIST_LIMIT_MAX, sort: 'name' } }))),
  staleTime: 5 * 60_000,
});

async function homeOrganization(organizationId: string): Promise<Organization | null> {
  const listed = authStore.get().organizations.find((o) => o.id === organizationId);
  if (listed) return listed;
  const result = await getOrganization(organizationId);
  return result.success ? result.data : null;
}

/**
 * Makes `org` the organization every page works in (null: all organizations, the super admin's default):
 * remembered for this super admin, sent as X-Organization-Id from now on, shown in the shell, and every
 * server-state query starts again so no page keeps the previous organization's data on screen (the switcher's
 * own list is the same whatever the choice, and is kept).
 */
export async function switchOrganization(org: Organization | null): Promise<void> {
  const user = authStore.get().user;
  if (user?.role !== 'super_admin') return;
  if (org) {
    organizationChoice.set(user.id, org.id);
    authStore.set({ currentOrganization: org });
  } else {
    organizationChoice.clear();
    authStore.set({ currentOrganization: await homeOrganization(user.organization_id) });
  }
  await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== SWITCHER_KEY[0] });
}
