import { rowSelectionFeature, tableFeatures, useTable, type ColumnDef, type RowData, type RowSelectionState, type Updater } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import Placeholder from 'react-bootstrap/Placeholder';
import { SortHeader } from '../sort-header.tsx';
import type { CsvColumn } from './csv.ts';
import { useWholeTable, type PageWindowHook } from './page-window.ts';
import './data-table.css';

/**
 * How early a column gives way as its table's frame narrows (data-table.css has the widths): 1 never, 6 first.
 * Columns left at 1 should be the row's name, its state and its actions.
 */
export type ColumnPriority = 1 | 2 | 3 | 4 | 5 | 6;

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
  /** Hidden on narrower frames (default 1: always shown). What it says is then folded into the table's `fold` column. */
  priority?: ColumnPriority;
  /** What the column says when folded under the `fold` column (default its cell); false: not folded (the row's details have it). */
  fold?: ((row: T) => ReactNode) | false;
  /** Takes the room the other columns leave and gives it back as the frame narrows (one per table; its texts end in an ellipsis). */
  grow?: boolean;
  /** The row's actions: as narrow as its buttons, held at the right edge when the table still scrolls sideways. */
  actions?: boolean;
  /** Each row's cell in this column is its header (th scope="row"). */
  rowHeader?: boolean;
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
  /** The column (by id) under whose own text each row shows what its hidden columns say. */
  fold?: string;
  /**
   * Windowing for long or fast-changing lists: only the rows in view (plus a few) are in the DOM. The table scrolls
   * with the page (one scroll bar), its header sticking below the app's header; rows added above the reader keep
   * what they read in place. Rows must be `rowHeight` px tall. `use` is `usePageWindow` (use-page-window.ts), handed
   * in by the table that windows so the virtualizer is downloaded only with it; a table is windowed, or not, for its
   * whole life.
   */
  windowed?: { rowHeight: number; use: PageWindowHook };
}

const cellClass = <T,>(c: DataColumn<T>, extra: string | undefined) =>
  [c.align === 'end' ? 'text-end' : '', c.grow ? 'dt-grow' : '', c.actions ? 'dt-actions' : '', extra ?? ''].join(' ').trim() || undefined;

/** What a row's hidden columns say, under its main cell: one "Header: value" per column, shown while that column is hidden. */
function Fold<T>({ row, columns }: { row: T; columns: readonly DataColumn<T>[] }) {
  return (
    <div className="dt-fold">
      {columns.map((c) => (
        <span key={c.id} className="dt-fold-item" data-fold={c.priority}>
          <span className="dt-fold-label">{c.header}:</span>
          {c.fold ? c.fold(row) : c.cell(row)}
        </span>
      ))}
    </div>
  );
}

const features = tableFeatures({ rowSelectionFeature });

/**
 * The portal's one list table (users, workflows, tools, executions, applications): columns with optional server-side
 * sorting (aria-sort), row selection with a select-all box, skeleton rows, an empty state, and optional windowing.
 * TanStack Table keeps the row model and the selection; the markup is ours (Bootstrap's table).
 */
export function DataTable<T extends RowData>({
  label,
  rows,
  getRowId,
  columns,
  loading,
  busy,
  sort,
  onSort,
  selection,
  empty,
  rowClassName,
  rowProps,
  onRowClick,
  className,
  scrollable,
  fold,
  windowed,
}: Props<T>) {
  const data = useMemo(() => [...(rows ?? [])], [rows]);
  const columnDefs = useMemo<ColumnDef<typeof features, T>[]>(
    () => columns.map((c) => ({ id: c.id, header: c.header, cell: ({ row }) => c.cell(row.original) })),
    [columns],
  );
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
  const rowIds = useMemo(() => modelRows.map((r) => r.id), [modelRows]);
  const pageWindow = (windowed?.use ?? useWholeTable)(rowIds, windowed?.rowHeight ?? 0);
  const folded = useMemo(() => (fold ? columns.filter((c) => c.id !== fold && (c.priority ?? 1) > 1 && c.fold !== false) : []), [columns, fold]);

  const columnCount = columns.length + (selection ? 1 : 0);
  const selectable = modelRows.filter((r) => r.getCanSelect());
  const allSelected = selectable.length > 0 && selectable.every((r) => selection?.selected.has(r.id));
  const someSelected = selectable.some((r) => selection?.selected.has(r.id));

  const visible = pageWindow.items;
  const shownRows = visible ? visible.map((v) => modelRows[v.index]!) : modelRows;
  const padTop = pageWindow.padTop;
  const padBottom = pageWindow.padBottom;

  const tableElement = (
    <table
      className={`table table-hover mb-0 align-middle data-table ${className ?? ''}`}
      aria-label={label}
      aria-busy={busy ?? false}
      aria-rowcount={windowed ? modelRows.length + 1 : undefined}
    >
      <thead>
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
            const headerClass = cellClass(c, c.headerClassName);
            const priority = c.priority && c.priority > 1 ? c.priority : undefined;
            if (c.sortKey && sort !== undefined && onSort)
              return <SortHeader key={c.id} label={c.header} column={c.sortKey} sort={sort} onSort={onSort} className={headerClass} priority={priority} />;
            return (
              <th key={c.id} scope="col" className={headerClass} data-priority={priority}>
                {c.hideHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody ref={pageWindow.bodyRef}>
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
            {columns.map((c) => {
              const content = (
                <>
                  {c.cell(row.original)}
                  {c.id === fold && folded.length > 0 && <Fold row={row.original} columns={folded} />}
                </>
              );
              const props = { className: cellClass(c, c.className), 'data-priority': c.priority && c.priority > 1 ? c.priority : undefined };
              return c.rowHeader ? (
                <th key={c.id} scope="row" {...props}>
                  {content}
                </th>
              ) : (
                <td key={c.id} {...props}>
                  {content}
                </td>
              );
            })}
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

  if (windowed) return <div className="dt-frame dt-frame-page">{tableElement}</div>;
  if (scrollable) {
    return (
      <div className="table-responsive dt-frame" tabIndex={0} role="region" aria-label={`${label}, scrollable`}>
        {tableElement}
      </div>
    );
  }
  return <div className="table-responsive dt-frame">{tableElement}</div>;
}
