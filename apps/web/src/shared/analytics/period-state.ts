import {
  ANALYTICS_BUCKETS,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MESSAGES,
  ANALYTICS_RANGES,
  defaultBucket,
  HOURLY_MAX_DAYS,
  isTimeZone,
  PRESET_DAYS,
  type AnalyticsBucket,
  type AnalyticsRange,
} from '@admin-portal/contract/analytics/period';
import type { AnalyticsQuery } from '@admin-portal/contract/analytics/api';

/**
 * The period an analytics page shows, kept in the URL (`?range=&from=&to=&bucket=`) beside the page's own filters,
 * so a reload, the back button or a shared link shows the same figures. Only what differs from the defaults is
 * written: the last 30 days, grouped as the server groups them by default. The rules are the contract's
 * (analyticsQuerySchema), checked here first so a bad link says what is wrong instead of asking the server.
 */

export interface PeriodState {
  range: AnalyticsRange;
  /** Custom only: the first and last day (yyyy-mm-dd, in the user's time zone); '' until chosen. */
  from: string;
  to: string;
  /** '' = the server's default for the period's length. */
  bucket: AnalyticsBucket | '';
}

export const DEFAULT_RANGE: AnalyticsRange = '30d';
export const DEFAULT_PERIOD: PeriodState = { range: DEFAULT_RANGE, from: '', to: '', bucket: '' };
export const PERIOD_PARAMS = ['range', 'from', 'to', 'bucket'] as const;

/** The preset buttons' labels (the contract's labels are for sentences: "Last 7 days"). */
export const RANGE_BUTTON_LABELS: Readonly<Record<AnalyticsRange, string>> = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  custom: 'Custom',
};
export const BUCKET_LABELS: Readonly<Record<AnalyticsBucket, string>> = { hour: 'Hour', day: 'Day', week: 'Week' };

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a text is a real calendar day as yyyy-mm-dd (2026-02-30 is not). */
export const isDay = (text: string): boolean => DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

const oneOf = <T extends string>(list: readonly T[], value: string | null): value is T => value !== null && (list as readonly string[]).includes(value);

export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** Today's date (yyyy-mm-dd) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The time zone whose days the figures count: the user's preference (Settings), else the browser's, else UTC. */
export function analyticsTimeZone(preferred: string | undefined, browser = (): string | undefined => Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  if (preferred && isTimeZone(preferred)) return preferred;
  const own = browser();
  return own && isTimeZone(own) ? own : 'UTC';
}

/** How many days the period covers; null while a custom period lacks a valid pair of days. */
export function periodDays(state: PeriodState): number | null {
  if (state.range !== 'custom') return PRESET_DAYS[state.range];
  if (!isDay(state.from) || !isDay(state.to)) return null;
  const days = daysBetween(state.from, state.to);
  return days >= 1 ? days : null;
}

/** Hourly buckets only for periods of up to 14 days. */
export const hourAllowed = (state: PeriodState): boolean => {
  const days = periodDays(state);
  return days !== null && days <= HOURLY_MAX_DAYS;
};

/** The bucket the figures come in: the chosen one, else the server's default for the period. */
export function effectiveBucket(state: PeriodState): AnalyticsBucket {
  if (state.bucket) return state.bucket;
  return defaultBucket(state.range, periodDays(state) ?? 30);
}

/** The period in `params`; `defaultRange` when none is named (a page may default to another preset). */
export function parsePeriod(params: URLSearchParams, defaultRange: AnalyticsRange = DEFAULT_RANGE): PeriodState {
  const rangeText = params.get('range');
  const range = oneOf(ANALYTICS_RANGES, rangeText) ? rangeText : defaultRange;
  const bucketText = params.get('bucket');
  const day = (key: 'from' | 'to') => {
    const v = params.get(key) ?? '';
    return range === 'custom' && isDay(v) ? v : '';
  };
  const state: PeriodState = { range, from: day('from'), to: day('to'), bucket: oneOf(ANALYTICS_BUCKETS, bucketText) ? bucketText : '' };
  // An hourly bucket a longer period cannot have reads as the default (a link edited by hand, or a stale one).
  if (state.bucket === 'hour' && periodDays(state) !== null && !hourAllowed(state)) state.bucket = '';
  return state;
}

