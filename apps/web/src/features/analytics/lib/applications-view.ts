import type { AnalyticsQuery } from '@admin-portal/contract/analytics/api';
import { APPLICATION_FLOWS, type ApplicationFlow } from '@admin-portal/contract/analytics/period';
import { parsePeriod, periodQuery, writePeriod, type PeriodState } from '../../../shared/analytics/period-state.ts';

/**
 * The Applications Analytics page's state, kept in the URL (`?range=&from=&to=&bucket=&workflow=&status=`) so a
 * reload, the back button or a shared link shows the same figures. Only what differs from the defaults is written.
 */
export interface ApplicationsView {
  period: PeriodState;
  /** One workflow's id; '' = every workflow. */
  workflow: string;
  /** Only applications that did this in the period; '' = all. */
  status: ApplicationFlow | '';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseApplicationsView(params: URLSearchParams): ApplicationsView {
  const workflow = params.get('workflow') ?? '';
  const status = params.get('status');
  return {
    period: parsePeriod(params),
    workflow: UUID.test(workflow) ? workflow.toLowerCase() : '',
    status: status !== null && (APPLICATION_FLOWS as readonly string[]).includes(status) ? (status as ApplicationFlow) : '',
  };
}

export function applicationsViewToParams(view: ApplicationsView): URLSearchParams {
  const params = writePeriod(new URLSearchParams(), view.period);
  if (view.workflow) params.set('workflow', view.workflow);
  if (view.status) params.set('status', view.status);
  return params;
}

/** Whether a workflow or status narrows the figures (the period always applies). */
export const isFiltered = (view: ApplicationsView): boolean => !!(view.workflow || view.status);

/** The query string of the page's calls. */
export function applicationsQuery(view: ApplicationsView, tz: string): AnalyticsQuery {
  const query = periodQuery(view.period, tz);
  if (view.workflow) query.workflow_id = view.workflow;
  if (view.status) query.status = view.status;
  return query;
}
