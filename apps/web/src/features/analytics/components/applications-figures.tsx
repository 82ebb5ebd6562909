import type { UseQueryResult } from '@tanstack/react-query';
import Placeholder from 'react-bootstrap/Placeholder';
import { Link } from 'react-router';
import type { AnalyticsOverview, ApplicationsAnalytics } from '@admin-portal/contract/analytics/api';
import { FiguresTable } from '../../../shared/analytics/figures-table.tsx';
import { FlowsChart, FlowsCsvButton } from '../../../shared/analytics/flows-chart.tsx';
import { monitorPath, workflowAnalyticsPath } from '../../../shared/analytics/portal-links.ts';
import { overPeriod } from '../../../shared/analytics/period-state.ts';
import { formatCount } from '../../../shared/lib/figures-format.ts';
import { Panel } from '../../../shared/ui/panel.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { StatCard } from '../../../shared/ui/stat-card.tsx';
import type { AnalyticsAbilities } from '../lib/abilities.ts';
import type { ApplicationsView } from '../lib/applications-view.ts';
import { DecisionTimeChart } from './decision-time-chart.tsx';
import { HeadlineCards } from './headline-cards.tsx';
import { OverviewSections } from './overview-sections.tsx';
import { workflowFiguresColumns } from './workflow-figures-columns.tsx';

const PER = { hour: 'Per hour', day: 'Per day', week: 'Per week' } as const;

interface Props {
  data: ApplicationsAnalytics;
  overview: UseQueryResult<AnalyticsOverview>;
  view: ApplicationsView;
  phrase: string;
  hour12: boolean;
  abilities: AnalyticsAbilities;
}

/** The figures of a period with applications: cards, charts, per workflow, then the overview's tables. */
export function ApplicationsFigures({ data, overview, view, phrase, hour12, abilities }: Props) {
  const monitor = abilities.mayOpen('/applications');
  const review = overview.data?.review;
  const openNow = data.open_now;
  return (
    <>
      <HeadlineCards totals={data.totals} previous={data.previous}>
        <div className="col">
          <StatCard id="headline-open" title="Open now" value={formatCount(openNow.total)}>
            {formatCount(openNow.waiting_review)} waiting for review · {formatCount(openNow.waiting_form)} for a form
            {monitor && openNow.total > 0 && (
              <>
                {' · '}
                <Link to={monitorPath({ workflow: view.workflow || null })}>Monitor</Link>
              </>
            )}
          </StatCard>
        </div>
        <div className="col">
          {review ? (
            <StatCard
              id="headline-breaches"
              title="SLA breaches"
              value={formatCount(review.breached)}
              trend={{ current: review.breached, previous: review.previous_breached, kind: 'count', upIsGood: false, format: formatCount }}
            >
              {monitor && review.overdue > 0 ? (
                <Link to={monitorPath({ workflow: view.workflow || null, overdue: true })} className="text-danger-emphasis">
                  {formatCount(review.overdue)} overdue now
                </Link>
              ) : (
                `${formatCount(review.overdue)} overdue now`
              )}
              {review.escalated > 0 && (
                <>
                  {' · '}
                  {monitor ? (
                    <Link to={monitorPath({ workflow: view.workflow || null, escalated: true })}>{formatCount(review.escalated)} escalated</Link>
                  ) : (
                    `${formatCount(review.escalated)} escalated`
                  )}
                </>
              )}
            </StatCard>
          ) : (
            <div className="card h-100" aria-hidden="true">
              <div className="card-body">
                <Placeholder as="div" animation="glow">
                  <Placeholder xs={5} /> <Placeholder xs={8} size="lg" />
                </Placeholder>
              </div>
            </div>
          )}
        </div>
      </HeadlineCards>

      <Panel
        id="over-time-title"
        title="Over time"
        subtitle={`${PER[data.period.bucket]}, ${overPeriod(phrase)}`}
        actions={<FlowsCsvButton points={data.over_time} period={data.period} hour12={hour12} name="applications-over-time" />}
        className="mb-4"
      >
        <div className="row g-4">
          <div className="col-xxl-8">
            <FlowsChart id="flows-chart" points={data.over_time} period={data.period} status={view.status || null} phrase={phrase} hour12={hour12} />
          </div>
          <div className="col-xxl-4">
            <DecisionTimeChart bands={data.decision_time} />
          </div>
        </div>
      </Panel>

      <FiguresTable
        id="per-workflow-title"
        title="Per workflow"
        subtitle={
          view.status ? `Busiest first by ${view.status}. Select a workflow for its funnel.` : 'Busiest first. Select a workflow for its funnel and steps.'
        }
        label="Figures per workflow"
        rows={data.per_workflow}
        columns={workflowFiguresColumns({
          analyticsLink: (w) => workflowAnalyticsPath(w.workflow_id, view.period),
          openLink: (w) => (monitor ? monitorPath({ workflow: w.workflow_id }) : null),
        })}
        getRowId={(w) => w.workflow_id}
        csvName="applications-per-workflow"
        noun="workflows"
        empty="No workflow had applications in this period."
        className="mb-4"
      />

      {overview.isError ? (
        <RetryAlert onRetry={() => overview.refetch()}>Reviews, tools and failures could not be loaded: {overview.error.message}</RetryAlert>
      ) : overview.data ? (
        <OverviewSections overview={overview.data} period={view.period} workflow={view.workflow} abilities={abilities} />
      ) : (
        <div className="card mb-4" aria-hidden="true">
          <div className="card-body">
            <Placeholder as="div" animation="glow">
              <Placeholder xs={4} /> <Placeholder xs={12} /> <Placeholder xs={12} /> <Placeholder xs={8} />
            </Placeholder>
          </div>
        </div>
      )}
    </>
  );
}
