import type { ApplicationTotals } from '@admin-portal/contract/analytics/api';
import { formatCount, formatDuration, formatPercent } from '../lib/figures-format.ts';
import type { TrendInput } from '../ui/trend-badge.tsx';

/** One headline card: what it counts, its value as shown, its change from the previous period, and a line of context. */
export interface HeadlineFigure {
  id: string;
  title: string;
  value: string;
  /** Null without a previous period to compare with. */
  trend: TrendInput | null;
  note: string | null;
}

const count = (current: number, previous: number, upIsGood: boolean): TrendInput => ({ current, previous, kind: 'count', upIsGood, format: formatCount });
const rate = (current: number | null, previous: number | null, upIsGood: boolean): TrendInput => ({
  current,
  previous,
  kind: 'rate',
  upIsGood,
  format: formatPercent,
});
const duration = (current: number | null, previous: number | null): TrendInput => ({
  current,
  previous,
  kind: 'duration',
  upIsGood: false,
  format: formatDuration,
});

/**
 * The headline figures of a period beside the previous one: started, completed, approval rate, failure rate, and the
 * median and p90 time to a decision (shorter is better); without a previous period, no comparison. `idPrefix` keeps
 * ids unique on a page.
 */
export function headlineFigures(t: ApplicationTotals, previous: ApplicationTotals | null, idPrefix = 'headline'): HeadlineFigure[] {
  const p = previous ?? t;
  const compare = <T>(trend: T): T | null => (previous ? trend : null);
  const decided = t.approved + t.rejected;
  const ended = t.completed + t.failed + t.cancelled;
  return [
    { id: `${idPrefix}-started`, title: 'Started', value: formatCount(t.started), trend: compare(count(t.started, p.started, true)), note: null },
    {
      id: `${idPrefix}-completed`,
      title: 'Completed',
      value: formatCount(t.completed),
      trend: compare(count(t.completed, p.completed, true)),
      note: `${formatCount(t.approved)} approved · ${formatCount(t.rejected)} rejected`,
    },
    {
      id: `${idPrefix}-approval`,
      title: 'Approval rate',
      value: formatPercent(t.approval_rate),
      trend: compare(rate(t.approval_rate, p.approval_rate, true)),
      note: `of ${formatCount(decided)} decided`,
    },
    {
      id: `${idPrefix}-failure`,
      title: 'Failure rate',
      value: formatPercent(t.failure_rate),
      trend: compare(rate(t.failure_rate, p.failure_rate, false)),
      note: `${formatCount(t.failed)} failed of ${formatCount(ended)} ended`,
    },
    {
      id: `${idPrefix}-decision-p50`,
      title: 'Time to decision (median)',
      value: formatDuration(t.decision_p50_ms),
      trend: compare(duration(t.decision_p50_ms, p.decision_p50_ms)),
      note: null,
    },
    {
      id: `${idPrefix}-decision-p90`,
      title: 'Time to decision (p90)',
      value: formatDuration(t.decision_p90_ms),
      trend: compare(duration(t.decision_p90_ms, p.decision_p90_ms)),
      note: t.decision_p90_ms === null ? null : '9 in 10 decided within this',
    },
  ];
}
