import { Link } from 'react-router';
import type { AnalyticsOverview, FailureReason } from '@admin-portal/contract/analytics/api';
import { formatCount, formatDuration } from '../../../shared/lib/figures-format.ts';
import type { DataColumn } from '../../../shared/ui/data-table/data-table.tsx';
import { stepTypeLabel } from '../lib/workflow-steps.ts';

export type SlowStep = AnalyticsOverview['slowest_steps'][number];

interface Options {
  /** A workflow's analytics for the same period; null leaves out the workflow column (a workflow's own page). */
  analyticsLink: ((workflowId: string) => string) | null;
  /** The failed cases of a workflow in the monitor; null when the user may not open the monitor. */
  failedLink: (r: FailureReason) => string | null;
}

const stepText = (name: string | null, type: string | null) => (name ? `${name} (${stepTypeLabel(type)})` : type ? stepTypeLabel(type) : '—');

/** The most frequent reasons cases failed, where they failed, and a link to those cases. */
export function failureColumns({ analyticsLink, failedLink }: Options): DataColumn<FailureReason>[] {
  const columns: DataColumn<FailureReason>[] = [
    { id: 'reason', header: 'Reason', grow: true, csv: (r) => r.reason, cell: (r) => <span className="failure-reason-text">{r.reason}</span> },
    { id: 'count', header: 'Cases', align: 'end', className: 'tabular-nums', csv: (r) => r.count, cell: (r) => formatCount(r.count) },
  ];
  if (analyticsLink) {
    columns.push({
      id: 'workflow',
      header: 'Workflow',
      priority: 3,
      className: 'analytics-text-cell',
      csv: (r) => r.workflow_name ?? '',
      cell: (r) => (
        <Link to={analyticsLink(r.workflow_id)} className="dt-ellipsis-inline" title={r.workflow_name ?? undefined}>
          {r.workflow_name ?? 'Deleted workflow'}
        </Link>
      ),
    });
  }
  columns.push(
    {
      id: 'step',
      header: 'Step',
      priority: 4,
      className: 'analytics-text-cell',
      csv: (r) => stepText(r.step_name, r.step_type),
      fold: (r) => stepText(r.step_name, r.step_type),
      cell: (r) => (
        <span className="dt-ellipsis" title={stepText(r.step_name, r.step_type)}>
          {stepText(r.step_name, r.step_type)}
        </span>
      ),
    },
    {
      id: 'open',
      header: 'Cases in the monitor',
      hideHeader: true,
      actions: true,
      align: 'end',
      cell: (r) => {
        const to = failedLink(r);
        return to ? (
          <Link to={to} className="text-nowrap" aria-label={`Open the failed cases of ${r.workflow_name ?? 'this workflow'} in the monitor`}>
            Failed cases
          </Link>
        ) : null;
      },
    },
  );
  return columns;
}

/** The steps whose p90 time is longest (waits for people included). */
export function slowStepColumns(analyticsLink: (workflowId: string) => string): DataColumn<SlowStep>[] {
  return [
    {
      id: 'step',
      header: 'Step',
      grow: true,
      csv: (s) => s.step_name ?? stepTypeLabel(s.step_type),
      cell: (s) => (
        <span className="fw-semibold dt-ellipsis" title={s.step_name ?? stepTypeLabel(s.step_type)}>
          {s.step_name ?? stepTypeLabel(s.step_type)}
        </span>
      ),
    },
    { id: 'type', header: 'Kind', priority: 4, className: 'text-nowrap', csv: (s) => stepTypeLabel(s.step_type), cell: (s) => stepTypeLabel(s.step_type) },
    {
      id: 'workflow',
      header: 'Workflow',
      priority: 3,
      className: 'analytics-text-cell',
      csv: (s) => s.workflow_name ?? '',
      cell: (s) => (
        <Link to={analyticsLink(s.workflow_id)} className="dt-ellipsis-inline" title={s.workflow_name ?? undefined}>
          {s.workflow_name ?? 'Deleted workflow'}
        </Link>
      ),
    },
    {
      id: 'completed',
      header: 'Completed',
      priority: 2,
      align: 'end',
      className: 'tabular-nums',
      csv: (s) => s.completed,
      cell: (s) => formatCount(s.completed),
    },
    { id: 'p50', header: 'p50', priority: 5, align: 'end', className: 'tabular-nums text-nowrap', csv: (s) => s.p50_ms, cell: (s) => formatDuration(s.p50_ms) },
    { id: 'p90', header: 'p90', align: 'end', className: 'tabular-nums text-nowrap', csv: (s) => s.p90_ms, cell: (s) => formatDuration(s.p90_ms) },
  ];
}
