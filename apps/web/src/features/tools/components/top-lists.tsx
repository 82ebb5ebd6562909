import type { ToolAnalytics } from '@admin-portal/contract/tools/api';
import { formatCount, formatPercent } from '../lib/activity-format.ts';
import { callerName, callerTypeLabel } from '../lib/execution-display.ts';

/** The most frequent error messages of the window, with how many calls failed that way and their share of all errors. */
export function TopErrors({ errors, total }: { errors: ToolAnalytics['top_errors']; total: number }) {
  if (errors.length === 0) return <p className="text-body-secondary small mb-0">No errors in this period.</p>;
  return (
    <ol className="list-unstyled mb-0 analytics-top-list" aria-label="Top errors">
      {errors.map((e) => (
        <li key={e.error} className="d-flex align-items-start justify-content-between gap-3 py-2">
          <span className="analytics-error-text small">{e.error}</span>
          <span className="text-nowrap text-end small">
            <span className="badge rounded-pill border bg-danger-subtle text-danger-emphasis border-danger-subtle tabular-nums">{formatCount(e.count)}</span>
            {total > 0 && <span className="d-block text-body-secondary">{formatPercent(e.count / total)} of errors</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Who called most: testers (by email), MCP clients (by API key name), workflows. */
export function TopCallers({ callers, total }: { callers: ToolAnalytics['top_callers']; total: number }) {
  if (callers.length === 0) return <p className="text-body-secondary small mb-0">No callers in this period.</p>;
  const most = callers.reduce((m, c) => Math.max(m, c.calls), 0);
  return (
    <ol className="list-unstyled mb-0 analytics-top-list" aria-label="Top callers">
      {callers.map((c) => (
        <li key={`${c.caller_type}:${c.caller_id ?? ''}`} className="py-2">
          <div className="d-flex align-items-start justify-content-between gap-3">
            <span className="min-w-0">
              <span className="d-block fw-semibold text-truncate" title={callerName(c)}>
                {callerName(c)}
              </span>
              <span className="d-block small text-body-secondary">{callerTypeLabel(c.caller_type)}</span>
            </span>
            <span className="small text-nowrap tabular-nums">
              {formatCount(c.calls)} call{c.calls === 1 ? '' : 's'}
              {total > 0 && <span className="text-body-secondary"> · {formatPercent(c.calls / total)}</span>}
            </span>
          </div>
          <span className="analytics-meter-track d-block mt-1" aria-hidden="true">
            <span className="analytics-meter-bar chart-fill-success" style={{ width: `${most ? (c.calls / most) * 100 : 0}%` }} />
          </span>
        </li>
      ))}
    </ol>
  );
}
