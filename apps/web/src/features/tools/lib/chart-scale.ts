/** The arithmetic of the analytics charts (inline SVG): nice axis ticks, scales, line paths and which labels fit. */

/** The smallest 1, 2 or 5 × 10ⁿ at least `raw` (a step people read at a glance). */
export function niceStep(raw: number): number {
  if (!Number.isFinite(raw) || raw <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * Ticks from 0 up to a round number at or above `max`, about `count` steps apart: 0, 5, 10, 15 for 13. Counts
 * (`integer`) never get a fractional step. An empty axis (max 0) still gets 0 and 1, so a flat chart has a scale.
 */
export function niceTicks(max: number, { count = 4, integer = false }: { count?: number; integer?: boolean } = {}): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  let step = niceStep(max / Math.max(1, count));
  if (integer) step = Math.max(1, Math.ceil(step));
  const top = Math.ceil(max / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let i = 0; i * step <= top + step / 1e6; i += 1) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

/** A linear map from [0, domainMax] onto [rangeStart, rangeEnd] (an SVG y axis runs from the bottom up: start > end). */
export function linearScale(domainMax: number, rangeStart: number, rangeEnd: number): (value: number) => number {
  const span = domainMax > 0 ? domainMax : 1;
  return (value) => rangeStart + (Math.min(Math.max(value, 0), span) / span) * (rangeEnd - rangeStart);
}

/**
 * An SVG path through the points, broken where a value is missing (a bucket without calls has no latency), so the
 * line never pretends to know what happened in between.
 */
export function linePath(values: readonly (number | null)[], x: (index: number) => number, y: (value: number) => number): string {
  const parts: string[] = [];
  let drawing = false;
  values.forEach((value, i) => {
    if (value === null || !Number.isFinite(value)) {
      drawing = false;
      return;
    }
    parts.push(`${drawing ? 'L' : 'M'}${round(x(i))} ${round(y(value))}`);
    drawing = true;
  });
  return parts.join(' ');
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Which of `n` evenly spaced x positions get a label, when labels need `labelWidth` px and the axis is `width` px
 * wide: every k-th one counted back from the last (the latest bucket is the one people look for), so they never
 * overlap.
 */
export function labelIndices(n: number, width: number, labelWidth: number): number[] {
  if (n <= 0) return [];
  const fits = Math.max(1, Math.floor(width / Math.max(1, labelWidth)));
  const every = Math.max(1, Math.ceil(n / fits));
  const out: number[] = [];
  for (let i = n - 1; i >= 0; i -= every) out.unshift(i);
  return out;
}

/** The x layout of `n` bars in a plot `width` wide: each band's start and the bar's width, with a gap between bars. */
export function bandLayout(n: number, width: number, gapRatio = 0.25): { band: number; bar: number; x: (index: number) => number; center: (index: number) => number } {
  const band = n > 0 ? width / n : width;
  const bar = Math.max(1, band * (1 - gapRatio));
  return {
    band,
    bar,
    x: (i) => i * band + (band - bar) / 2,
    center: (i) => i * band + band / 2,
  };
}
