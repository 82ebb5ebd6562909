import type { UseQueryResult } from '@tanstack/react-query';
import Placeholder from 'react-bootstrap/Placeholder';
import type { Insights } from '@admin-portal/contract/analytics/api';
import { InsightsList } from '../../../shared/analytics/insights-list.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';

interface Props {
  query: UseQueryResult<Insights>;
  mayOpen: (path: string) => boolean;
  subtitle: string;
  className?: string;
}

/** What to change: the ranked findings for the period, or why there are none. */
export function InsightsPanel({ query, mayOpen, subtitle, className }: Props) {
  const insights = query.data?.insights;
  return (
    <Panel id="insights-title" title="Insights" subtitle={subtitle} className={className}>
      {query.isError ? (
        <RetryAlert className="mb-0" onRetry={() => query.refetch()}>
          Insights could not be loaded: {query.error.message}
        </RetryAlert>
      ) : !insights ? (
        <Placeholder as="div" animation="glow" aria-hidden="true">
          <Placeholder xs={6} /> <Placeholder xs={10} /> <Placeholder xs={4} />
        </Placeholder>
      ) : insights.length === 0 ? (
        <p className="text-body-secondary mb-0">
          Nothing stands out in this period: no step loses unusually many applicants, no review breaches its SLA and no tool fails cases.
        </p>
      ) : (
        <InsightsList insights={insights} mayOpen={mayOpen} />
      )}
    </Panel>
  );
}
