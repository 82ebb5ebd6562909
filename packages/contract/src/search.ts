import { z } from 'zod';
import { queryInteger, requiredText } from './input-rules.ts';
import { SEARCH_TEXT_MAX, SEARCH_TYPES } from './search-terms.ts';

// The kinds and the text's length live in search-terms.ts (zod-free, for the web app's search box); here with the schemas.
export { SEARCH_TEXT_MAX, SEARCH_TYPES, type SearchType } from './search-terms.ts';
export const searchTypeSchema = z.enum(SEARCH_TYPES);

const kind = `(?:${SEARCH_TYPES.join('|')})`;
/**
 * `types` as the server reads it (split at commas, each item trimmed, empty items dropped, each one left a kind),
 * stated in the document as a pattern; the server's own check is unchanged (it answers which kinds it takes).
 */
export const SEARCH_TYPES_PATTERN = `^\\s*(?:${kind}\\s*)?(?:,\\s*(?:${kind}\\s*)?)*$`;

export const searchQuerySchema = z.object({
  q: requiredText('Enter something to search for').max(SEARCH_TEXT_MAX),
  /** Results per type. */
  limit: queryInteger({ min: 1, max: 50, default: 10 }),
  types: z
    .string()
    .max(200)
    .meta({
      description: `Only these kinds, separated by commas (white space around a kind and empty items are ignored): ${SEARCH_TYPES.join(', ')}. Default: every kind`,
      pattern: SEARCH_TYPES_PATTERN,
      'x-comma-separated-enum': [...SEARCH_TYPES],
    })
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
