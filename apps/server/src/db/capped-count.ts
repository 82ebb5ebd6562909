import type { QueryOptions, Queryable } from './db-types.ts';
import { run, sql, type Sql } from './sql.ts';

/**
 * The lists (users, applications, audit log) count their total up to this many rows: past it the total is this
 * number with `total_exact` false ("1,000+"). Each row counted is an index entry or a row read, so counting to ten
 * thousand made a filtered page two to eight times dearer at a million rows than at ten thousand.
 */
export const LIST_COUNT_CAP = 1_000;

/**
 * Above this many estimated matches a list reports its total as LIST_COUNT_CAP+ without counting: the planner's
 * estimate (from ANALYZE's sample) would have to be five times too high for fewer than the cap to match.
 */
export const ESTIMATE_THRESHOLD = 5 * LIST_COUNT_CAP;

/** The count's limit, one past the cap (to tell "more"), written in the statement so its plan knows it. */
const CAPPED_LIMIT = '1001';
if (Number(CAPPED_LIMIT) !== LIST_COUNT_CAP + 1) throw new Error('CAPPED_LIMIT must be LIST_COUNT_CAP + 1');

/**
 * How many rows `matches` (a `select 1 …`) finds, up to LIST_COUNT_CAP: `{ total: cap, exact: false }` past it.
 * `options.prepare: false` plans the count for its values (a list whose best plan depends on them).
 */
export async function countCapped(db: Queryable, matches: Sql, options?: QueryOptions): Promise<{ total: number; exact: boolean }> {
  const res = await run<{ n: number }>(db, sql`select count(*)::int as n from (${matches} limit ${sql.fixed(CAPPED_LIMIT)}) capped`, options);
  const n = res.rows[0]!.n;
  return n > LIST_COUNT_CAP ? { total: LIST_COUNT_CAP, exact: false } : { total: n, exact: true };
}
