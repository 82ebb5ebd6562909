import Table from 'react-bootstrap/Table';
import type { ToolAnalytics } from '@admin-portal/contract/tools/api';
import { formatCount, formatLatency, formatPercent } from '../lib/activity-format.ts';
import { toolLabel } from '../lib/execution-display.ts';

type PerTool = NonNullable<ToolAnalytics['per_tool']>[number];

/**
 * Every tool called in the window, busiest first: calls as a bar (its share of the busiest tool), how many of them
 * workflow steps made, errors, error rate as a bar, latency percentiles, and the cases that failed at a step calling it. The numbers are the text; the bars only help the eye. A tool's name narrows the
 * whole page to it.
 */
export function PerToolTable({ tools, onTool }: { tools: readonly PerTool[]; onTool: (id: string) => void }) {
  const busiest = tools.reduce((m, t) => Math.max(m, t.calls), 0);
  return (
    <div className="table-responsive">
      <Table hover className="mb-0 align-middle data-table analytics-per-tool" aria-label="Calls per tool">
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">Calls</th>
            <th scope="col" className="text-end">
              From workflows
            </th>
            <th scope="col" className="text-end">
              Errors
            </th>
            <th scope="col">Error rate</th>
            <th scope="col" className="text-end">
              p50
            </th>
            <th scope="col" className="text-end">
              p95
            </th>
            <th scope="col" className="text-end">
              p99
            </th>
            <th scope="col" className="text-end">
              Failed cases
            </th>
          </tr>
        </thead>
        <tbody>
          {tools.map((t) => (
            <tr key={t.tool_id ?? 'deleted'}>
              <th scope="row" className="fw-normal">
                {t.tool_id && t.tool_name ? (
                  <button
                    type="button"
                    className="btn btn-link p-0 fw-semibold text-decoration-none text-start"
                    aria-label={`${t.tool_name}: show only this tool`}
                    onClick={() => onTool(t.tool_id!)}
                  >
                    {t.tool_name}
                  </button>
                ) : (
                  <span className="text-body-secondary fst-italic">{toolLabel(t.tool_name)}</span>
                )}
              </th>
              <td>
                <span className="analytics-meter">
                  <span className="tabular-nums analytics-meter-value">{formatCount(t.calls)}</span>
                  <span className="analytics-meter-track" aria-hidden="true">
                    <span className="analytics-meter-bar chart-fill-success" style={{ width: `${busiest ? (t.calls / busiest) * 100 : 0}%` }} />
                  </span>
                </span>
              </td>
              <td className="text-end tabular-nums">{formatCount(t.workflow_calls)}</td>
              <td className="text-end tabular-nums">{formatCount(t.errors)}</td>
              <td>
                <span className="analytics-meter">
                  <span className="tabular-nums analytics-meter-value">{formatPercent(t.error_rate)}</span>
                  <span className="analytics-meter-track" aria-hidden="true">
                    <span className="analytics-meter-bar chart-fill-error" style={{ width: `${Math.min(1, t.error_rate) * 100}%` }} />
                  </span>
                </span>
              </td>
              <td className="text-end tabular-nums text-nowrap">{formatLatency(t.p50)}</td>
              <td className="text-end tabular-nums text-nowrap">{formatLatency(t.p95)}</td>
              <td className="text-end tabular-nums text-nowrap">{formatLatency(t.p99)}</td>
              <td className={`text-end tabular-nums${t.failed_cases > 0 ? ' text-danger-emphasis fw-semibold' : ''}`}>{formatCount(t.failed_cases)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
