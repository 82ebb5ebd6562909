import type { AnalyticsQuery } from '@admin-portal/contract/analytics/api';
import { parsePeriod, periodQuery, writePeriod, type PeriodState } from '../../../shared/analytics/period-state.ts';

/**
 * The Workflow Analytics page's state in the URL (`?workflow=&range=&from=&to=&bucket=`): without a workflow it lists
 * every workflow's figures, with one it shows that workflow's steps.
 */
export interface WorkflowView {
  period: PeriodState;
  /** The workflow shown; '' = all of them. */
  workflow: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseWorkflowView(params: URLSearchParams): WorkflowView {
  const workflow = params.get('workflow') ?? '';
  return { period: parsePeriod(params), workflow: UUID.test(workflow) ? workflow.toLowerCase() : '' };
}

export function workflowViewToParams(view: WorkflowView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.workflow) params.set('workflow', view.workflow);
  return writePeriod(params, view.period);
}

/** The query string of the page's calls (the insights are narrowed to the workflow shown). */
export function workflowQuery(view: WorkflowView, tz: string): AnalyticsQuery {
  const query = periodQuery(view.period, tz);
  if (view.workflow) query.workflow_id = view.workflow;
  return query;
}
