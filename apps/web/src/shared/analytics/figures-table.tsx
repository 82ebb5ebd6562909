import type { ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import { DataTable, type DataColumn } from '../ui/data-table/data-table.tsx';
import { exportCsv } from '../ui/data-table/export-csv.ts';
import { ExportCsvButton } from '../ui/data-table/export-csv-button.tsx';
import { Panel } from '../ui/panel.tsx';

interface Props<T extends RowData> {
  /** The panel heading's id (unique on the page). */
  id: string;
  title: string;
  subtitle?: ReactNode;
  /** The table's accessible name. */
  label: string;
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  getRowId: (row: T) => string;
  /** The CSV file's name (dated when saved) and what its rows are, plural, for the toast. */
  csvName: string;
  noun: string;
  /** What the body says without rows (what to do next). */
  empty: ReactNode;
  rowClassName?: (row: T) => string | undefined;
  className?: string;
}

/**
 * An analytics table in its panel: the portal's list table over rows already in memory, with Export CSV of exactly
 * those rows in the same columns. The figures a narrow panel leaves out (by their columns' priority) are said under
 * each row's name (its growing column, else its first).
 */
export function FiguresTable<T extends RowData>({
  id,
  title,
  subtitle,
  label,
  rows,
  columns,
  getRowId,
  csvName,
  noun,
  empty,
  rowClassName,
  className,
}: Props<T>) {
  return (
    <Panel
      id={id}
      title={title}
      subtitle={subtitle}
      className={className}
      flush
      actions={<ExportCsvButton size="sm" noun={noun} disabled={rows.length === 0} onExport={() => exportCsv(columns, rows, csvName)} />}
    >
      <DataTable
        label={label}
        rows={rows}
        columns={columns}
        getRowId={getRowId}
        loading={false}
        empty={empty}
        rowClassName={rowClassName}
        scrollable
        fold={columns.find((c) => c.grow)?.id ?? columns[0]?.id}
        className="figures-table"
      />
    </Panel>
  );
}
