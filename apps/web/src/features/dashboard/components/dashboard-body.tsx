import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { Dashboard } from '@admin-portal/contract/analytics/api';
import { FlowsChart } from '../../../shared/analytics/flows-chart.tsx';
import { InsightsList } from '../../../shared/analytics/insights-list.tsx';
import type { PeriodState } from '../../../shared/analytics/period-state.ts';
import { monitorPath } from '../../../shared/analytics/portal-links.ts';
import { Panel } from '../../../shared/ui/panel.tsx';
import type { DashboardAbilities } from '../lib/abilities.ts';
import { attentionItems, noApplicationsYet } from '../lib/dashboard-figures.ts';
import { ActivityPanel } from './activity-panel.tsx';
import { AttentionPanel } from './attention-panel.tsx';
import { FunnelsPanel } from './funnels-panel.tsx';
import { HeadlineCards } from './headline-cards.tsx';
import { NoApplicationsYet } from './no-applications-yet.tsx';
import { ReviewQueuePanel } from './review-queue-panel.tsx';
import { ToolHealthPanel } from './tool-health-panel.tsx';

interface Props {
  dashboard: Dashboard;
  period: PeriodState;
  /** The period in words ("the last 7 days"). */
  phrase: string;
  abilities: DashboardAbilities;
  when: (iso: string) => { short: string; full: string };
  /** The user's clock is 12-hour (the chart's hours). */
  hour12: boolean;
  /** The instant the figures were made (ages of reviews are counted to it). */
  now: number;
  /** Switch to the last 90 days (offered when the period is empty). */
  onLonger: () => void;
}

const BUCKET_WORDS = { hour: 'hour', day: 'day', week: 'week' } as const;

/** The dashboard's sections, with only what the server sent for this user (tools and attention may be null). */
export function DashboardBody({ dashboard: d, period, phrase, abilities, when, hour12, now, onLonger }: Props) {
  const monitor = abilities.mayOpen(monitorPath());
  const attention = attentionItems(d.attention);
  const insights = (
    <Panel id="dashboard-insights-title" title="Insights" subtitle={`What stands out in ${phrase}, most important first`}>
      {d.insights.length === 0 ? (
        <p className="text-body-secondary mb-0">
          Nothing stands out: no step loses unusually many applicants, no review breaches its SLA and no tool fails cases.
        </p>
      ) : (
        <InsightsList insights={d.insights} mayOpen={abilities.mayOpen} label="Insights" />
      )}
    </Panel>
  );

  if (noApplicationsYet(d)) {
    return (
      <>
        {attention.length > 0 && <AttentionPanel items={attention} mayOpen={abilities.mayOpen} className="mb-4" />}
        <NoApplicationsYet administer={abilities.administer} monitor={monitor} />
        {d.insights.length > 0 && <div className="mb-4">{insights}</div>}
      </>
    );
  }

  const bucket = BUCKET_WORDS[d.period.bucket];
  return (
    <>
      {attention.length > 0 && <AttentionPanel items={attention} mayOpen={abilities.mayOpen} className="mb-4" />}
      {d.totals.started === 0 && period.range !== '90d' && (
        <Alert variant="info" className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
          <span>No application started in {phrase}.</span>
          <Button variant="primary" size="sm" onClick={onLonger}>
            Show the last 90 days
          </Button>
        </Alert>
      )}
      <HeadlineCards dashboard={d} phrase={phrase} monitor={monitor} />
      <div className="row g-4 mb-4">
        <div className="col-lg-8 d-flex flex-column gap-4">
          <Panel id="dashboard-over-time-title" title="Applications over time" subtitle={`Per ${bucket}, ${phrase === 'today' ? 'today' : `over ${phrase}`}`}>
            <FlowsChart
              id="dashboard-flows"
              title={`Applications per ${bucket}`}
              points={d.over_time}
              period={d.period}
              status={null}
              phrase={phrase}
              hour12={hour12}
              height={260}
            />
          </Panel>
          <FunnelsPanel funnels={d.funnels} period={period} phrase={phrase} mayOpen={abilities.mayOpen} />
        </div>
        <div className="col-lg-4 d-flex flex-column gap-4">
          <ReviewQueuePanel review={d.review} monitor={monitor} now={now} />
          <ActivityPanel activity={d.activity} monitor={monitor} when={when} />
        </div>
      </div>
      <div className="row g-4 mb-4">
        <div className={d.tools ? 'col-lg-6' : 'col-12'}>{insights}</div>
        {d.tools && (
          <div className="col-lg-6">
            <ToolHealthPanel tools={d.tools} phrase={phrase} mayOpen={abilities.mayOpen} />
          </div>
        )}
      </div>
    </>
  );
}
