import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

/** Results per kind on the search page; the totals say how many more there are. */
export const SEARCH_LIMIT = 10;
/** Results per kind in the Ctrl/⌘-K palette: a glance, with "see all" leading to the page. */
export const PALETTE_LIMIT = 5;

/** GET /admin/search: one search across what the caller may see. */
export async function search(q: string, limit: number, signal?: AbortSignal) {
  return unwrap(await call('GET /api/admin/search', { query: { q, limit }, signal }));
}

export const searchQueryOptions = (q: string, limit = SEARCH_LIMIT) =>
  queryOptions({
    queryKey: ['search', q, limit],
    queryFn: ({ signal }) => search(q, limit, signal),
    enabled: q.trim() !== '',
    staleTime: 10_000,
  });

export function useSearch(q: string, limit = SEARCH_LIMIT) {
  return useQuery(searchQueryOptions(q.trim(), limit));
}
