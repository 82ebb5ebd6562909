export type SortDirection = 'ascending' | 'descending' | 'none';

/** How a list sorted by `current` ("name" ascending, "-name" descending) orders `column`, as aria-sort says it. */
export function sortDirection(current: string, column: string): SortDirection {
  if (current === column) return 'ascending';
  if (current === `-${column}`) return 'descending';
  return 'none';
}
