import type { ToolAnalytics } from '@admin-portal/contract/tools/api';
import { formatCount, formatLatency, formatPercent } from './activity-format.ts';

/** The analytics' time series as the charts draw it: every bucket of the window, the empty ones too. */

export interface Bucket {
  /** The bucket's start (epoch ms). */
  at: number;
  calls: number;
  errors: number;
  p50: number | null;
  p95: number | null;
}

export type BucketSize = ToolAnalytics['bucket'];

const HOUR_MS = 3_600_000;
export const BUCKET_MS: Readonly<Record<BucketSize, number>> = { hour: HOUR_MS, day: 24 * HOUR_MS };
/** More than the longest window (90 days) ever needs; a guard against a malformed answer. */
const MAX_BUCKETS = 400;

/**
 * The server lists only buckets that had calls. This lays out every bucket from the one holding `from` up to `to`,
 * aligned on the server's own buckets (its day may start at midnight of another zone than UTC), and places each
 * listed bucket in the nearest slot.
 */
export function fillBuckets(points: ToolAnalytics['over_time'], from: string, to: string, size: BucketSize): Bucket[] {
  const step = BUCKET_MS[size];
  const start = Date.parse(from);
  const end = Date.parse(to);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return [];
  const anchor = points.length > 0 ? Date.parse(points[0]!.at) : Math.floor(start / step) * step;
  let first = anchor - Math.floor((anchor - start) / step) * step;
  if (first > start) first -= step;
  const buckets: Bucket[] = [];
  for (let at = first; at < end && buckets.length < MAX_BUCKETS; at += step) buckets.push({ at, calls: 0, errors: 0, p50: null, p95: null });
  for (const point of points) {
    const index = Math.round((Date.parse(point.at) - first) / step);
    const bucket = buckets[index];
    if (!bucket) continue;
    bucket.calls += point.calls;
    bucket.errors += point.errors;
    bucket.p50 = maxOf(bucket.p50, point.p50);
    bucket.p95 = maxOf(bucket.p95, point.p95);
  }
  return buckets;
}

const maxOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * Where a bucket's label is taken: an hour at its start; a day at its middle, so a day the server cut at midnight
 * UTC still reads as that date in any zone within twelve hours of it.
 */
export const labelTime = (bucket: Pick<Bucket, 'at'>, size: BucketSize): Date => new Date(size === 'day' ? bucket.at + BUCKET_MS.day / 2 : bucket.at);

export const WINDOW_PHRASES: Readonly<Record<number, string>> = {
  1: 'the last 24 hours',
  7: 'the last 7 days',
  30: 'the last 30 days',
  90: 'the last 90 days',
};
export const windowPhrase = (days: number): string => WINDOW_PHRASES[days] ?? `the last ${days} days`;

/** The calls chart's text alternative: totals, and the busiest bucket. */
export function describeCalls(buckets: readonly Bucket[], size: BucketSize, days: number, label: (at: Date) => string): string {
  const calls = buckets.reduce((n, b) => n + b.calls, 0);
  const errors = buckets.reduce((n, b) => n + b.errors, 0);
  const per = size === 'hour' ? 'hour' : 'day';
  if (calls === 0) return `Calls per ${per} over ${windowPhrase(days)}: no calls.`;
  const busiest = buckets.reduce((best, b) => (b.calls > best.calls ? b : best), buckets[0]!);
  return (
    `Calls per ${per} over ${windowPhrase(days)}: ${formatCount(calls)} call${calls === 1 ? '' : 's'}, ` +
    `${formatCount(errors)} error${errors === 1 ? '' : 's'} (${formatPercent(errors / calls)}). ` +
    `Busiest ${per}: ${label(labelTime(busiest, size))} with ${formatCount(busiest.calls)} call${busiest.calls === 1 ? '' : 's'}.`
  );
}

/** The latency chart's text alternative: the range of the median and the highest p95. */
export function describeLatency(buckets: readonly Bucket[], size: BucketSize, days: number, label: (at: Date) => string): string {
  const per = size === 'hour' ? 'hour' : 'day';
  const p50s = buckets.flatMap((b) => (b.p50 === null ? [] : [b.p50]));
  const withP95 = buckets.filter((b) => b.p95 !== null);
  if (p50s.length === 0 || withP95.length === 0) return `Latency per ${per} over ${windowPhrase(days)}: no calls.`;
  const low = Math.min(...p50s);
  const high = Math.max(...p50s);
  const peak = withP95.reduce((best, b) => (b.p95! > best.p95! ? b : best), withP95[0]!);
  const median = low === high ? `median ${formatLatency(low)}` : `median between ${formatLatency(low)} and ${formatLatency(high)}`;
  return `Latency per ${per} over ${windowPhrase(days)}: ${median}; highest p95 ${formatLatency(peak.p95)} (${label(labelTime(peak, size))}).`;
}
