import type { ToolAnalytics } from '@admin-portal/contract/tools/api';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table.tsx';
import { formatCount, formatLatency, formatPercent } from '../lib/activity-format.ts';
import { toolLabel } from '../lib/execution-display.ts';

type PerTool = NonNullable<ToolAnalytics['per_tool']>[number];

/** A figure with its bar: the number is the text, the bar (its share) only helps the eye. */
function Meter({ value, share, tone }: { value: string; share: number; tone: 'success' | 'error' }) {
  return (
    <span className="analytics-meter">
      <span className="tabular-nums analytics-meter-value">{value}</span>
      <span className="analytics-meter-track" aria-hidden="true">
        <span className={`analytics-meter-bar chart-fill-${tone}`} style={{ width: `${Math.min(1, share) * 100}%` }} />
      </span>
    </span>
  );
}

function perToolColumns(busiest: number, onTool: (id: string) => void): DataColumn<PerTool>[] {
  const latency = (id: 'p50' | 'p95' | 'p99', priority: 3 | 5 | 6): DataColumn<PerTool> => ({
    id,
    header: id,
    priority,
    align: 'end',
    className: 'tabular-nums text-nowrap',
    cell: (t) => formatLatency(t[id]),
  });
  return [
    {
      id: 'tool',
      header: 'Tool',
      rowHeader: true,
      grow: true,
      className: 'fw-normal',
      cell: (t) =>
        t.tool_id && t.tool_name ? (
          <button
            type="button"
            className="btn btn-link p-0 fw-semibold text-decoration-none text-start dt-ellipsis-inline"
            title={t.tool_name}
            aria-label={`${t.tool_name}: show only this tool`}
            onClick={() => onTool(t.tool_id!)}
          >
            {t.tool_name}
          </button>
        ) : (
          <span className="text-body-secondary fst-italic">{toolLabel(t.tool_name)}</span>
        ),
    },
    {
      id: 'calls',
      header: 'Calls',
      fold: (t) => formatCount(t.calls),
      cell: (t) => <Meter value={formatCount(t.calls)} share={busiest ? t.calls / busiest : 0} tone="success" />,
    },
    { id: 'workflow_calls', header: 'From workflows', priority: 4, align: 'end', className: 'tabular-nums', cell: (t) => formatCount(t.workflow_calls) },
    { id: 'errors', header: 'Errors', priority: 2, align: 'end', className: 'tabular-nums', cell: (t) => formatCount(t.errors) },
    {
      id: 'error_rate',
      header: 'Error rate',
      fold: (t) => formatPercent(t.error_rate),
      cell: (t) => <Meter value={formatPercent(t.error_rate)} share={t.error_rate} tone="error" />,
    },
    latency('p50', 3),
    latency('p95', 5),
    latency('p99', 6),
    {
      id: 'failed_cases',
      header: 'Failed cases',
      priority: 2,
      align: 'end',
      className: 'tabular-nums',
      cell: (t) => <span className={t.failed_cases > 0 ? 'text-danger-emphasis fw-semibold' : undefined}>{formatCount(t.failed_cases)}</span>,
    },
  ];
}

/**
 * Every tool called in the window, busiest first: calls as a bar (its share of the busiest tool), how many of them
 * workflow steps made, errors, error rate as a bar, latency percentiles, and the cases that failed at a step calling
 * it. The numbers are the text; the bars only help the eye. A tool's name narrows the whole page to it. On narrower
 * pages the rarer figures give way (p99, p95, from workflows, p50, then errors and failed cases), each then said
 * under the tool's name.
 */
export function PerToolTable({ tools, onTool }: { tools: readonly PerTool[]; onTool: (id: string) => void }) {
  const busiest = tools.reduce((m, t) => Math.max(m, t.calls), 0);
  return (
    <DataTable
      label="Calls per tool"
      className="analytics-per-tool"
      rows={tools}
      getRowId={(t) => t.tool_id ?? 'deleted'}
      columns={perToolColumns(busiest, onTool)}
      loading={false}
      fold="tool"
      empty="No tool was called in this window."
    />
  );
}
