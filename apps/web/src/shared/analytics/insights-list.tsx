import { Link } from 'react-router';
import type { Insight } from '@admin-portal/contract/analytics/api';
import './insights-list.css';

const SEVERITY = {
  critical: { label: 'Critical', tone: 'danger' },
  warning: { label: 'Warning', tone: 'warning' },
  info: { label: 'Info', tone: 'info' },
} as const;

interface Props {
  /** Best first, as the server ranks them. */
  insights: readonly Insight[];
  /** Whether the user may open a portal path (an insight's link shows only then). */
  mayOpen: (path: string) => boolean;
  /** Names the list (unique on the page). */
  label?: string;
}

/**
 * Ranked findings: each with its severity, what it is about, the figures behind it and where to act on it. A link
 * the user may not follow (e.g. into the monitor for a role without it) is left out; the finding stays.
 */
export function InsightsList({ insights, mayOpen, label = 'Insights' }: Props) {
  return (
    <ol className="list-unstyled mb-0 insights-list" aria-label={label}>
      {insights.map((insight, i) => {
        const severity = SEVERITY[insight.severity];
        return (
          <li
            key={`${insight.kind}-${insight.workflow_id ?? ''}-${insight.step_id ?? ''}-${insight.tool_id ?? ''}-${i}`}
            className="py-3"
            data-insight-kind={insight.kind}
          >
            <div className="d-flex flex-wrap align-items-baseline gap-2 mb-1">
              <span className={`badge bg-${severity.tone}-subtle text-${severity.tone}-emphasis border border-${severity.tone}-subtle`}>{severity.label}</span>
              <h3 className="h6 mb-0 fw-semibold">{insight.title}</h3>
            </div>
            <p className="mb-2">{insight.message}</p>
            {insight.evidence.length > 0 && (
              <dl className="insight-evidence small mb-2">
                {insight.evidence.map((e) => (
                  <div key={e.label} className="insight-evidence-item">
                    <dt className="text-body-secondary fw-normal">{e.label}</dt>
                    <dd className="mb-0 fw-semibold tabular-nums">{e.value}</dd>
                  </div>
                ))}
              </dl>
            )}
            {mayOpen(insight.link.path) && (
              <Link to={insight.link.path} className="small fw-semibold">
                {insight.link.label} →
              </Link>
            )}
          </li>
        );
      })}
    </ol>
  );
}
