import type { UseQueryResult } from '@tanstack/react-query';
import type { Insights } from '@admin-portal/contract/analytics/api';
import { FiguresTable } from '../../../shared/analytics/figures-table.tsx';
import { monitorPath, workflowAnalyticsPath } from '../../../shared/analytics/portal-links.ts';
import { overPeriod } from '../../../shared/analytics/period-state.ts';
import { formatCount } from '../../../shared/lib/figures-format.ts';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { StatCard } from '../../../shared/ui/stat-card.tsx';
import type { AnalyticsParams } from '../api/analytics-query.ts';
import { useWorkflowsAnalytics } from '../api/get-workflows-analytics.ts';
import type { AnalyticsAbilities } from '../lib/abilities.ts';
import type { WorkflowView } from '../lib/workflow-view.ts';
import { HeadlineCards } from './headline-cards.tsx';
import { InsightsPanel } from './insights-panel.tsx';
import { LoadingFigures } from './loading-figures.tsx';
import { workflowFiguresColumns } from './workflow-figures-columns.tsx';

interface Props {
  view: WorkflowView;
  query: AnalyticsParams | null;
  insights: UseQueryResult<Insights>;
  phrase: string;
  abilities: AnalyticsAbilities;
}

/** Every workflow's figures for the period (busiest first), each leading to its own funnel and steps. */
export function WorkflowsOverview({ view, query, insights, phrase, abilities }: Props) {
  const analytics = useWorkflowsAnalytics(query);
  const data = analytics.data;
  const monitor = abilities.mayOpen('/applications');
  if (analytics.isError) {
    return <RetryAlert onRetry={() => analytics.refetch()}>Workflow analytics could not be loaded: {analytics.error.message}</RetryAlert>;
  }
  if (!data) return <LoadingFigures />;
  const { by_status } = data.workflows;
  return (
    <>
      {data.workflows.total > 0 && (
        <HeadlineCards totals={data.totals} previous={data.previous} idPrefix="workflows">
          <div className="col">
            <StatCard id="workflows-count" title="Workflows" value={formatCount(data.workflows.total)}>
              {formatCount(by_status.active)} active · {formatCount(by_status.draft)} draft · {formatCount(by_status.archived)} archived
            </StatCard>
          </div>
        </HeadlineCards>
      )}
      <FiguresTable
        id="workflows-figures-title"
        title="Per workflow"
        subtitle={`Every workflow’s figures ${overPeriod(phrase)}, busiest first. Select one for its funnel and steps.`}
        label="Figures per workflow"
        rows={data.per_workflow}
        columns={workflowFiguresColumns({
          analyticsLink: (w) => workflowAnalyticsPath(w.workflow_id, view.period),
          openLink: (w) => (monitor ? monitorPath({ workflow: w.workflow_id }) : null),
        })}
        getRowId={(w) => w.workflow_id}
        csvName="workflow-analytics"
        noun="workflows"
        empty="No workflows yet: create one under All Workflows, activate it, and its applications show here."
        className="mb-4"
      />
      <InsightsPanel query={insights} mayOpen={abilities.mayOpen} subtitle={`What stands out ${overPeriod(phrase)}, most important first`} className="mb-4" />
    </>
  );
}
