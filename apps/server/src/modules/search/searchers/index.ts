import type { Searcher } from '../search.types.ts';
import { organizationsSearcher } from './organizations.searcher.ts';
import { usersSearcher } from './users.searcher.ts';

/**
 * Every kind the portal search covers, in the order results are shown. Workflows, tools and applications
 * join as their modules arrive: one `<kind>.searcher.ts` beside these, and one line here.
 */
export const SEARCHERS: readonly Searcher[] = [usersSearcher, organizationsSearcher];
