import {
  ANALYTICS_MESSAGES,
  defaultBucket,
  PRESET_DAYS,
  type AnalyticsBucket,
  type AnalyticsQuery,
  type AnalyticsRange,
  type Period,
} from '@admin-portal/contract/analytics/api';
import { invalidField } from '../../http/errors.ts';
import type { Span } from './analytics.queries.ts';

/**
 * The instants an analytics call covers: presets end now and start at midnight (in the caller's time zone) of the
 * first of their days, today included; a custom period runs from the midnight of its first day to the midnight after
 * its last. The previous period is as long and ends where the same span of days before ends (for a preset, the same
 * time of day), so "today until 10:00" compares with "yesterday until 10:00".
 */
export interface ResolvedPeriod {
  range: AnalyticsRange;
  from: Date;
  to: Date;
  bucket: AnalyticsBucket;
  tz: string;
  days: number;
  previousFrom: Date;
  previousTo: Date;
}

/** A call's organization scope and its period, resolved once and handed to every figure of the answer. */
export interface Scoped {
  scope: string | null;
  period: ResolvedPeriod;
  span: Span;
  /** The period as the analytics pages' addresses carry it (`range=…`, with `from`, `to`, `bucket` when asked for). */
  periodParams: URLSearchParams;
}

const DAY_MS = 86_400_000;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const partsFormat = (tz: string) => {
  let f = dayFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    dayFormats.set(tz, f);
  }
  return f;
};

/** The wall-clock time in `tz` at `instant`, as if it were UTC (for offset arithmetic). */
function wallClock(instant: number, tz: string): number {
  const parts = Object.fromEntries(
    partsFormat(tz)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** The local day (yyyy-mm-dd) in `tz` at `instant`. */
export function localDay(instant: Date, tz: string): string {
  return new Date(wallClock(instant.getTime(), tz)).toISOString().slice(0, 10);
}

/** Midnight at the start of a local day in `tz`, as an instant (the first instant of that day, across DST changes). */
export function zonedMidnight(dayText: string, tz: string): Date {
  const wall = Date.parse(`${dayText}T00:00:00Z`);
  // The offset at the guess, then again at the corrected instant (they differ when a DST change lies between).
  let instant = wall - (wallClock(wall, tz) - wall);
  instant = wall - (wallClock(instant, tz) - instant);
  // A day that starts inside a DST gap begins at the first existing instant after midnight.
  if (localDay(new Date(instant), tz) < dayText) instant += 3_600_000;
  return new Date(instant);
}

export const addDays = (dayText: string, n: number): string => new Date(Date.parse(`${dayText}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export function resolvePeriod(q: Pick<AnalyticsQuery, 'range' | 'from' | 'to' | 'bucket' | 'tz'>, now = new Date()): ResolvedPeriod {
  const tz = q.tz;
  if (q.range === 'custom') {
    const first = q.from!;
    const last = q.to!;
    const days = Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS) + 1;
    const from = zonedMidnight(first, tz);
    if (from.getTime() > now.getTime()) throw invalidField('from', ANALYTICS_MESSAGES.inFuture);
    const to = zonedMidnight(addDays(last, 1), tz);
    return {
      range: 'custom',
      from,
      to,
      bucket: q.bucket ?? defaultBucket('custom', days),
      tz,
      days,
      previousFrom: zonedMidnight(addDays(first, -days), tz),
      previousTo: from,
    };
  }
  const days = PRESET_DAYS[q.range];
  const today = localDay(now, tz);
  const firstDay = addDays(today, -(days - 1));
  const from = zonedMidnight(firstDay, tz);
  const previousFrom = zonedMidnight(addDays(firstDay, -days), tz);
  return {
    range: q.range,
    from,
    to: now,
    bucket: q.bucket ?? defaultBucket(q.range, days),
    tz,
    days,
    previousFrom,
    previousTo: new Date(previousFrom.getTime() + (now.getTime() - from.getTime())),
  };
}

export function presentPeriod(p: ResolvedPeriod, asOf: Date | null): Period {
  return {
    range: p.range,
    from: p.from.toISOString(),
    to: p.to.toISOString(),
    bucket: p.bucket,
    tz: p.tz,
    days: p.days,
    previous_from: p.previousFrom.toISOString(),
    previous_to: p.previousTo.toISOString(),
    as_of: asOf ? asOf.toISOString() : null,
  };
}
