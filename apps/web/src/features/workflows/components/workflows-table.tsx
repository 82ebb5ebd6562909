import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { WorkflowSummary } from '@admin-portal/contract/workflows/api';
import type { WorkflowAbilities } from '../lib/abilities.ts';
import type { DateFormats } from '../../../shared/lib/date-formats.ts';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table.tsx';
import { DateCell } from '../../../shared/ui/data-table/date-cell.tsx';
import type { SortColumn, WorkflowSort } from '../lib/list-state.ts';
import { analyticsPath, builderPath, categoryLabel } from '../lib/workflow-display.ts';
import { StatusBadge } from './status-badge.tsx';
import { hasRowActions, WorkflowRowActions, type RowAction } from './workflow-row-actions.tsx';

interface Props {
  workflows: readonly WorkflowSummary[] | undefined;
  loading: boolean;
  busy: boolean;
  sort: WorkflowSort;
  onSort: (column: SortColumn) => void;
  abilities: WorkflowAbilities;
  /** Rows with a change under way. */
  busyIds: ReadonlySet<string>;
  onAction: (action: RowAction, workflow: WorkflowSummary) => void;
  dateFormat: DateFormats;
  /** Shown in the body when there are no rows. */
  empty: ReactNode;
}

/**
 * The workflows list's columns: name (a link into the builder for builders), category, status, version, steps,
 * applications (a link to the workflow's analytics), updated, actions. As the table narrows, category, version and
 * steps give way, then updated, then applications, each then said under the workflow's name; name, status and the
 * menu stay.
 */
export function workflowColumns({
  abilities,
  busyIds,
  onAction,
  dateFormat,
}: Pick<Props, 'abilities' | 'busyIds' | 'onAction' | 'dateFormat'>): DataColumn<WorkflowSummary>[] {
  const columns: DataColumn<WorkflowSummary>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      grow: true,
      csv: (w) => w.name,
      cell: (workflow) => (
        <>
          {abilities.build ? (
            <Link to={builderPath(workflow.id)} className="fw-semibold text-decoration-none dt-ellipsis-inline" title={workflow.name}>
              {workflow.name}
            </Link>
          ) : (
            <span className="fw-semibold dt-ellipsis" title={workflow.name}>
              {workflow.name}
            </span>
          )}
          {workflow.description && (
            <div className="small text-body-secondary dt-ellipsis" title={workflow.description}>
              {workflow.description}
            </div>
          )}
        </>
      ),
    },
    {
      id: 'category',
      header: 'Category',
      priority: 4,
      className: 'text-nowrap',
      csv: (w) => categoryLabel(w.category),
      cell: (w) => categoryLabel(w.category),
    },
    { id: 'status', header: 'Status', sortKey: 'status', csv: (w) => w.status, cell: (w) => <StatusBadge status={w.status} /> },
    { id: 'version', header: 'Version', priority: 4, align: 'end', className: 'tabular-nums', csv: (w) => w.version, cell: (w) => `v${w.version}` },
    { id: 'steps', header: 'Steps', priority: 4, align: 'end', className: 'tabular-nums', csv: (w) => w.step_count, cell: (w) => w.step_count },
    {
      id: 'applications',
      header: 'Applications',
      priority: 2,
      align: 'end',
      className: 'tabular-nums',
      csv: (w) => w.application_count,
      // The count leads to the workflow's analytics (its funnel and steps) for those who may view analytics. Its name
      // leaves out the workflow's, which the row says (and which names the row's link into the builder).
      cell: (w) =>
        abilities.analytics ? (
          <Link to={analyticsPath(w.id)} aria-label={`${w.application_count} applications: workflow analytics`} title="Workflow analytics">
            {w.application_count}
          </Link>
        ) : (
          w.application_count
        ),
    },
    {
      id: 'updated_at',
      header: 'Updated',
      sortKey: 'updated_at',
      priority: 3,
      className: 'text-nowrap small',
      csv: (w) => w.updated_at,
      cell: (w) => <DateCell iso={w.updated_at} format={dateFormat} />,
    },
  ];
  if (hasRowActions(abilities)) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      actions: true,
      align: 'end',
      cell: (w) => <WorkflowRowActions workflow={w} abilities={abilities} busy={busyIds.has(w.id)} onAction={onAction} />,
    });
  }
  return columns;
}

/** The page of workflows: sortable name, status and date headers (aria-sort), status badges, counts and a menu per row. */
export function WorkflowsTable({ workflows, loading, busy, sort, onSort, abilities, busyIds, onAction, dateFormat, empty }: Props) {
  const columns = useMemo(() => workflowColumns({ abilities, busyIds, onAction, dateFormat }), [abilities, busyIds, onAction, dateFormat]);
  return (
    <DataTable
      label="Workflows"
      className="workflows-table"
      rows={workflows}
      getRowId={(w) => w.id}
      columns={columns}
      loading={loading}
      busy={busy}
      sort={sort}
      onSort={(key) => onSort(key as SortColumn)}
      fold="name"
      empty={empty}
    />
  );
}
