import type { Queryable } from './db-types.ts';
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

/**
 * How many rows `matches` (a `select 1 …`) finds, up to `cap`: `{ total: cap, exact: false }` past it. A statement
 * built with `sql` is prepared; SQL text alone is sent as it is (values written in as literals, planned for them).
 */
export async function countCapped(
  db: Queryable,
  matches: Sql | string,
  params?: readonly unknown[],
  cap = LIST_COUNT_CAP,
): Promise<{ total: number; exact: boolean }> {
  const res =
    typeof matches === 'string'
      ? await db.query<{ n: number }>(`select count(*)::int as n from (${matches} limit ${cap + 1}) capped`, params)
      : await run<{ n: number }>(db, sql`select count(*)::int as n from (${matches} limit ${cap + 1}) capped`);
  const n = res.rows[0]!.n;
  return n > cap ? { total: cap, exact: false } : { total: n, exact: true };
}
