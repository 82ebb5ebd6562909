/** The lists' limits (common.ts builds the list query's schema from them), without zod: the web app's tables use them. */
export const LIST_LIMIT_DEFAULT = 25;
export const LIST_LIMIT_MAX = 200;
/** Longest free-text search (`q`) a list takes. */
export const LIST_QUERY_MAX = 200;

/** Lists count matches up to this many, so a page costs the same with ten thousand rows or a million. */
export const COUNT_CAP = 10_000;
