// Pieces of a list endpoint's filter: the sorts by name and time, and the free-text condition (the `sort` a request
// names is checked by its query schema: contract/common.ts sortQuery).
import { sql, type Sql } from '../db/sql.ts';

/** The sorts by name and by time of a list over a table aliased `t` (its `name`, `updated_at` and `created_at`; then its id). */
export const NAME_AND_TIME_SORTS: Readonly<Record<'name' | '-name' | 'updated_at' | '-updated_at' | 'created_at' | '-created_at', Sql>> = {
  name: sql`lower(t.name) asc, t.id`,
  '-name': sql`lower(t.name) desc, t.id`,
  updated_at: sql`t.updated_at asc, t.id`,
  '-updated_at': sql`t.updated_at desc, t.id`,
  created_at: sql`t.created_at asc, t.id`,
  '-created_at': sql`t.created_at desc, t.id`,
};

/** `text` with LIKE's wildcards (and its escape character) taken literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** A LIKE / ILIKE pattern matching `text` anywhere. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/**
 * Rows of a list's order read, at most, to find a page of free-text matches by walking the order's index. A text
 * matching more than page/SEARCH_WALK_ROWS of the rows fills its page long before; a rarer one is read from the
 * trigram index instead (at most about SEARCH_WALK_ROWS matches at a million rows' share, sorted after).
 */
export const SEARCH_WALK_ROWS = 5_000;

/**
 * `text ilike '%q%'`, the condition a trigram index over `text` serves. With a rare piece of `q` (db/text-sample.ts),
 * the index is given the piece alone and the rows it finds are checked against the whole of `q` (`|| ''` keeps the
 * planner from handing that check to the index as well, which would read every trigram of `q` again).
 */
export function textCondition(text: Sql, q: string, rarePiece: string | null): Sql {
  if (!rarePiece) return sql`${text} ilike ${containsPattern(q)}`;
  return sql`(${text} ilike ${containsPattern(rarePiece)} and (${text} || '') ilike ${containsPattern(q)})`;
}
