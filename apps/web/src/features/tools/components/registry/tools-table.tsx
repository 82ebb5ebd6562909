import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Tool, ToolConfiguration, ToolTypeDescription } from '@admin-portal/contract/tools/api';
import { ENVIRONMENTS } from '@admin-portal/contract/tools/statuses';
import type { DateFormats } from '../../../../shared/lib/date-formats.ts';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table.tsx';
import { DateCell } from '../../../../shared/ui/data-table/date-cell.tsx';
import type { SortColumn, ToolSort } from '../../lib/registry/list-state.ts';
import { ENVIRONMENT_LABELS } from '../../lib/registry/tool-display.ts';
import { ToolStatusBadge, ToolTypeBadge } from './tool-badges.tsx';

interface Props {
  tools: readonly Tool[] | undefined;
  loading: boolean;
  busy: boolean;
  sort: ToolSort;
  onSort: (column: SortColumn) => void;
  types: readonly ToolTypeDescription[] | undefined;
  /** Per tool on screen: its configurations, undefined while loading. */
  configurations: ReadonlyMap<string, ToolConfiguration[] | undefined>;
  /** The link that opens a tool's panel. */
  hrefOf: (tool: Tool) => string;
  dateFormat: DateFormats;
  empty: ReactNode;
}

function Environments({ items }: { items: ToolConfiguration[] | undefined }) {
  if (!items)
    return (
      <span className="text-body-secondary">
        <span aria-hidden="true">…</span>
        <span className="visually-hidden">Loading</span>
      </span>
    );
  const configured = ENVIRONMENTS.filter((env) => items.some((c) => c.environment === env));
  if (configured.length === 0) return <span className="small text-body-secondary">None</span>;
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {configured.map((env) => {
        const active = items.find((c) => c.environment === env)?.is_active;
        return (
          <span
            key={env}
            className={
              active
                ? 'badge rounded-pill border bg-primary-subtle text-primary-emphasis border-primary-subtle'
                : 'badge rounded-pill border border-secondary text-body-secondary bg-transparent'
            }
          >
            {ENVIRONMENT_LABELS[env]}
            {!active && <span className="visually-hidden"> (inactive)</span>}
          </span>
        );
      })}
    </span>
  );
}

/** Whether the rows come from more than one organization (a super administrator's "All organizations"). */
export const mixesOrganizations = (tools: readonly Tool[] | undefined) => new Set((tools ?? []).map((t) => t.organization_id)).size > 1;

/**
 * The tools list's columns: name (opens the tool's panel), the organization where the rows mix organizations, type,
 * status, environments, updated.
 */
export function toolColumns({
  types,
  configurations,
  hrefOf,
  dateFormat,
  organizations = false,
}: Pick<Props, 'types' | 'configurations' | 'hrefOf' | 'dateFormat'> & { organizations?: boolean }): DataColumn<Tool>[] {
  const organization: DataColumn<Tool>[] = organizations
    ? [{ id: 'organization', header: 'Organization', csv: (tool) => tool.organization_name, cell: (tool) => tool.organization_name }]
    : [];
  return [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      className: 'tool-name-cell',
      csv: (tool) => tool.name,
      cell: (tool) => (
        <>
          <Link to={hrefOf(tool)} className="fw-semibold text-decoration-none font-monospace">
            {tool.name}
          </Link>
          {tool.description && (
            <div className="small text-body-secondary text-truncate tool-description" title={tool.description}>
              {tool.description}
            </div>
          )}
        </>
      ),
    },
    ...organization,
    {
      id: 'type',
      header: 'Type',
      className: 'text-nowrap',
      csv: (tool) => tool.tool_type,
      cell: (tool) => <ToolTypeBadge type={tool.tool_type} types={types} />,
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      className: 'text-nowrap',
      csv: (tool) => tool.status,
      cell: (tool) => <ToolStatusBadge status={tool.status} />,
    },
    { id: 'environments', header: 'Environments', cell: (tool) => <Environments items={configurations.get(tool.id)} /> },
    {
      id: 'updated_at',
      header: 'Updated',
      sortKey: 'updated_at',
      className: 'text-nowrap small',
      csv: (tool) => tool.updated_at,
      cell: (tool) => <DateCell iso={tool.updated_at} format={dateFormat} />,
    },
  ];
}

/** The page of tools: sortable name, status and date headers (aria-sort), type and status badges, environments. */
export function ToolsTable({ tools, loading, busy, sort, onSort, types, configurations, hrefOf, dateFormat, empty }: Props) {
  const organizations = mixesOrganizations(tools);
  const columns = useMemo(
    () => toolColumns({ types, configurations, hrefOf, dateFormat, organizations }),
    [types, configurations, hrefOf, dateFormat, organizations],
  );
  return (
    <DataTable
      label="Tools"
      className="tools-table"
      rows={tools}
      getRowId={(tool) => tool.id}
      columns={columns}
      loading={loading}
      busy={busy}
      sort={sort}
      onSort={(key) => onSort(key as SortColumn)}
      empty={empty}
    />
  );
}
