import type { ApplicationCounts } from '@admin-portal/contract/applications/api';
import type { MonitorState } from '../lib/monitor-state.ts';

interface Counter {
  key: keyof ApplicationCounts;
  label: string;
  hint: string;
  /** The filter a click applies. */
  filter: Partial<MonitorState>;
  tone: string;
}

const COUNTERS: readonly Counter[] = [
  { key: 'in_progress', label: 'In progress', hint: 'Received, running or waiting', filter: { status: '' }, tone: 'info' },
  { key: 'waiting_for_review', label: 'Waiting for review', hint: 'An approval step waits for staff', filter: { review: true }, tone: 'warning' },
  { key: 'overdue', label: 'Overdue', hint: 'A review past its deadline', filter: { overdue: true }, tone: 'danger' },
  { key: 'completed_today', label: 'Completed today', hint: 'Reached an end today', filter: { status: 'completed' }, tone: 'success' },
  { key: 'failed', label: 'Failed', hint: 'Each needs a retry or cancelling', filter: { status: 'failed' }, tone: 'danger' },
];

/** The monitor's live counters; each is a button that filters the table to what it counts. */
export function MonitorCounters({
  counts,
  loading,
  onFilter,
}: {
  counts: ApplicationCounts | undefined;
  loading: boolean;
  onFilter: (filter: Partial<MonitorState>) => void;
}) {
  return (
    <ul className="monitor-counters list-unstyled mb-4" aria-label="Application counters" aria-busy={loading}>
      {COUNTERS.map((c) => (
        <li key={c.key}>
          <button
            type="button"
            className={`monitor-counter card h-100 w-100 text-start border-${c.tone}-subtle`}
            onClick={() => onFilter(c.filter)}
            title={c.hint}
          >
            <span className="card-body py-3">
              <span className="d-block small text-body-secondary">{c.label}</span>
              <span className="d-block fs-3 fw-semibold tabular-nums" data-testid={`counter-${c.key}`}>
                {counts ? counts[c.key].toLocaleString() : '–'}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
