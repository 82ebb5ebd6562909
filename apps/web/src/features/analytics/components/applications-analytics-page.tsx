import Form from 'react-bootstrap/Form';
import { useLatestSearchParams } from '../../../shared/hooks/use-latest-search-params.ts';
import { APPLICATION_FLOW_LABELS, APPLICATION_FLOWS, type ApplicationFlow } from '@admin-portal/contract/analytics/period';
import { PeriodControl } from '../../../shared/analytics/period-control.tsx';
import { choosePreset, inPeriod, periodPhrase, periodProblem } from '../../../shared/analytics/period-state.ts';
import { useAnalyticsZone } from '../../../shared/analytics/use-analytics-zone.ts';
import { FilterBarEnd } from '../../../shared/ui/filter-bar-end.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { useAnalyticsOverview } from '../api/get-analytics-overview.ts';
import { useApplicationsAnalytics } from '../api/get-applications-analytics.ts';
import { useInsights } from '../api/get-insights.ts';
import { useWorkflowChoices } from '../api/get-workflow-choices.ts';
import type { AnalyticsAbilities } from '../lib/abilities.ts';
import { applicationsQuery, applicationsViewToParams, isFiltered, parseApplicationsView, type ApplicationsView } from '../lib/applications-view.ts';
import { ApplicationsFigures } from './applications-figures.tsx';
import { InsightsPanel } from './insights-panel.tsx';
import { LoadingFigures } from './loading-figures.tsx';
import { NoApplications } from './no-applications.tsx';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import './analytics.css';

/**
 * Applications → Analytics (/applications/analytics): how applications fared in a period beside the previous one —
 * headline figures, applications over time, time to decision, per workflow, reviews against their SLA, tool health,
 * failure reasons, the slowest steps and the insights. The period, the workflow and the status live in the URL.
 */
export function ApplicationsAnalyticsPage({ abilities }: { abilities: AnalyticsAbilities }) {
  const [params, setParams] = useLatestSearchParams();
  const view = parseApplicationsView(params);
  const zone = useAnalyticsZone();
  const problem = periodProblem(view.period, zone.today);
  const query = zone.tz && !problem ? applicationsQuery(view, zone.tz) : null;

  const applications = useApplicationsAnalytics(query);
  const overview = useAnalyticsOverview(query);
  const insights = useInsights(query);
  const workflows = useWorkflowChoices();

  const patch = (change: Partial<ApplicationsView>) =>
    setParams((prev) => applicationsViewToParams({ ...parseApplicationsView(prev), ...change }), { replace: true });
  const clearFilters = () => patch({ workflow: '', status: '' });
  const filtered = isFiltered(view);
  const phrase = periodPhrase(view.period, (day) => zone.dates.date.format(new Date(`${day}T12:00:00Z`)));
  const choices = workflows.data?.items ?? [];
  const chosen = view.workflow ? choices.find((w) => w.id === view.workflow) : undefined;

  const data = applications.data;
  const empty =
    data &&
    data.totals.started === 0 &&
    data.open_now.total === 0 &&
    data.per_workflow.length === 0 &&
    data.totals.completed + data.totals.failed + data.totals.cancelled === 0;
  const updating = (applications.isFetching && !applications.isPending) || (overview.isFetching && !overview.isPending);

  return (
    <>
      <header className="page-header mb-3">
        <h1 className="h3 mb-1">{PAGE_HEADINGS['/applications/analytics'].heading}</h1>
        <p className="text-body-secondary mb-0">{PAGE_HEADINGS['/applications/analytics'].lead}</p>
      </header>

      <div className="d-flex flex-wrap align-items-end gap-3 mb-4" role="search" aria-label="Analytics filters">
        <PeriodControl id="period" value={view.period} today={zone.today} problem={problem} onChange={(period) => patch({ period })} />
        <Form.Group controlId="filter-workflow">
          <Form.Label className="small mb-0">Workflow</Form.Label>
          <Form.Select size="sm" className="analytics-filter" value={view.workflow} onChange={(e) => patch({ workflow: e.target.value })}>
            <option value="">All workflows</option>
            {view.workflow && !chosen && <option value={view.workflow}>{workflows.isPending ? 'Loading…' : 'Selected workflow'}</option>}
            {choices.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="filter-status">
          <Form.Label className="small mb-0">Status</Form.Label>
          <Form.Select size="sm" className="analytics-filter" value={view.status} onChange={(e) => patch({ status: e.target.value as ApplicationFlow | '' })}>
            <option value="">Any status</option>
            {APPLICATION_FLOWS.map((f) => (
              <option key={f} value={f}>
                {APPLICATION_FLOW_LABELS[f]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <FilterBarEnd filtered={filtered} onClear={clearFilters} updating={updating} />
      </div>

      {problem ? null : applications.isError ? (
        <RetryAlert
          onRetry={() => {
            void applications.refetch();
            void overview.refetch();
            void insights.refetch();
          }}
        >
          Analytics could not be loaded: {applications.error.message}
        </RetryAlert>
      ) : !data ? (
        <LoadingFigures />
      ) : empty ? (
        <NoApplications
          phrase={phrase}
          range={view.period.range}
          filtered={filtered}
          abilities={abilities}
          onLonger={() => patch({ period: choosePreset(view.period, '90d', zone.today) })}
          onClear={clearFilters}
        />
      ) : (
        <ApplicationsFigures data={data} overview={overview} view={view} phrase={phrase} hour12={zone.hour12} abilities={abilities} />
      )}

      {!problem && !applications.isError && (
        <InsightsPanel query={insights} mayOpen={abilities.mayOpen} subtitle={`What stands out ${inPeriod(phrase)}, most important first`} className="mb-4" />
      )}
    </>
  );
}
