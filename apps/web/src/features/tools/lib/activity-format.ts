import { dateSettings, zonedFormat, type DatePreferences } from '../../../shared/lib/date-formats.ts';

/** How tool activity reads: latencies, rates, counts and dates (in the user's time zone and clock). */

/** 1234 → "1,234" (the analytics pages' own). */
export { formatCount } from '../../../shared/lib/figures-format.ts';

/** Milliseconds as a person reads them: "0.4 ms", "85 ms", "1.25 s", "12.3 s", "2.5 min"; null → "—". */
export function formatLatency(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 10) return `${trim(ms.toFixed(1))} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 10_000) return `${trim((ms / 1000).toFixed(2))} s`;
  if (ms < 60_000) return `${trim((ms / 1000).toFixed(1))} s`;
  return `${trim((ms / 60_000).toFixed(1))} min`;
}

/** "1.50" → "1.5", "2.0" → "2". */
function trim(fixed: string): string {
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/**
 * A rate between 0 and 1 as a percentage with at most one decimal: 0 → "0%", 0.125 → "12.5%". A rate that is not
 * quite 0 or 100% never rounds to them ("<0.1%", ">99.9%"): one failure in ten thousand is not none.
 */
export function formatPercent(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '—';
  const pct = Math.min(1, Math.max(0, rate)) * 100;
  if (pct > 0 && pct < 0.1) return '<0.1%';
  if (pct < 100 && pct > 99.9) return '>99.9%';
  return `${trim(pct.toFixed(1))}%`;
}

/** Successes over calls; null when there were no calls. */
export const successRate = (calls: number, successes: number): number | null => (calls === 0 ? null : successes / calls);

export interface ActivityDateFormats {
  /** "Nov 22, 2026, 18:29" */
  dateTime: Intl.DateTimeFormat;
  /** Full date and time with seconds and zone, for tooltips and details. */
  full: Intl.DateTimeFormat;
  /** "Nov 22" (day buckets). */
  day: Intl.DateTimeFormat;
  /** "18:00" / "6 PM" (hour buckets). */
  hour: Intl.DateTimeFormat;
  /** "Nov 22, 18:00" (an hour bucket in tooltips). */
  dayHour: Intl.DateTimeFormat;
}

/** Dates in the user's chosen time zone and clock (Settings), else the browser's. */
export function activityDateFormats(prefs: DatePreferences | undefined): ActivityDateFormats {
  const { timeZone: tz, hour12 } = dateSettings(prefs);
  return {
    dateTime: zonedFormat({ dateStyle: 'medium', timeStyle: 'short', hour12 }, tz),
    full: zonedFormat({ dateStyle: 'full', timeStyle: 'long', hour12 }, tz),
    day: zonedFormat({ month: 'short', day: 'numeric' }, tz),
    hour: zonedFormat({ hour: 'numeric', minute: '2-digit', hour12 }, tz),
    dayHour: zonedFormat({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12 }, tz),
  };
}
