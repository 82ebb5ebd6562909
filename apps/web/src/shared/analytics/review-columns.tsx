import { Link } from 'react-router';
import type { ReviewRole } from '@admin-portal/contract/analytics/api';
import { roleLabel } from '@admin-portal/contract/role-names';
import { formatCount, formatDuration, formatPercent } from '../lib/figures-format.ts';
import type { DataColumn } from '../ui/data-table/data-table.tsx';

/** A row of reviews: by assignee role, and on a workflow's page also by approval step. */
export type ReviewRow = ReviewRole & { step_id?: string; step_name?: string | null };

interface Options {
  /** Where a row's overdue count leads (the monitor, filtered); null = no link (the user may not open the monitor). */
  overdueLink: (row: ReviewRow) => string | null;
  /** A first column with the approval step. */
  withStep?: boolean;
}

/**
 * Reviews against their SLA: open now and overdue (linking into the monitor), decided in the period, how many of
 * those breached their deadline, the breach rate and how long decisions waited. The same columns make the CSV.
 */
export function reviewColumns({ overdueLink, withStep = false }: Options): DataColumn<ReviewRow>[] {
  const columns: DataColumn<ReviewRow>[] = [
    {
      id: 'role',
      header: 'Assignee role',
      grow: !withStep,
      priority: withStep ? 2 : 1,
      className: 'text-nowrap',
      csv: (r) => roleLabel(r.assignee_role),
      cell: (r) => <span className="fw-semibold">{roleLabel(r.assignee_role)}</span>,
    },
    { id: 'open', header: 'Open', align: 'end', className: 'tabular-nums', csv: (r) => r.open, cell: (r) => formatCount(r.open) },
    {
      id: 'overdue',
      header: 'Overdue',
      align: 'end',
      className: 'tabular-nums',
      csv: (r) => r.overdue,
      cell: (r) => {
        const to = r.overdue > 0 ? overdueLink(r) : null;
        if (!to) return <span className={r.overdue > 0 ? 'text-danger-emphasis fw-semibold' : undefined}>{formatCount(r.overdue)}</span>;
        return (
          <Link
            to={to}
            className="text-danger-emphasis fw-semibold"
            aria-label={`${formatCount(r.overdue)} overdue for ${roleLabel(r.assignee_role)}${r.step_name ? ` at ${r.step_name}` : ''}: open in the monitor`}
          >
            {formatCount(r.overdue)}
          </Link>
        );
      },
    },
    { id: 'decided', header: 'Decided', priority: 2, align: 'end', className: 'tabular-nums', csv: (r) => r.decided, cell: (r) => formatCount(r.decided) },
    {
      id: 'breached',
      header: 'Breached SLA',
      priority: 3,
      align: 'end',
      className: 'tabular-nums',
      csv: (r) => r.breached,
      cell: (r) => formatCount(r.breached),
    },
    {
      id: 'breach_rate',
      header: 'Breach rate',
      priority: 3,
      align: 'end',
      className: 'tabular-nums',
      csv: (r) => r.breach_rate,
      cell: (r) => formatPercent(r.breach_rate),
    },
    {
      id: 'wait_p50',
      header: 'Wait p50',
      priority: 5,
      align: 'end',
      className: 'tabular-nums text-nowrap',
      csv: (r) => r.wait_p50_ms,
      cell: (r) => formatDuration(r.wait_p50_ms),
    },
    {
      id: 'wait_p90',
      header: 'Wait p90',
      priority: 4,
      align: 'end',
      className: 'tabular-nums text-nowrap',
      csv: (r) => r.wait_p90_ms,
      cell: (r) => formatDuration(r.wait_p90_ms),
    },
  ];
  if (withStep) {
    columns.unshift({
      id: 'step',
      header: 'Approval step',
      grow: true,
      csv: (r) => r.step_name ?? '',
      cell: (r) =>
        r.step_name ? (
          <span className="dt-ellipsis" title={r.step_name}>
            {r.step_name}
          </span>
        ) : (
          <span className="fst-italic text-body-secondary">Former step</span>
        ),
    });
  }
  return columns;
}
