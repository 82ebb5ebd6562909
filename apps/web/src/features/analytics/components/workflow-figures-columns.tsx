import { Link } from 'react-router';
import type { WorkflowFigures } from '@admin-portal/contract/analytics/api';
import { formatCount, formatDuration, formatPercent } from '../../../shared/lib/figures-format.ts';
import type { DataColumn } from '../../../shared/ui/data-table/data-table.tsx';

const STATUS_TONES: Readonly<Record<string, string>> = { active: 'success', draft: 'secondary', archived: 'dark' };

/** A workflow's status as a quiet badge. */
export function WorkflowStatus({ status }: { status: string }) {
  const tone = STATUS_TONES[status] ?? 'secondary';
  return (
    <span className={`badge bg-${tone}-subtle text-${tone}-emphasis border border-${tone}-subtle`}>{status.charAt(0).toUpperCase() + status.slice(1)}</span>
  );
}

interface Options {
  /** Where a workflow's name leads (its analytics for the same period). */
  analyticsLink: (w: WorkflowFigures) => string;
  /** Where its open cases lead (the monitor, filtered); null when the user may not open the monitor. */
  openLink: (w: WorkflowFigures) => string | null;
}

/**
 * Figures per workflow for the period: started, completed and the conversion between them, approval rate, failures,
 * time to decision and what is open now. The same columns make the CSV. On narrower pages the decision times and
 * the status give way first, then approval rate, completed and failed, then started and open now (each then said
 * under the workflow's name); the workflow and its conversion stay.
 */
export function workflowFiguresColumns({ analyticsLink, openLink }: Options): DataColumn<WorkflowFigures>[] {
  return [
    {
      id: 'workflow',
      header: 'Workflow',
      grow: true,
      csv: (w) => w.name,
      cell: (w) => (
        <Link to={analyticsLink(w)} className="fw-semibold text-decoration-none dt-ellipsis-inline" title={w.name} aria-label={`${w.name}: workflow analytics`}>
          {w.name}
        </Link>
      ),
    },
    { id: 'status', header: 'Status', priority: 5, csv: (w) => w.status, cell: (w) => <WorkflowStatus status={w.status} /> },
    { id: 'started', header: 'Started', priority: 2, align: 'end', className: 'tabular-nums', csv: (w) => w.started, cell: (w) => formatCount(w.started) },
    {
      id: 'completed',
      header: 'Completed',
      priority: 3,
      align: 'end',
      className: 'tabular-nums',
      csv: (w) => w.completed,
      cell: (w) => formatCount(w.completed),
    },
    { id: 'conversion', header: 'Conversion', align: 'end', className: 'tabular-nums', csv: (w) => w.conversion, cell: (w) => formatPercent(w.conversion) },
    {
      id: 'approval_rate',
      header: 'Approval rate',
      priority: 4,
      align: 'end',
      className: 'tabular-nums',
      csv: (w) => w.approval_rate,
      cell: (w) => formatPercent(w.approval_rate),
    },
    {
      id: 'failed',
      header: 'Failed',
      priority: 3,
      align: 'end',
      className: 'tabular-nums',
      csv: (w) => w.failed,
      cell: (w) => <span className={w.failed > 0 ? 'text-danger-emphasis fw-semibold' : undefined}>{formatCount(w.failed)}</span>,
    },
    {
      id: 'decision_p50',
      header: 'Decision p50',
      priority: 6,
      align: 'end',
      className: 'tabular-nums text-nowrap',
      csv: (w) => w.decision_p50_ms,
      cell: (w) => formatDuration(w.decision_p50_ms),
    },
    {
      id: 'decision_p90',
      header: 'Decision p90',
      priority: 5,
      align: 'end',
      className: 'tabular-nums text-nowrap',
      csv: (w) => w.decision_p90_ms,
      cell: (w) => formatDuration(w.decision_p90_ms),
    },
    {
      id: 'open_now',
      header: 'Open now',
      priority: 2,
      align: 'end',
      className: 'tabular-nums',
      csv: (w) => w.open_now,
      cell: (w) => {
        const to = w.open_now > 0 ? openLink(w) : null;
        return to ? (
          <Link to={to} aria-label={`${formatCount(w.open_now)} open in ${w.name}: open in the monitor`}>
            {formatCount(w.open_now)}
          </Link>
        ) : (
          formatCount(w.open_now)
        );
      },
    },
  ];
}
