/**
 * The period of the analytics calls (api.ts): its presets, buckets, filters, limits and messages, without zod, so the
 * web app's pages can use them without downloading the schemas.
 */

export const ANALYTICS_RANGES = ['today', '7d', '30d', '90d', 'custom'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const ANALYTICS_RANGE_LABELS: Readonly<Record<AnalyticsRange, string>> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  custom: 'Custom',
};
export const ANALYTICS_BUCKETS = ['hour', 'day', 'week'] as const;
export type AnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];

/** What happened to applications in a period: the figures a status filter picks. */
export const APPLICATION_FLOWS = ['started', 'completed', 'approved', 'rejected', 'failed', 'cancelled'] as const;
export type ApplicationFlow = (typeof APPLICATION_FLOWS)[number];
export const APPLICATION_FLOW_LABELS: Readonly<Record<ApplicationFlow, string>> = {
  started: 'Started',
  completed: 'Completed',
  approved: 'Approved',
  rejected: 'Rejected',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Longest custom period, in days. */
export const ANALYTICS_MAX_DAYS = 366;
/** Hourly buckets only for periods up to this many days (at most 336 points). */
export const HOURLY_MAX_DAYS = 14;

export const ANALYTICS_MESSAGES = {
  customNeedsDates: 'A custom period needs both a start and an end day',
  datesOnlyForCustom: 'Start and end days are for a custom period only',
  endBeforeStart: 'The end day must be on or after the start day',
  tooLong: `A period may be at most ${ANALYTICS_MAX_DAYS} days`,
  hourlyTooLong: `Hourly buckets are for periods of up to ${HOURLY_MAX_DAYS} days; choose day or week`,
  unknownTimeZone: 'Unknown time zone',
  inFuture: 'The period cannot start in the future',
  notADay: 'Use a real day as yyyy-mm-dd, from 1970-01-01',
} as const;

/**
 * A time zone the server can bucket by: a name (or alias) the JavaScript runtime knows. Not an offset ("+05:30"):
 * JavaScript takes one as that offset east of UTC, PostgreSQL as POSIX does, the other way round, so the two would
 * put days and hours in different places.
 */
export const isTimeZone = (tz: string): boolean => {
  if (!/^[A-Za-z]/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const DAY_MS = 86_400_000;
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The bucket a period gets when none is asked for. */
export function defaultBucket(range: AnalyticsRange, days: number): AnalyticsBucket {
  if (range === 'today' || days <= 2) return 'hour';
  return days > 60 ? 'week' : 'day';
}

/** The length of a preset in days (today counts as one). */
export const PRESET_DAYS: Readonly<Record<Exclude<AnalyticsRange, 'custom'>, number>> = { today: 1, '7d': 7, '30d': 30, '90d': 90 };
