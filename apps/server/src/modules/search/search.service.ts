import type { SearchResult, SearchType } from '@admin-portal/contract/search';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { SEARCHERS } from './searchers/index.ts';
import { searchTerm, type Searcher } from './search.types.ts';

export interface SearchInput {
  q: string;
  limit: number;
  types?: SearchType[] | undefined;
}

/**
 * One search across every kind the caller may see. Each searcher applies its own permission and
 * organization scope; `totals` has an entry for each kind searched (kinds the caller may not see are
 * neither searched nor counted).
 */
export async function search(db: Db, auth: AuthContext, input: SearchInput, searchers: readonly Searcher[] = SEARCHERS) {
  const wanted = input.types ? new Set(input.types) : null;
  const active = searchers.filter((s) => (!wanted || wanted.has(s.type)) && s.visibleTo(auth));
  const term = searchTerm(input.q);
  const hits = await Promise.all(active.map((s) => s.search(db, auth, term, input.limit)));
  const results: SearchResult[] = hits.flatMap((h) => h.results);
  const totals: Record<string, number> = Object.fromEntries(active.map((s, i) => [s.type, hits[i]!.total]));
  const capped = active.filter((_, i) => hits[i]!.exact === false).map((s) => s.type);
  return { q: input.q, results, totals, capped };
}
