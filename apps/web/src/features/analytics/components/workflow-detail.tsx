import type { UseQueryResult } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import type { FormStop, Insights } from '@admin-portal/contract/analytics/api';
import { FiguresTable } from '../../../shared/analytics/figures-table.tsx';
import { formStopColumns } from './form-stop-columns.tsx';
import { FlowsChart, FlowsCsvButton } from '../../../shared/analytics/flows-chart.tsx';
import { builderPath, monitorPath, workflowAnalyticsPath } from '../../../shared/analytics/portal-links.ts';
import { reviewColumns, type ReviewRow } from '../../../shared/analytics/review-columns.tsx';
import { inPeriod, overPeriod } from '../../../shared/analytics/period-state.ts';
import { ApiError } from '../../../shared/api/api-result.ts';
import { formatCount, formatDuration } from '../../../shared/lib/figures-format.ts';
import { FunnelChart } from '../../../shared/ui/charts/funnel-chart.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { StatCard } from '../../../shared/ui/stat-card.tsx';
import type { AnalyticsParams } from '../api/analytics-query.ts';
import { useWorkflowAnalytics } from '../api/get-workflow-analytics.ts';
import type { AnalyticsAbilities } from '../lib/abilities.ts';
import { funnelSteps, slowestPhrase, stepRows } from '../lib/workflow-steps.ts';
import type { WorkflowView } from '../lib/workflow-view.ts';
import { failureColumns } from './failure-columns.tsx';
import { HeadlineCards } from './headline-cards.tsx';
import { InsightsPanel } from './insights-panel.tsx';
import { LoadingFigures } from './loading-figures.tsx';
import { stepColumns } from './step-columns.tsx';
import { WorkflowStatus } from './workflow-figures-columns.tsx';

const PER = { hour: 'Per hour', day: 'Per day', week: 'Per week' } as const;

interface Props {
  view: WorkflowView;
  query: AnalyticsParams | null;
  insights: UseQueryResult<Insights>;
  phrase: string;
  hour12: boolean;
  abilities: AnalyticsAbilities;
}

/**
 * One workflow's analytics: its headline figures, the funnel over its steps in order (reach and drop-off, the
 * slowest picked out), every step's figures, its reviews by approval step, its failures and its applications over time.
 */
