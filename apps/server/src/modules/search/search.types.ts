import type { SearchResult, SearchType } from '@admin-portal/contract/search';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';

/** The text to look for, ready for SQL: `pattern` is `%…%` with LIKE's wildcards escaped, for `ilike`. */
export interface SearchTerm {
  /** The trimmed text as typed. */
  text: string;
  /** `%text%` with `\`, `%` and `_` escaped (backslash is ILIKE's default escape character). */
  contains: string;
  /** `text%`, escaped the same way, for ranking prefix matches first. */
  prefix: string;
}

export interface SearcherHits {
  results: SearchResult[];
  /** Every match the caller may see, not only the `limit` returned; with `exact: false`, at least this many. */
  total: number;
  /** False when `total` is a cap reached rather than a count (a kind as large as applications counts up to 1,000). */
  exact?: boolean;
}

/** One kind of thing the portal search finds: one file exporting a Searcher, listed in searchers/index.ts. */
export interface Searcher {
  type: SearchType;
  /** Whether the caller may see this kind at all (a permission check); an invisible kind is skipped and not counted. */
  visibleTo(auth: AuthContext): boolean;
  /** Matches the caller may see, already scoped to their organization (or, for a super admin, the one they act in). */
  search(db: Db, auth: AuthContext, term: SearchTerm, limit: number): Promise<SearcherHits>;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

export function searchTerm(text: string): SearchTerm {
  const escaped = escapeLike(text);
  return { text, contains: `%${escaped}%`, prefix: `${escaped}%` };
}
