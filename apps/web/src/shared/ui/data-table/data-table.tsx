import { rowSelectionFeature, tableFeatures, useTable, type ColumnDef, type RowData, type RowSelectionState, type Updater } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, type ReactNode } from 'react';
import Placeholder from 'react-bootstrap/Placeholder';
import { SortHeader } from '../sort-header.tsx';
import type { CsvColumn } from './csv.ts';

/** One column of a list: what its header says, what each cell shows, and optionally how it sorts and exports. */
export interface DataColumn<T> extends CsvColumn<T> {
  id: string;
  cell: (row: T) => ReactNode;
  /** The server's sort key for this column (`name`, `-name` descending); absent = not sortable. */
  sortKey?: string;
  align?: 'end';
  /** The header is for screen readers only (e.g. a column of row actions). */
  hideHeader?: boolean;
  className?: string;
  headerClassName?: string;
}

interface Selection {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** The accessible name of one row's checkbox. */
  rowLabel: (id: string) => string;
  /** The accessible name of the select-all box (default "Select all rows on this page"). */
  allLabel?: string;
  /** Rows that cannot be selected (e.g. one's own account). */
  disabled?: (id: string) => boolean;
}

interface Props<T extends RowData> {
  /** The table's accessible name. */
  label: string;
  rows: readonly T[] | undefined;
  getRowId: (row: T) => string;
  columns: readonly DataColumn<T>[];
  /** First load: skeleton rows instead of the body. */
  loading: boolean;
  /** A refresh is under way (aria-busy). */
  busy?: boolean;
  /** The list's sort ("column" ascending, "-column" descending) and what a header click does. */
  sort?: string;
  onSort?: (sortKey: string) => void;
  selection?: Selection;
  /** Shown in the body when there are no rows. */
  empty: ReactNode;
  rowClassName?: (row: T) => string | undefined;
  rowProps?: (row: T) => Record<string, string | undefined>;
  /** A click anywhere on a row (outside its own buttons, links and inputs), e.g. to open its details. */
  onRowClick?: (row: T) => void;
  className?: string;
  /** The table may be wider than its box: the scrolling box takes focus, so keyboard users can scroll it. */
  scrollable?: boolean;
  /**
   * Windowing for long or fast-changing lists: only the rows in view (plus a few) are in the DOM, inside a box of
   * `height` px with a sticky header. Rows must be about `rowHeight` px tall.
   */
  windowed?: { height: number; rowHeight: number; scrollRef?: React.RefObject<HTMLDivElement | null> };
}

const features = tableFeatures({ rowSelectionFeature });

/**
 * The portal's one list table (users, workflows, tools, executions, applications): columns with optional server-side
 * sorting (aria-sort), row selection with a select-all box, skeleton rows, an empty state, and optional windowing.
 * TanStack Table keeps the row model and the selection; the markup is ours (Bootstrap's table).
 */
