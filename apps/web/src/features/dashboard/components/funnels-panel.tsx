import { Link } from 'react-router';
import type { Funnel } from '@admin-portal/contract/analytics/api';
import type { PeriodState } from '../../../shared/analytics/period-state.ts';
import { WORKFLOW_ANALYTICS_PATH, workflowAnalyticsPath } from '../../../shared/analytics/portal-links.ts';
import { formatCount, formatPercent } from '../../../shared/lib/figures-format.ts';
import { FunnelChart } from '../../../shared/ui/charts/funnel-chart.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';

interface Props {
  funnels: readonly Funnel[];
  period: PeriodState;
  phrase: string;
  mayOpen: (path: string) => boolean;
  className?: string;
}

/** The busiest workflows of the period, step by step: how many entered each step and how many moved on. */
export function FunnelsPanel({ funnels, period, phrase, mayOpen, className }: Props) {
  const analytics = mayOpen(WORKFLOW_ANALYTICS_PATH);
  return (
    <Panel
      id="dashboard-funnels-title"
      title="Workflow funnels"
      subtitle={`The busiest workflows in ${phrase}: how many cases entered each step, and how many moved on`}
      className={className}
      actions={
        analytics && funnels.length > 0 ? (
          <Link to={workflowAnalyticsPath(null, period)} className="small">
            All workflow analytics
          </Link>
        ) : undefined
      }
    >
      {funnels.length === 0 ? (
        <p className="text-body-secondary mb-0">No workflow started an application in {phrase}. Funnels appear for the busiest workflows once cases arrive.</p>
      ) : (
        <div className={`row g-4 row-cols-1${funnels.length > 1 ? ' row-cols-xxl-2' : ''}`}>
          {funnels.map((f, i) => (
            <div key={f.workflow_id} className="col" data-workflow-id={f.workflow_id}>
              <FunnelChart
                id={`dashboard-funnel-${i}`}
                title={f.name}
                subject={f.name}
                steps={f.steps.map((s) => ({ id: s.step_id, label: s.name, reached: s.entered, completed: s.completed }))}
              />
              <p className="small text-body-secondary mt-2 mb-1">
                {formatCount(f.started)} started · {formatCount(f.completed)} completed ({formatPercent(f.conversion)})
              </p>
              {analytics && (
                <Link to={workflowAnalyticsPath(f.workflow_id, period)} className="small fw-semibold">
                  Workflow analytics<span className="visually-hidden"> for {f.name}</span> →
                </Link>
              )}
            </div>
          ))}
        </div>
      )}
    </Panel>
  );
}
