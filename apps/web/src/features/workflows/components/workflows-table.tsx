import type { ReactNode } from 'react';
import Placeholder from 'react-bootstrap/Placeholder';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { WorkflowSummary } from '@admin-portal/contract/workflows/api';
import type { WorkflowAbilities } from '../lib/abilities.ts';
import type { DateFormats } from '../../../shared/lib/date-formats.ts';
import { SortHeader } from '../../../shared/ui/sort-header.tsx';
import type { SortColumn, WorkflowSort } from '../lib/list-state.ts';
import { builderPath, categoryLabel } from '../lib/workflow-display.ts';
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

/** The page of workflows: sortable name, status and date headers (aria-sort), status badges, counts and a menu per row. */
export function WorkflowsTable({ workflows, loading, busy, sort, onSort, abilities, busyIds, onAction, dateFormat, empty }: Props) {
  const rows = workflows ?? [];
  const actions = hasRowActions(abilities);
  const columns = actions ? 8 : 7;
  return (
    <div className="table-responsive">
      <Table hover className="mb-0 align-middle data-table workflows-table" aria-label="Workflows" aria-busy={busy}>
        <thead>
          <tr>
            <SortHeader label="Name" column="name" sort={sort} onSort={onSort} />
            <th scope="col">Category</th>
            <SortHeader label="Status" column="status" sort={sort} onSort={onSort} />
            <th scope="col" className="text-end">
              Version
            </th>
            <th scope="col" className="text-end">
              Steps
            </th>
            <th scope="col" className="text-end">
              Applications
            </th>
            <SortHeader label="Updated" column="updated_at" sort={sort} onSort={onSort} />
            {actions && (
              <th scope="col" className="text-end">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {loading &&
            Array.from({ length: 5 }, (_, i) => (
              <tr key={i} aria-hidden="true">
                <td colSpan={columns}>
                  <Placeholder animation="glow">
                    <Placeholder xs={4} /> <Placeholder xs={2} /> <Placeholder xs={1} /> <Placeholder xs={3} />
                  </Placeholder>
                </td>
              </tr>
            ))}
          {rows.map((workflow) => (
            <tr key={workflow.id}>
              <td className="workflow-name-cell">
                {abilities.build ? (
                  <Link to={builderPath(workflow.id)} className="fw-semibold text-decoration-none">
                    {workflow.name}
                  </Link>
                ) : (
                  <span className="fw-semibold">{workflow.name}</span>
                )}
                {workflow.description && (
                  <div className="small text-body-secondary text-truncate workflow-description" title={workflow.description}>
                    {workflow.description}
                  </div>
                )}
              </td>
              <td className="text-nowrap">{categoryLabel(workflow.category)}</td>
              <td>
                <StatusBadge status={workflow.status} />
              </td>
              <td className="text-end tabular-nums">v{workflow.version}</td>
              <td className="text-end tabular-nums">{workflow.step_count}</td>
              <td className="text-end tabular-nums">{workflow.application_count}</td>
              <td className="text-nowrap small">
                <time dateTime={workflow.updated_at} title={dateFormat.full.format(new Date(workflow.updated_at))}>
                  {dateFormat.date.format(new Date(workflow.updated_at))}
                </time>
              </td>
              {actions && (
                <td className="text-end">
                  <WorkflowRowActions workflow={workflow} abilities={abilities} busy={busyIds.has(workflow.id)} onAction={onAction} />
                </td>
              )}
            </tr>
          ))}
          {!loading && rows.length === 0 && (
            <tr>
              <td colSpan={columns} className="text-center py-5 text-body-secondary">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </Table>
    </div>
  );
}
