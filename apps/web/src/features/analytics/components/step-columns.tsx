import { Link } from 'react-router';
import { formatCount, formatDuration, formatPercent } from '../../../shared/lib/figures-format.ts';
import type { DataColumn } from '../../../shared/ui/data-table/data-table.tsx';
import type { StepRow } from '../lib/workflow-steps.ts';

/**
 * A workflow's steps in order: how many reached each, how they left it (completed, failed, cancelled, still there),
 * the drop-off, the time spent in it and the cases there now (linking into the monitor, filtered by the step).
 */
export function stepColumns(openLink: (row: StepRow) => string | null): DataColumn<StepRow>[] {
  return [
    {
      id: 'order',
      header: 'Order',
      priority: 4,
      align: 'end',
      className: 'tabular-nums text-body-secondary',
      csv: (r) => (r.depth === null ? null : r.depth + 1),
      cell: (r) => (r.depth === null ? '—' : r.depth + 1),
    },
    {
      id: 'step',
      header: 'Step',
      grow: true,
      csv: (r) => r.label,
      cell: (r) => (
        <>
          <span className="fw-semibold" title={r.label}>
            {r.label}
          </span>
          {r.slowest && <span className="badge bg-warning-subtle text-warning-emphasis border border-warning-subtle ms-2">Slowest</span>}
          {!r.in_current_version && <span className="badge bg-secondary-subtle text-secondary-emphasis border border-secondary-subtle ms-2">Former step</span>}
        </>
      ),
    },
    { id: 'kind', header: 'Kind', priority: 5, className: 'text-nowrap', csv: (r) => r.typeLabel, cell: (r) => r.typeLabel },
    { id: 'entered', header: 'Reached', align: 'end', className: 'tabular-nums', csv: (r) => r.entered, cell: (r) => formatCount(r.entered) },
    {
      id: 'completed',
      header: 'Completed',
      priority: 3,
      align: 'end',
      className: 'tabular-nums',
      csv: (r) => r.completed,
      cell: (r) => formatCount(r.completed),
    },
    { id: 'failed', header: 'Failed', priority: 3, align: 'end', className: 'tabular-nums', csv: (r) => r.failed, cell: (r) => formatCount(r.failed) },
    {
      id: 'cancelled',
      header: 'Cancelled',
      priority: 6,
      align: 'end',
      className: 'tabular-nums',
      csv: (r) => r.cancelled,
      cell: (r) => formatCount(r.cancelled),
    },
    { id: 'dropped', header: 'Dropped', priority: 6, align: 'end', className: 'tabular-nums', csv: (r) => r.dropped, cell: (r) => formatCount(r.dropped) },
    {
      id: 'drop_off',
      header: 'Drop-off',
      priority: 2,
      align: 'end',
      className: 'tabular-nums',
      csv: (r) => r.drop_off_rate,
      cell: (r) => formatPercent(r.drop_off_rate),
    },
    {
      id: 'p50',
      header: 'Time p50',
      priority: 6,
      align: 'end',
      className: 'tabular-nums text-nowrap',
      csv: (r) => r.time_p50_ms,
      cell: (r) => formatDuration(r.time_p50_ms),
    },
    {
      id: 'p90',
      header: 'Time p90',
      priority: 4,
      align: 'end',
      className: 'tabular-nums text-nowrap',
      csv: (r) => r.time_p90_ms,
      cell: (r) => formatDuration(r.time_p90_ms),
    },
    {
      id: 'open_now',
      header: 'Open now',
      priority: 2,
      align: 'end',
      className: 'tabular-nums',
      csv: (r) => r.open_now,
      cell: (r) => {
        const to = r.open_now > 0 ? openLink(r) : null;
        return to ? (
          <Link to={to} aria-label={`${formatCount(r.open_now)} open at ${r.label}: open in the monitor`}>
            {formatCount(r.open_now)}
          </Link>
        ) : (
          formatCount(r.open_now)
        );
      },
    },
  ];
}
