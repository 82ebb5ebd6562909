/** How analytics figures read: counts, shares and durations (from milliseconds to days). */

/**
 * Made on the first count formatted, not as the module loads: a page's first number formatter loads the browser's
 * number data (~18 ms on the bench machine, before the dashboard's heading when it was made here at load).
 */
let counts: Intl.NumberFormat | null = null;
const countFormat = (): Intl.NumberFormat => (counts ??= new Intl.NumberFormat('en-US'));

/** 1234 → "1,234"; null → "—". */
export const formatCount = (n: number | null | undefined): string => (n === null || n === undefined || !Number.isFinite(n) ? '—' : countFormat().format(n));

/** "1.50" → "1.5", "2.0" → "2". */
const trim = (fixed: string): string => (fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed);

/**
 * A share between 0 and 1 as a percentage with at most one decimal: 0.125 → "12.5%"; null → "—". A share that is
 * not quite 0 or 100% never rounds to them ("<0.1%", ">99.9%"): one failure in ten thousand is not none.
 */
export function formatPercent(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '—';
  const pct = Math.min(1, Math.max(0, rate)) * 100;
  if (pct > 0 && pct < 0.1) return '<0.1%';
  if (pct < 100 && pct > 99.9) return '>99.9%';
  return `${trim(pct.toFixed(1))}%`;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A duration as a person reads it, in the largest unit that keeps it short: "850 ms", "12.5 s", "14 min", "5.2 h",
 * "3.1 d"; null → "—". Times in steps run from a tool's milliseconds to a review's days.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < SECOND) return `${Math.round(ms)} ms`;
  if (ms < MINUTE) return `${trim((ms / SECOND).toFixed(1))} s`;
  if (ms < HOUR) return ms < 10 * MINUTE ? `${trim((ms / MINUTE).toFixed(1))} min` : `${Math.round(ms / MINUTE)} min`;
  if (ms < 2 * DAY) return `${trim((ms / HOUR).toFixed(1))} h`;
  return `${trim((ms / DAY).toFixed(1))} d`;
}

/** "1 application", "2 applications". */
export const plural = (n: number, one: string, many = `${one}s`): string => `${formatCount(n)} ${n === 1 ? one : many}`;
