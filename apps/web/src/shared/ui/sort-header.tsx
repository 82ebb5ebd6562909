import { sortDirection } from '../lib/sort-direction.ts';

interface Props<C extends string> {
  label: string;
  column: C;
  /** The list's sort: "column" ascending, "-column" descending. */
  sort: string;
  onSort: (column: C) => void;
  className?: string | undefined;
  /** The column's priority (data-table.css): hidden on narrow frames. */
  priority?: number | undefined;
}

/** A sortable column's header: aria-sort, a button that sorts by it, ▲ / ▼ / ↕ and the same in words for screen readers. */
export function SortHeader<C extends string>({ label, column, sort, onSort, className, priority }: Props<C>) {
  const direction = sortDirection(sort, column);
  return (
    <th scope="col" aria-sort={direction} className={className} data-priority={priority}>
      <button type="button" className="btn btn-link p-0 text-reset fw-semibold text-decoration-none sort-button" onClick={() => onSort(column)}>
        {label}
        <span className="sort-indicator ms-1" aria-hidden="true">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
        <span className="visually-hidden">{direction === 'none' ? ', not sorted' : `, sorted ${direction}`}</span>
      </button>
    </th>
  );
}
