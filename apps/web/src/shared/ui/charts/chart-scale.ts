/**
 * The numbers behind the product's SVG charts (ADR 0048): a value axis from zero with round steps, and which
 * category labels fit side by side. Pure functions, so the drawing code stays small and these are tested alone.
 */

export interface ValueAxis {
  /** The tick values, from 0 up to `max`, evenly spaced. */
  ticks: number[];
  /** The value at the far end of the axis (the last tick). */
  max: number;
}

/** The round step (1, 2, 2.5 or 5 times a power of ten) nearest above `rough`. */
function niceStep(rough: number, integer: boolean): number {
  if (!(rough > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  const step = nice * power;
  // Counts step by whole numbers (2.5 → 3 would be uneven, so it becomes 5).
  if (integer) return step < 1 ? 1 : Number.isInteger(step) ? step : Math.ceil(step / 5) * 5 || 1;
  return step;
}

/**
 * An axis from 0 that holds `highest` with at most `maxTicks` ticks (zero included) on round steps. Nothing to show
 * (0, negative, not a number) gives 0 and 1, so an empty chart still has an axis.
 */
export function valueAxis(highest: number, maxTicks: number, integer: boolean): ValueAxis {
  const top = Number.isFinite(highest) && highest > 0 ? highest : 0;
  if (top === 0) return { ticks: [0, 1], max: 1 };
  const intervals = Math.max(1, maxTicks - 1);
  let step = niceStep(top / intervals, integer);
  // Rounding the step up may still need one interval too many: take the next round step then.
  while (Math.ceil(top / step - 1e-9) > intervals) step = niceStep(step * 1.0001, integer);
  const count = Math.max(1, Math.ceil(top / step - 1e-9));
  const ticks = Array.from({ length: count + 1 }, (_, i) => Number((i * step).toPrecision(12)));
  return { ticks, max: ticks[ticks.length - 1]! };
}

/**
 * Every how many categories a label is written so that none overlaps the next: 1 when each label fits its band,
 * 2 when every other one does, and so on.
 */
export function labelEvery(band: number, widestLabel: number, gap = 8): number {
  if (!(band > 0)) return 1;
  return Math.max(1, Math.ceil((widestLabel + gap) / band));
}

/** The category under a point `offset` px along an axis of `count` bands of `band` px, clamped to the ends. */
export function bandAt(offset: number, band: number, count: number): number {
  if (count <= 0 || !(band > 0)) return 0;
  return Math.min(count - 1, Math.max(0, Math.floor(offset / band)));
}