/** Writes the period into `params` (its other filters stay), leaving out what is the default. */
export function writePeriod(params: URLSearchParams, state: PeriodState, defaultRange: AnalyticsRange = DEFAULT_RANGE): URLSearchParams {
  for (const key of PERIOD_PARAMS) params.delete(key);
  if (state.range !== defaultRange) params.set('range', state.range);
  if (state.range === 'custom') {
    if (state.from) params.set('from', state.from);
    if (state.to) params.set('to', state.to);
  }
  if (state.bucket) params.set('bucket', state.bucket);
  return params;
}

/** What is wrong with the period, in the contract's words; null when the server would take it. */
export function periodProblem(state: PeriodState, today: string): string | null {
  if (state.range !== 'custom') return null;
  if (!state.from || !state.to) return ANALYTICS_MESSAGES.customNeedsDates;
  const days = daysBetween(state.from, state.to);
  if (days < 1) return ANALYTICS_MESSAGES.endBeforeStart;
  if (days > ANALYTICS_MAX_DAYS) return ANALYTICS_MESSAGES.tooLong;
  if (state.from > today) return ANALYTICS_MESSAGES.inFuture;
  if (state.bucket === 'hour' && days > HOURLY_MAX_DAYS) return ANALYTICS_MESSAGES.hourlyTooLong;
  return null;
}

/** Another preset; Custom starts from the days the current period covers, so the dates are never empty. */
export function choosePreset(state: PeriodState, range: AnalyticsRange, today: string): PeriodState {
  if (range === state.range) return state;
  let next: PeriodState;
  if (range === 'custom') {
    const days = periodDays(state) ?? PRESET_DAYS['30d'];
    next = { range, from: addDays(today, -(days - 1)), to: today, bucket: state.bucket };
  } else {
    next = { range, from: '', to: '', bucket: state.bucket };
  }
  if (next.bucket === 'hour' && !hourAllowed(next)) next.bucket = '';
  return next;
}

/** A custom period's first or last day (the end moves along when the start passes it, and back). */
export function chooseDay(state: PeriodState, which: 'from' | 'to', day: string): PeriodState {
  const next: PeriodState = { ...state, range: 'custom', [which]: day };
  if (isDay(next.from) && isDay(next.to) && next.from > next.to) {
    if (which === 'from') next.to = next.from;
    else next.from = next.to;
  }
  if (next.bucket === 'hour' && periodDays(next) !== null && !hourAllowed(next)) next.bucket = '';
  return next;
}

/** Another bucket; the period's default is written as none, so it follows the period when that changes. */
export function chooseBucket(state: PeriodState, bucket: AnalyticsBucket): PeriodState {
  const fallback = defaultBucket(state.range, periodDays(state) ?? 30);
  return { ...state, bucket: bucket === fallback ? '' : bucket };
}

/** The query string of an analytics call for this period in `tz` (the page adds its filters). */
export function periodQuery(state: PeriodState, tz: string): AnalyticsQuery {
  const query: AnalyticsQuery = { range: state.range, tz };
  if (state.range === 'custom') {
    query.from = state.from;
    query.to = state.to;
  }
  if (state.bucket) query.bucket = state.bucket;
  return query;
}

/** "the last 30 days", "today", "Nov 3 – Nov 9, 2026": the period in a sentence. */
export function periodPhrase(state: PeriodState, formatDay: (day: string) => string = (d) => d): string {
  if (state.range === 'today') return 'today';
  if (state.range !== 'custom') return `the last ${PRESET_DAYS[state.range]} days`;
  if (!state.from || !state.to) return 'the chosen days';
  return state.from === state.to ? formatDay(state.from) : `${formatDay(state.from)} – ${formatDay(state.to)}`;
}

/** "over the last 30 days", but "today": the period after a verb. */
export const overPeriod = (phrase: string): string => (phrase === 'today' ? 'today' : `over ${phrase}`);
/** "in the last 30 days", but "today". */
export const inPeriod = (phrase: string): string => (phrase === 'today' ? 'today' : `in ${phrase}`);
