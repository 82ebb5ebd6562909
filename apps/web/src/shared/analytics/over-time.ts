import { APPLICATION_FLOW_LABELS, type AnalyticsBucket, type ApplicationFlow } from '@admin-portal/contract/analytics/period';
import type { OverTimePoint, Period } from '@admin-portal/contract/analytics/api';
import { zonedFormat } from '../lib/date-formats.ts';
import type { CsvColumn } from '../ui/data-table/csv.ts';
import { formatCount, plural } from '../lib/figures-format.ts';
import { overPeriod } from './period-state.ts';

/** The applications-over-time series as the charts draw them: labels per bucket in the period's time zone, and words. */

export interface BucketLabels {
  /** On the axis: "14:00", "Nov 22". */
  short: string[];
  /** In tooltips and the data table: "Nov 22, 14:00", "Sun, Nov 22, 2026", "Week of Nov 22, 2026". */
  long: string[];
}

export function bucketLabels(points: readonly Pick<OverTimePoint, 'at'>[], period: Pick<Period, 'bucket' | 'tz' | 'days'>, hour12 = false): BucketLabels {
  const tz = period.tz;
  const day = zonedFormat({ month: 'short', day: 'numeric' }, tz);
  const time = zonedFormat({ hour: 'numeric', minute: '2-digit', hour12 }, tz);
  const dayTime = zonedFormat({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12 }, tz);
  const longDay = zonedFormat({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }, tz);
  const weekDay = zonedFormat({ month: 'short', day: 'numeric', year: 'numeric' }, tz);
  const at = points.map((p) => new Date(p.at));
  switch (period.bucket) {
    case 'hour':
      return { short: at.map((d) => (period.days > 1 ? dayTime : time).format(d)), long: at.map((d) => dayTime.format(d)) };
    case 'day':
      return { short: at.map((d) => day.format(d)), long: at.map((d) => longDay.format(d)) };
    case 'week':
      return { short: at.map((d) => day.format(d)), long: at.map((d) => `Week of ${weekDay.format(d)}`) };
  }
}

/** The series drawn: started and the outcomes, cancelled only when a filter asks for it. */
export function chartedFlows(status: ApplicationFlow | null): ApplicationFlow[] {
  const flows: ApplicationFlow[] = ['started', 'completed', 'approved', 'rejected', 'failed'];
  return status === 'cancelled' ? [...flows, 'cancelled'] : flows;
}

const PER: Readonly<Record<AnalyticsBucket, string>> = { hour: 'hour', day: 'day', week: 'week' };

const sum = (points: readonly OverTimePoint[], flow: ApplicationFlow) => points.reduce((n, p) => n + p[flow], 0);

/**
 * The chart in a sentence: totals of each series, and the busiest bucket of the one that matters (the filtered
 * status, else started). `phrase` says the period ("the last 30 days").
 */
export function describeFlows(
  points: readonly OverTimePoint[],
  bucket: AnalyticsBucket,
  phrase: string,
  longLabels: readonly string[],
  status: ApplicationFlow | null,
): string {
  const lead: ApplicationFlow = status ?? 'started';
  const total = sum(points, lead);
  const during = overPeriod(phrase);
  const head = status
    ? `Applications ${APPLICATION_FLOW_LABELS[status].toLowerCase()} per ${PER[bucket]} ${during}`
    : `Applications per ${PER[bucket]} ${during}`;
  if (points.every((p) => chartedFlows(status).every((f) => p[f] === 0))) return `${head}: none.`;
  const totals = status
    ? plural(total, 'application')
    : `${formatCount(sum(points, 'started'))} started, ${formatCount(sum(points, 'completed'))} completed (${formatCount(sum(points, 'approved'))} approved, ${formatCount(sum(points, 'rejected'))} rejected), ${formatCount(sum(points, 'failed'))} failed`;
  if (total === 0) return `${head}: ${totals}.`;
  let busiest = 0;
  points.forEach((p, i) => {
    if (p[lead] > points[busiest]![lead]) busiest = i;
  });
  return `${head}: ${totals}. Busiest ${PER[bucket]}: ${longLabels[busiest] ?? ''} with ${formatCount(points[busiest]![lead])} ${APPLICATION_FLOW_LABELS[lead].toLowerCase()}.`;
}

/** The series as CSV columns: the bucket's start (an instant) and its label, then every count. */
export function overTimeCsvColumns(labels: readonly string[], points: readonly OverTimePoint[]): CsvColumn<OverTimePoint>[] {
  const index = new Map(points.map((p, i) => [p, i]));
  return [
    { header: 'Bucket start', csv: (p) => p.at },
    { header: 'Bucket', csv: (p) => labels[index.get(p) ?? -1] ?? '' },
    ...(['started', 'completed', 'approved', 'rejected', 'failed', 'cancelled'] as const).map((flow) => ({
      header: APPLICATION_FLOW_LABELS[flow],
      csv: (p: OverTimePoint) => p[flow],
    })),
  ];
}
