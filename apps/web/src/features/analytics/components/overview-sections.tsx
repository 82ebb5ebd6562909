import type { AnalyticsOverview } from '@admin-portal/contract/analytics/api';
import { FiguresTable } from '../../../shared/analytics/figures-table.tsx';
import { monitorPath, toolAnalyticsPath, workflowAnalyticsPath } from '../../../shared/analytics/portal-links.ts';
import type { PeriodState } from '../../../shared/analytics/period-state.ts';
import { reviewColumns, type ReviewRow } from '../../../shared/analytics/review-columns.tsx';
import { toolHealthColumns } from '../../../shared/analytics/tool-health-columns.tsx';
import { formatCount, formatPercent } from '../../../shared/lib/figures-format.ts';
import type { AnalyticsAbilities } from '../lib/abilities.ts';
import { failureColumns, slowStepColumns } from './failure-columns.tsx';

interface Props {
  overview: AnalyticsOverview;
  period: PeriodState;
  /** The workflow the page is narrowed to ('' = all). */
  workflow: string;
  abilities: AnalyticsAbilities;
}

/**
 * The overview's tables: reviews against their SLA by assignee role, tool health (for users who may read tools),
 * the top failure reasons and the slowest steps. Counts of open cases link into the monitor, filtered.
 */
export function OverviewSections({ overview, period, workflow, abilities }: Props) {
  const { review, tools } = overview;
  const monitor = abilities.mayOpen('/applications');
  const analyticsLink = (id: string) => workflowAnalyticsPath(id, period);
  const reviews = reviewColumns({ overdueLink: () => (monitor ? monitorPath({ workflow: workflow || null, overdue: true }) : null) });
  const toolColumns = toolHealthColumns((t) => (abilities.mayOpen('/tools/analytics') ? toolAnalyticsPath(t.tool_id) : null));
  return (
    <>
      <FiguresTable<ReviewRow>
        id="reviews-title"
        title="Reviews against their SLA"
        subtitle={`By assignee role: ${formatCount(review.open)} open now (${formatCount(review.overdue)} overdue); ${formatCount(review.decided)} decided in the period, ${formatCount(review.breached)} after their deadline (${formatPercent(review.breach_rate)}).`}
        label="Reviews by assignee role"
        rows={review.by_role}
        columns={reviews}
        getRowId={(r) => r.assignee_role}
        csvName="reviews-by-role"
        noun="roles"
        empty="No reviews were open or decided in this period. Approval steps create reviews for their assignee role."
        className="mb-4"
      />
      {tools && (
        <FiguresTable
          id="tools-title"
          title="Tool health"
          subtitle={`${formatCount(tools.calls)} calls, ${formatCount(tools.errors)} errors (${formatPercent(tools.error_rate)}); ${formatCount(tools.previous_calls)} calls in the previous period.`}
          label="Tool health"
          rows={tools.tools}
          columns={toolColumns}
          getRowId={(t) => t.tool_id}
          csvName="tool-health"
          noun="tools"
          empty="No tool was called in this period: workflow steps, tests and MCP clients record their calls here."
          className="mb-4"
        />
      )}
      <FiguresTable
        id="failures-title"
        title="Top failure reasons"
        subtitle="Why cases failed in this period, most frequent first"
        label="Failure reasons"
        rows={overview.failure_reasons}
        columns={failureColumns({ analyticsLink, failedLink: (r) => (monitor ? monitorPath({ workflow: r.workflow_id, status: 'failed' }) : null) })}
        getRowId={(r) => `${r.workflow_id}-${r.step_id ?? ''}-${r.reason}`}
        csvName="failure-reasons"
        noun="failure reasons"
        empty="No case failed in this period."
        className="mb-4"
      />
      <FiguresTable
        id="slowest-title"
        title="Slowest steps"
        subtitle="Longest p90 time in step, waits for people included"
        label="Slowest steps"
        rows={overview.slowest_steps}
        columns={slowStepColumns(analyticsLink)}
        getRowId={(s) => s.step_id}
        csvName="slowest-steps"
        noun="steps"
        empty="No step was completed in this period."
        className="mb-4"
      />
    </>
  );
}
