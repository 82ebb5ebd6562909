import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@admin-portal/contract/search';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

export interface SearchResponse {
  q: string;
  results: SearchResult[];
  totals: Record<string, number>;
}

/** Results per type on the search page; the totals say how many more there are. */
export const SEARCH_LIMIT = 20;

/** GET /admin/search: one search across what the caller may see. */
export async function search(q: string, signal?: AbortSignal): Promise<SearchResponse> {
  return unwrap(await api.get<SearchResponse>('/admin/search', { query: { q, limit: SEARCH_LIMIT }, signal }));
}

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', q],
    queryFn: ({ signal }) => search(q, signal),
    enabled: q.trim() !== '',
    staleTime: 10_000,
  });

export function useSearch(q: string) {
  return useQuery(searchQueryOptions(q.trim()));
}
