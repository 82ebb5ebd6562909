import { Link } from 'react-router';
import type { ToolHealth } from '@admin-portal/contract/analytics/api';
import { formatCount, formatDuration, formatPercent } from '../lib/figures-format.ts';
import type { DataColumn } from '../ui/data-table/data-table.tsx';

/** A tool removed since its calls were recorded has no name. */
export const toolName = (t: Pick<ToolHealth, 'name'>): string => t.name ?? 'Deleted tool';

/**
 * Tool health: calls (and how many came from workflow steps), errors and error rate, latency percentiles, and the
 * cases that failed at a step calling the tool. A tool's name leads to its analytics when the user may read tools.
 */
export function toolHealthColumns(toolLink: (t: ToolHealth) => string | null): DataColumn<ToolHealth>[] {
  return [
    {
      id: 'tool',
      header: 'Tool',
      grow: true,
      csv: toolName,
      cell: (t) => {
        const to = t.name ? toolLink(t) : null;
        return to ? (
          <Link to={to} className="fw-semibold text-decoration-none dt-ellipsis-inline" title={toolName(t)}>
            {toolName(t)}
          </Link>
        ) : (
          <span className={`dt-ellipsis ${t.name ? 'fw-semibold' : 'fst-italic text-body-secondary'}`} title={toolName(t)}>
            {toolName(t)}
          </span>
        );
      },
    },
    { id: 'calls', header: 'Calls', align: 'end', className: 'tabular-nums', csv: (t) => t.calls, cell: (t) => formatCount(t.calls) },
    {
      id: 'workflow_calls',
      header: 'From workflows',
      priority: 4,
      align: 'end',
      className: 'tabular-nums',
      csv: (t) => t.workflow_calls,
      cell: (t) => formatCount(t.workflow_calls),
    },
    { id: 'errors', header: 'Errors', priority: 2, align: 'end', className: 'tabular-nums', csv: (t) => t.errors, cell: (t) => formatCount(t.errors) },
    {
      id: 'error_rate',
      header: 'Error rate',
      align: 'end',
      className: 'tabular-nums',
      csv: (t) => t.error_rate,
      cell: (t) => <span className={t.error_rate && t.error_rate >= 0.05 ? 'text-danger-emphasis fw-semibold' : undefined}>{formatPercent(t.error_rate)}</span>,
    },
    { id: 'p50', header: 'p50', priority: 3, align: 'end', className: 'tabular-nums text-nowrap', csv: (t) => t.p50_ms, cell: (t) => formatDuration(t.p50_ms) },
    { id: 'p95', header: 'p95', priority: 5, align: 'end', className: 'tabular-nums text-nowrap', csv: (t) => t.p95_ms, cell: (t) => formatDuration(t.p95_ms) },
    { id: 'p99', header: 'p99', priority: 6, align: 'end', className: 'tabular-nums text-nowrap', csv: (t) => t.p99_ms, cell: (t) => formatDuration(t.p99_ms) },
    {
      id: 'failed_cases',
      header: 'Failed cases',
      priority: 2,
      align: 'end',
      className: 'tabular-nums',
      csv: (t) => t.failed_cases,
      cell: (t) => formatCount(t.failed_cases),
    },
  ];
}
