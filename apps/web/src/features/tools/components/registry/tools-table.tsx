import type { ReactNode } from 'react';
import Placeholder from 'react-bootstrap/Placeholder';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { ENVIRONMENTS, type Tool, type ToolConfiguration, type ToolTypeDescription } from '@admin-portal/contract/tools/api';
import type { DateFormats } from '../../../../shared/lib/date-formats.ts';
import { SortHeader } from '../../../../shared/ui/sort-header.tsx';
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

/** The page of tools: sortable name, status and date headers (aria-sort), type and status badges, environments. */
export function ToolsTable({ tools, loading, busy, sort, onSort, types, configurations, hrefOf, dateFormat, empty }: Props) {
  const rows = tools ?? [];
  const columns = 5;
  return (
    <div className="table-responsive">
      <Table hover className="mb-0 align-middle data-table tools-table" aria-label="Tools" aria-busy={busy}>
        <thead>
          <tr>
            <SortHeader label="Name" column="name" sort={sort} onSort={onSort} />
            <th scope="col">Type</th>
            <SortHeader label="Status" column="status" sort={sort} onSort={onSort} />
            <th scope="col">Environments</th>
            <SortHeader label="Updated" column="updated_at" sort={sort} onSort={onSort} />
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
          {rows.map((tool) => (
            <tr key={tool.id}>
              <td className="tool-name-cell">
                <Link to={hrefOf(tool)} className="fw-semibold text-decoration-none font-monospace">
                  {tool.name}
                </Link>
                {tool.description && (
                  <div className="small text-body-secondary text-truncate tool-description" title={tool.description}>
                    {tool.description}
                  </div>
                )}
              </td>
              <td className="text-nowrap">
                <ToolTypeBadge type={tool.tool_type} types={types} />
              </td>
              <td className="text-nowrap">
                <ToolStatusBadge status={tool.status} />
              </td>
              <td>
                <Environments items={configurations.get(tool.id)} />
              </td>
              <td className="text-nowrap small">
                <time dateTime={tool.updated_at} title={dateFormat.full.format(new Date(tool.updated_at))}>
                  {dateFormat.date.format(new Date(tool.updated_at))}
                </time>
              </td>
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
