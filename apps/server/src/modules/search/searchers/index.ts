import type { Searcher } from '../search.types.ts';
import { applicationsSearcher } from './applications.searcher.ts';
import { organizationsSearcher } from './organizations.searcher.ts';
import { toolsSearcher } from './tools.searcher.ts';
import { usersSearcher } from './users.searcher.ts';
import { workflowsSearcher } from './workflows.searcher.ts';

/** Every kind the portal search covers, in the order results are shown: one `<kind>.searcher.ts` each. */
export const SEARCHERS: readonly Searcher[] = [applicationsSearcher, workflowsSearcher, toolsSearcher, usersSearcher, organizationsSearcher];
