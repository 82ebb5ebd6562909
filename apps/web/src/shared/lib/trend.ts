/**
 * A figure compared with the previous period: which way it moved, by how much, and whether that is good news.
 * Counts and durations change by a share of the previous value ("up 12%"); shares (approval rate) change by
 * percentage points ("up 5 points"), since "a rate up 7%" reads as anything.
 */

export type TrendKind = 'count' | 'duration' | 'rate';
export type TrendDirection = 'up' | 'down' | 'same' | 'unknown';
export type TrendTone = 'good' | 'bad' | 'neutral';

export interface Trend {
  direction: TrendDirection;
  /** For counts and durations, the change as a share of the previous value (0.12); for rates, in points (0.05). Null from nothing. */
  change: number | null;
  tone: TrendTone;
}

/** Below this a change reads as none (half a percent, or half a point). */
const SAME = 0.005;

/**
 * `upIsGood`: true when more is better (completed), false when less is (failure rate, time to decision), null when
 * neither (open cases).
 */
export function compareWithPrevious(current: number | null, previous: number | null, kind: TrendKind, upIsGood: boolean | null): Trend {
  if (current === null || previous === null || !Number.isFinite(current) || !Number.isFinite(previous))
    return { direction: 'unknown', change: null, tone: 'neutral' };
  let direction: TrendDirection;
  let change: number | null;
  if (kind === 'rate') {
    change = current - previous;
    direction = Math.abs(change) < SAME ? 'same' : change > 0 ? 'up' : 'down';
  } else if (previous === 0) {
    change = null;
    direction = current === 0 ? 'same' : current > 0 ? 'up' : 'down';
  } else {
    change = (current - previous) / Math.abs(previous);
    direction = Math.abs(change) < SAME ? 'same' : change > 0 ? 'up' : 'down';
  }
  const tone: TrendTone = direction === 'same' || upIsGood === null ? 'neutral' : (direction === 'up') === upIsGood ? 'good' : 'bad';
  return { direction, change, tone };
}

const wholeOrOne = (n: number) => {
  const rounded = n >= 10 ? Math.round(n) : Math.round(n * 10) / 10;
  return String(rounded);
};

/** The size of the change, short: "12%", "5 pts", "" (from zero, or no change). */
export function changeText(trend: Trend, kind: TrendKind): string {
  if (trend.change === null || trend.direction === 'same' || trend.direction === 'unknown') return '';
  const size = Math.abs(trend.change) * 100;
  return kind === 'rate' ? `${wholeOrOne(size)} ${size === 1 ? 'pt' : 'pts'}` : `${wholeOrOne(size)}%`;
}

/**
 * The comparison in words, for screen readers and tooltips: "up 12% from 40 in the previous period",
 * "down 5 points from 80% in the previous period", "up from 0 in the previous period", "no change from 40 in the
 * previous period", "no figure for the previous period". `previousText` is the previous value as shown.
 */
export function trendSentence(trend: Trend, kind: TrendKind, previousText: string): string {
  if (trend.direction === 'unknown') return 'no figure for the previous period';
  if (trend.direction === 'same') return `no change from ${previousText} in the previous period`;
  const size =
    trend.change === null
      ? ''
      : kind === 'rate'
        ? ` ${wholeOrOne(Math.abs(trend.change) * 100)} ${Math.abs(trend.change) * 100 === 1 ? 'point' : 'points'}`
        : ` ${changeText(trend, kind)}`;
  return `${trend.direction}${size} from ${previousText} in the previous period`;
}
