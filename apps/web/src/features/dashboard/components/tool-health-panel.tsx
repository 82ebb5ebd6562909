import { Link } from 'react-router';
import type { Dashboard } from '@admin-portal/contract/analytics/api';
import { toolAnalyticsPath } from '../../../shared/analytics/portal-links.ts';
import { toolHealthColumns } from '../../../shared/analytics/tool-health-columns.tsx';
import { formatCount, formatPercent } from '../../../shared/lib/figures-format.ts';
import { DataTable } from '../../../shared/ui/data-table/data-table.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';

const TOOL_ANALYTICS_PATH = '/tools/analytics';
/** The dashboard's share of the analytics pages' tool health columns. */
const SHOWN = new Set(['tool', 'calls', 'error_rate', 'p95', 'failed_cases']);

interface Props {
  tools: NonNullable<Dashboard['tools']>;
  phrase: string;
  mayOpen: (path: string) => boolean;
  className?: string;
}

/** Tool health: the tools with the most errors (then calls) in the period, each leading to its analytics. */
export function ToolHealthPanel({ tools, phrase, mayOpen, className }: Props) {
  const analytics = mayOpen(TOOL_ANALYTICS_PATH);
  // Chosen to fit the panel: none of them gives way (the analytics pages' priorities are for their wider tables).
  const columns = toolHealthColumns((t) => (analytics ? toolAnalyticsPath(t.tool_id) : null))
    .filter((c) => SHOWN.has(c.id))
    .map((c) => ({ ...c, priority: 1 as const }));
  return (
    <Panel
      id="dashboard-tools-title"
      title="Tool health"
      subtitle={
        tools.calls === 0
          ? `No tool calls in ${phrase}`
          : `${formatCount(tools.calls)} calls in ${phrase}, ${formatCount(tools.errors)} failed (${formatPercent(tools.error_rate)}); most errors first`
      }
      className={className}
      flush
      actions={
        analytics ? (
          <Link to={TOOL_ANALYTICS_PATH} className="small">
            Tool analytics
          </Link>
        ) : undefined
      }
    >
      <DataTable
        label="Tool health"
        rows={tools.tools}
        columns={columns}
        getRowId={(t) => t.tool_id}
        loading={false}
        empty="No tool was called in this period. Workflow steps, tests in the Tool Registry and MCP clients record their calls here."
      />
    </Panel>
  );
}
