/**
 * The query key of the signed-in user's preferences, in a module of its own so the shell can recognise them in
 * the query cache without loading the preferences schema (and zod) into the first screen.
 */
export const PREFERENCES_QUERY_KEY = ['auth', 'preferences'] as const;
