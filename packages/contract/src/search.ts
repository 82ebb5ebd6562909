import { z } from 'zod';
import { queryInteger } from './input-rules.ts';
import { SEARCH_TEXT_MAX, SEARCH_TYPES } from './search-terms.ts';

// The kinds and the text's length live in search-terms.ts (zod-free, for the web app's search box); here with the schemas.
export { SEARCH_TEXT_MAX, SEARCH_TYPES, type SearchType } from './search-terms.ts';
export const searchTypeSchema = z.enum(SEARCH_TYPES);

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Enter something to search for').max(SEARCH_TEXT_MAX),
  /** Results per type. */
  limit: queryInteger({ min: 1, max: 50, default: 10 }),
  types: z
    .string()
    .max(200)
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(searchTypeSchema).optional()),
});

export const searchResultSchema = z.object({
  type: searchTypeSchema,
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** Where the portal shows this result. */
  url: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * One server search across what the caller may see; `totals` counts all matches per type (results are capped by
 * `limit`); a type in `capped` has more matches than its total, which is then the count's cap (1,000).
 */
export const searchResponseSchema = z.object({
  q: z.string(),
  results: z.array(searchResultSchema),
  totals: z.record(z.string(), z.number().int()),
  capped: z.array(searchTypeSchema).describe('Types whose total is a cap reached, not a count: "more than" it'),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
