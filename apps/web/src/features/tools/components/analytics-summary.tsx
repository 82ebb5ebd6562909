import type { ReactNode } from 'react';
import type { ToolAnalytics } from '@admin-portal/contract/tools/api';
import { formatCount, formatLatency, formatPercent, successRate } from '../lib/activity-format.ts';

function SummaryCard({ id, title, value, children }: { id: string; title: string; value: ReactNode; children?: ReactNode }) {
  return (
    <div className="col-sm-6 col-xl-3">
      <div className="card h-100 analytics-card" role="group" aria-labelledby={`${id}-title`}>
        <div className="card-body">
          <h3 id={`${id}-title`} className="small text-body-secondary text-uppercase fw-semibold mb-1 analytics-card-title">
            {title}
          </h3>
          <p className="h3 mb-1 tabular-nums" data-testid={`${id}-value`}>
            {value}
          </p>
          {children && <div className="small text-body-secondary">{children}</div>}
        </div>
      </div>
    </div>
  );
}

/** The window at a glance: calls (and how many workflow steps made), success rate, errors (and the cases they failed) and latency percentiles. */
export function AnalyticsSummary({ analytics }: { analytics: ToolAnalytics }) {
  const { calls, successes, errors, error_rate, latency_ms, workflow_calls, failed_cases } = analytics;
  return (
    <section aria-labelledby="summary-title" className="mb-4">
      <h2 id="summary-title" className="visually-hidden">
        Summary
      </h2>
      <div className="row g-3">
        <SummaryCard id="summary-calls" title="Calls" value={formatCount(calls)}>
          {formatCount(successes)} successful · {formatCount(workflow_calls)} from workflows
        </SummaryCard>
        <SummaryCard id="summary-success" title="Success rate" value={formatPercent(successRate(calls, successes))}>
          {formatCount(successes)} of {formatCount(calls)} calls
        </SummaryCard>
        <SummaryCard id="summary-errors" title="Errors" value={formatCount(errors)}>
          {formatPercent(error_rate)} error rate (errors, timeouts and refusals)
          {failed_cases > 0 && (
            <>
              {' · '}
              <span className="text-danger-emphasis">
                {formatCount(failed_cases)} {failed_cases === 1 ? 'case' : 'cases'} failed at a step calling {analytics.per_tool ? 'a tool' : 'it'}
              </span>
            </>
          )}
        </SummaryCard>
        <SummaryCard
          id="summary-latency"
          title="Latency"
          value={
            <>
              {formatLatency(latency_ms.p50)} <span className="fs-6 fw-normal text-body-secondary">p50</span>
            </>
          }
        >
          <span className="text-nowrap">p95 {formatLatency(latency_ms.p95)}</span> · <span className="text-nowrap">p99 {formatLatency(latency_ms.p99)}</span>
        </SummaryCard>
      </div>
    </section>
  );
}
