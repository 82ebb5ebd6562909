export type SortDirection = 'ascending' | 'descending' | 'none';

/** How a list sorted by `current` ("name" ascending, "-name" descending) orders `column`, as aria-sort says it. */
export function sortDirection(current: string, column: string): SortDirection {
  if (current === column) return 'ascending';
  if (current === `-${column}`) return 'descending';
  return 'none';
}

/**
 * The sort after clicking `column`: a second click reverses it; a new column starts ascending, or descending when
 * it is one of `newestFirst` (dates read best newest first).
 */
export function nextSort<S extends string>(current: S, column: string, newestFirst: readonly string[] = []): S {
  if (current === column) return `-${column}` as S;
  if (current === `-${column}`) return column as S;
  return (newestFirst.includes(column) ? `-${column}` : column) as S;
}
