import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { useLatestSearchParams } from '../../../shared/hooks/use-latest-search-params.ts';
import { PeriodControl } from '../../../shared/analytics/period-control.tsx';
import { periodPhrase, periodProblem } from '../../../shared/analytics/period-state.ts';
import { workflowAnalyticsPath } from '../../../shared/analytics/portal-links.ts';
import { useAnalyticsZone } from '../../../shared/analytics/use-analytics-zone.ts';
import { useInsights } from '../api/get-insights.ts';
import { useWorkflowChoices } from '../api/get-workflow-choices.ts';
import type { AnalyticsAbilities } from '../lib/abilities.ts';
import { parseWorkflowView, workflowQuery, workflowViewToParams, type WorkflowView } from '../lib/workflow-view.ts';
import { WorkflowDetail } from './workflow-detail.tsx';
import { WorkflowsOverview } from './workflows-overview.tsx';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import './analytics.css';

/**
 * Workflows → Workflow Analytics (/workflows/analytics): every workflow's figures for a period, or with
 * `?workflow=<id>` one workflow's funnel over its steps, the figures of each step, its reviews, failures and
 * applications over time. The workflow and the period live in the URL.
 */
export function WorkflowAnalyticsPage({ abilities }: { abilities: AnalyticsAbilities }) {
  const [params, setParams] = useLatestSearchParams();
  const view = parseWorkflowView(params);
  const zone = useAnalyticsZone();
  const problem = periodProblem(view.period, zone.today);
  const query = zone.tz && !problem ? workflowQuery(view, zone.tz) : null;
  const insights = useInsights(query);
  const workflows = useWorkflowChoices();
  const choices = workflows.data?.items ?? [];
  const chosen = view.workflow ? choices.find((w) => w.id === view.workflow) : undefined;
  const phrase = periodPhrase(view.period, (day) => zone.dates.date.format(new Date(`${day}T12:00:00Z`)));

  // Choosing a workflow is a step the back button undoes; the period is a refinement of the view (replaced).
  const patch = (change: Partial<WorkflowView>, replace = true) =>
    setParams((prev) => workflowViewToParams({ ...parseWorkflowView(prev), ...change }), { replace });

  return (
    <>
      <header className="page-header mb-3">
        <h1 className="h3 mb-1">{PAGE_HEADINGS['/workflows/analytics'].heading}</h1>
        <p className="text-body-secondary mb-0">
          {view.workflow ? (
            <>
              Reach, drop-off and time per step of one workflow. <Link to={workflowAnalyticsPath(null, view.period)}>All workflows</Link>
            </>
          ) : (
            'Reach, drop-off and time per step of each workflow: select one for its funnel.'
          )}
        </p>
      </header>

      <div className="d-flex flex-wrap align-items-end gap-3 mb-4" role="search" aria-label="Analytics filters">
        <Form.Group controlId="analytics-workflow">
          <Form.Label className="small mb-0">Workflow</Form.Label>
          <Form.Select size="sm" className="analytics-filter" value={view.workflow} onChange={(e) => patch({ workflow: e.target.value }, false)}>
            <option value="">All workflows</option>
            {view.workflow && !chosen && <option value={view.workflow}>{workflows.isPending ? 'Loading…' : 'Selected workflow'}</option>}
            {choices.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <PeriodControl id="period" value={view.period} today={zone.today} problem={problem} onChange={(period) => patch({ period })} />
      </div>

      {problem ? null : view.workflow ? (
        <WorkflowDetail key={view.workflow} view={view} query={query} insights={insights} phrase={phrase} hour12={zone.hour12} abilities={abilities} />
      ) : (
        <WorkflowsOverview view={view} query={query} insights={insights} phrase={phrase} abilities={abilities} />
      )}
    </>
  );
}
