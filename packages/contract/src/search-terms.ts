/** What the search covers and how long its text may be, without zod: the search page's box shows them. search.ts has the schemas. */
export const SEARCH_TYPES = ['user', 'organization', 'workflow', 'tool', 'application'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** The longest search text (characters, after trimming). */
export const SEARCH_TEXT_MAX = 200;