export function WorkflowDetail({ view, query, insights, phrase, hour12, abilities }: Props) {
  const analytics = useWorkflowAnalytics(view.workflow, query);
  const data = analytics.data;
  const monitor = abilities.mayOpen('/applications');
  if (analytics.isError && analytics.error instanceof ApiError && analytics.error.status === 404) {
    return (
      <Alert variant="warning">
        This workflow does not exist, or not in your organization. <Link to={workflowAnalyticsPath(null, view.period)}>See every workflow’s analytics</Link>.
      </Alert>
    );
  }
  if (analytics.isError) {
    return <RetryAlert onRetry={() => analytics.refetch()}>This workflow’s analytics could not be loaded: {analytics.error.message}</RetryAlert>;
  }
  if (!data) return <LoadingFigures />;

  const rows = stepRows(data);
  const funnel = funnelSteps(rows);
  const slowest = slowestPhrase(rows, formatDuration);
  const builder = builderPath(data.workflow_id);
  return (
    <>
      <section aria-labelledby="workflow-title" className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 id="workflow-title" className="h4 mb-0">
          {data.name}
        </h2>
        <WorkflowStatus status={data.status} />
        <span className="small text-body-secondary">Version {data.version}</span>
        <span className="ms-auto d-flex flex-wrap gap-3 small">
          {abilities.mayOpen(builder) && <Link to={builder}>Open in the builder</Link>}
          {monitor && <Link to={monitorPath({ workflow: data.workflow_id })}>Its cases in the monitor</Link>}
        </span>
      </section>

      <HeadlineCards totals={data.totals} previous={data.previous} idPrefix="workflow">
        <div className="col">
          <StatCard id="workflow-open" title="Open now" value={formatCount(data.open_now.total)}>
            {formatCount(data.open_now.waiting_review)} waiting for review · {formatCount(data.open_now.waiting_form)} for a form
          </StatCard>
        </div>
      </HeadlineCards>

      <Panel
        id="funnel-title"
        title="Funnel"
        subtitle={`The steps in order from the start, ${overPeriod(phrase)}: how many cases reached each and moved on${slowest ? `. Slowest (p90): ${slowest}` : ''}.`}
        className="mb-4"
      >
        {funnel.length === 0 ? (
          <p className="text-body-secondary mb-0">This workflow has no steps yet: build it in the Visual Builder.</p>
        ) : (
          <FunnelChart id="funnel-chart" title={`${data.name}: reach per step`} subject={data.name} steps={funnel} highlightLabel="Slowest" />
        )}
      </Panel>

      <FiguresTable
        id="steps-title"
        title="Steps"
        subtitle="Reach, drop-off and time in each step; the slowest are marked. Former steps are those the current version no longer has."
        label="Figures per step"
        rows={rows}
        columns={stepColumns((r) => (monitor ? monitorPath({ workflow: data.workflow_id, step: r.step_id }) : null))}
        getRowId={(r) => r.step_id}
        rowClassName={(r) => (r.slowest ? 'step-row-slowest' : undefined)}
        csvName="workflow-steps"
        noun="steps"
        empty="This workflow has no steps yet."
        className="mb-4"
      />

      <Panel
        id="workflow-over-time-title"
        title="Over time"
        subtitle={`${PER[data.period.bucket]}, ${overPeriod(phrase)}`}
        actions={<FlowsCsvButton points={data.over_time} period={data.period} hour12={hour12} name="workflow-over-time" />}
        className="mb-4"
      >
        <FlowsChart id="workflow-flows-chart" points={data.over_time} period={data.period} status={null} phrase={phrase} hour12={hour12} />
      </Panel>

      <FiguresTable<ReviewRow>
        id="workflow-reviews-title"
        title="Reviews by approval step"
        subtitle="Open and overdue now; decided in the period against their SLA"
        label="Reviews by approval step"
        rows={data.review}
        columns={reviewColumns({
          withStep: true,
          overdueLink: (r) => (monitor ? monitorPath({ workflow: data.workflow_id, step: r.step_id ?? null, overdue: true }) : null),
        })}
        getRowId={(r) => `${r.step_id ?? ''}-${r.assignee_role}`}
        csvName="workflow-reviews"
        noun="review rows"
        empty="No reviews in this period: this workflow’s approval steps create them."
        className="mb-4"
      />
      <FiguresTable<FormStop>
        id="workflow-form-stops-title"
        title="Where applicants stop in forms"
        subtitle="Cases waiting for the applicant now: who typed nothing yet, who stopped before which field (the first required one their kept answers lack), and who answered everything without sending"
        label="Where applicants stop in forms"
        rows={data.form_stops}
        columns={formStopColumns()}
        getRowId={(r) => `${r.step_id}-${r.field_key ?? r.label}`}
        csvName="workflow-form-stops"
        noun="rows"
        empty="Nobody is filling in this workflow’s forms right now."
        className="mb-4"
      />
      <FiguresTable
        id="workflow-failures-title"
        title="Failure reasons"
        subtitle="Why this workflow’s cases failed, most frequent first"
        label="Failure reasons"
        rows={data.failure_reasons}
        columns={failureColumns({ analyticsLink: null, failedLink: (r) => (monitor ? monitorPath({ workflow: r.workflow_id, status: 'failed' }) : null) })}
        getRowId={(r) => `${r.step_id ?? ''}-${r.reason}`}
        csvName="workflow-failure-reasons"
        noun="failure reasons"
        empty="No case of this workflow failed in this period."
        className="mb-4"
      />

      <InsightsPanel query={insights} mayOpen={abilities.mayOpen} subtitle={`About ${data.name}, ${inPeriod(phrase)}`} className="mb-4" />
    </>
  );
}
