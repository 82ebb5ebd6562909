/**
 * The case path's zoom: 1 is the builder's scale (a step 180 × 56 px). Fitting a wide workflow into the drawer stops
 * at `readable` (the step names stay legible; the rest pans); a narrow one is never enlarged past 1.
 */
export const ZOOM_LIMITS = { min: 0.4, readable: 0.6, max: 1.5 } as const;
const STEPS = [0.4, 0.5, 0.6, 0.75, 0.9, 1, 1.25, 1.5];

/** The zoom that fits `graphWidth` into `boxWidth`, between the readable minimum and 1. */
export function fitZoom(graphWidth: number, boxWidth: number): number {
  if (!(graphWidth > 0) || !(boxWidth > 0)) return 1;
  return Math.round(Math.min(1, Math.max(ZOOM_LIMITS.readable, boxWidth / graphWidth)) * 100) / 100;
}

/** The next zoom step in or out from `zoom`. */
export function nextZoom(zoom: number, direction: 1 | -1): number {
  if (direction > 0) return STEPS.find((z) => z > zoom + 0.001) ?? ZOOM_LIMITS.max;
  return [...STEPS].reverse().find((z) => z < zoom - 0.001) ?? ZOOM_LIMITS.min;
}
