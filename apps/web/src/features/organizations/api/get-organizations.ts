import type { OrganizationSort } from '../lib/list-params.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

export interface OrganizationListQuery {
  q?: string | undefined;
  sort: OrganizationSort;
  limit: number;
  offset: number;
}

/** Every organization query starts with this key, so a change refreshes them all (the shell's list included, if it uses it). */
export const ORGANIZATIONS_KEY = ['organizations'] as const;

export async function getOrganizationPage(query: OrganizationListQuery, signal?: AbortSignal) {
  const data = unwrap(await call('GET /api/admin/organizations', { query, signal }));
  return { items: data.items, total: data.total, limit: data.limit, offset: data.offset };
}

export const organizationPageQueryOptions = (query: OrganizationListQuery, enabled = true) =>
  queryOptions({
    queryKey: [...ORGANIZATIONS_KEY, 'page', query],
    queryFn: ({ signal }) => getOrganizationPage(query, signal),
    enabled,
    // The table keeps the previous page on screen while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

/** `enabled: false` waits (for the page size from the user's preferences) instead of fetching a page twice. */
export function useOrganizationPage(query: OrganizationListQuery, enabled = true) {
  return useQuery(organizationPageQueryOptions(query, enabled));
}
