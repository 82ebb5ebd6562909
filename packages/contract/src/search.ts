import { z } from 'zod';
import { queryInteger } from './input-rules.ts';

export const SEARCH_TYPES = ['user', 'organization', 'workflow', 'tool', 'application'] as const;
export const searchTypeSchema = z.enum(SEARCH_TYPES);
export type SearchType = z.infer<typeof searchTypeSchema>;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Enter something to search for').max(200),
  /** Results per type. */
  limit: queryInteger({ min: 1, max: 50, default: 10 }),
  types: z
    .string()
    .max(200)
    .optional()
    .transform((v) => (v ? v.split(',').map((t) => t.trim()).filter(Boolean) : undefined))
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
