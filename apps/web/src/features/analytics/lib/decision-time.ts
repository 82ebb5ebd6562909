import type { ApplicationsAnalytics } from '@admin-portal/contract/analytics/api';
import { formatCount, formatPercent, plural } from '../../../shared/lib/figures-format.ts';

export type DecisionBand = ApplicationsAnalytics['decision_time'][number];

/** The distribution in a sentence: how many were decided, and the band most fell in. */
export function describeDecisionTime(bands: readonly DecisionBand[]): string {
  const total = bands.reduce((n, b) => n + b.count, 0);
  if (total === 0) return 'Time to decision: no application was approved or rejected in this period.';
  const top = bands.reduce((best, b) => (b.count > best.count ? b : best), bands[0]!);
  return `Time to decision of ${plural(total, 'decided application')}: most (${formatCount(top.count)}, ${formatPercent(top.count / total)}) took ${top.label.toLowerCase()}.`;
}