export function DataTable<T extends RowData>({ label, rows, getRowId, columns, loading, busy, sort, onSort, selection, empty, rowClassName, rowProps, onRowClick, className, scrollable, windowed }: Props<T>) {
  const data = useMemo(() => [...(rows ?? [])], [rows]);
  const columnDefs = useMemo<ColumnDef<typeof features, T>[]>(() => columns.map((c) => ({ id: c.id, header: c.header, cell: ({ row }) => c.cell(row.original) })), [columns]);
  const rowSelection = useMemo<RowSelectionState>(() => Object.fromEntries([...(selection?.selected ?? [])].map((id) => [id, true])), [selection?.selected]);
  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId: (row: T) => getRowId(row),
    enableRowSelection: (row) => !selection?.disabled?.(row.id),
    state: { rowSelection },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      if (!selection) return;
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      selection.onChange(new Set(Object.keys(next).filter((id) => next[id])));
    },
  });
  const modelRows = table.getRowModel().rows;
  const ownScroll = useRef<HTMLDivElement | null>(null);
  const scrollRef = windowed?.scrollRef ?? ownScroll;
  const virtualizer = useVirtualizer({
    count: windowed ? modelRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => windowed?.rowHeight ?? 40,
    overscan: 8,
    getItemKey: (index) => modelRows[index]?.id ?? index,
  });

  const columnCount = columns.length + (selection ? 1 : 0);
  const selectable = modelRows.filter((r) => r.getCanSelect());
  const allSelected = selectable.length > 0 && selectable.every((r) => selection?.selected.has(r.id));
  const someSelected = selectable.some((r) => selection?.selected.has(r.id));

  const visible = windowed ? virtualizer.getVirtualItems() : null;
  const shownRows = visible ? visible.map((v) => modelRows[v.index]!) : modelRows;
  const padTop = visible && visible.length > 0 ? visible[0]!.start : 0;
  const padBottom = visible && visible.length > 0 ? virtualizer.getTotalSize() - visible[visible.length - 1]!.end : 0;

  const tableElement = (
    <table className={`table table-hover mb-0 align-middle data-table ${className ?? ''}`} aria-label={label} aria-busy={busy ?? false} aria-rowcount={windowed ? modelRows.length + 1 : undefined}>
      <thead className={windowed ? 'sticky-top' : undefined}>
        <tr>
          {selection && (
            <th scope="col" className="select-column">
              <input
                type="checkbox"
                className="form-check-input"
                aria-label={selection.allLabel ?? 'Select all rows on this page'}
                checked={allSelected}
                ref={(el) => {
                  if (el) el.indeterminate = someSelected && !allSelected;
                }}
                disabled={selectable.length === 0}
                onChange={() => table.toggleAllRowsSelected(!allSelected)}
              />
            </th>
          )}
          {columns.map((c) => {
            const headerClass = [c.align === 'end' ? 'text-end' : '', c.headerClassName ?? ''].join(' ').trim() || undefined;
            if (c.sortKey && sort !== undefined && onSort) return <SortHeader key={c.id} label={c.header} column={c.sortKey} sort={sort} onSort={onSort} className={headerClass} />;
            return (
              <th key={c.id} scope="col" className={headerClass}>
                {c.hideHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {loading &&
          Array.from({ length: 5 }, (_, i) => (
            <tr key={`skeleton-${i}`} aria-hidden="true">
              <td colSpan={columnCount}>
                <Placeholder animation="glow">
                  <Placeholder xs={4} /> <Placeholder xs={2} /> <Placeholder xs={1} /> <Placeholder xs={3} />
                </Placeholder>
              </td>
            </tr>
          ))}
        {padTop > 0 && (
          <tr aria-hidden="true" className="window-pad">
            <td colSpan={columnCount} style={{ height: padTop }} />
          </tr>
        )}
        {shownRows.map((row, i) => (
          <tr
            key={row.id}
            className={[rowClassName?.(row.original), onRowClick ? 'clickable-row' : ''].join(' ').trim() || undefined}
            onClick={
              onRowClick
                ? (e) => {
                    if (!(e.target as Element).closest('a, button, input, label, select, textarea')) onRowClick(row.original);
                  }
                : undefined
            }
            aria-selected={selection ? row.getIsSelected() : undefined}
            aria-rowindex={visible ? visible[i]!.index + 2 : undefined}
            style={windowed ? { height: windowed.rowHeight } : undefined}
            {...rowProps?.(row.original)}
          >
            {selection && (
              <td className="select-column">
                <input
                  type="checkbox"
                  className="form-check-input"
                  aria-label={selection.rowLabel(row.id)}
                  checked={row.getIsSelected()}
                  disabled={!row.getCanSelect()}
                  onChange={row.getToggleSelectedHandler()}
                />
              </td>
            )}
            {columns.map((c) => (
              <td key={c.id} className={[c.align === 'end' ? 'text-end' : '', c.className ?? ''].join(' ').trim() || undefined}>
                {c.cell(row.original)}
              </td>
            ))}
          </tr>
        ))}
        {padBottom > 0 && (
          <tr aria-hidden="true" className="window-pad">
            <td colSpan={columnCount} style={{ height: padBottom }} />
          </tr>
        )}
        {!loading && modelRows.length === 0 && (
          <tr>
            <td colSpan={columnCount} className="text-center py-5 text-body-secondary">
              {empty}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );

  if (windowed) {
    return (
      <div ref={scrollRef} className="table-responsive data-table-window" style={{ maxHeight: windowed.height }} tabIndex={0} role="region" aria-label={`${label}, scrollable`}>
        {tableElement}
      </div>
    );
  }
  if (scrollable) {
    return (
      <div className="table-responsive" tabIndex={0} role="region" aria-label={`${label}, scrollable`}>
        {tableElement}
      </div>
    );
  }
  return <div className="table-responsive">{tableElement}</div>;
}
