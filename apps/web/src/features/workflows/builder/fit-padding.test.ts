import { describe, expect, it } from 'vitest';
import { getViewportForBounds, type Rect } from '@xyflow/system';
import { asFlowPadding, fitPadding, FIT_MARGIN, type CanvasOverlays } from './fit-padding.ts';

// As the builder draws them: a 160 × 110 overview and three 26 px zoom buttons, each 15 px from the canvas's edges.
const OVERLAYS: CanvasOverlays = { bottomRight: { width: 175, height: 125 }, bottomLeft: { width: 42, height: 96 } };
const STEP = { width: 220, height: 64 };

/** Where a step at the bottom-right of the workflow lands on screen after a fit with this padding. */
function lastStepOnScreen(bounds: Rect, width: number, height: number, padding: Parameters<typeof getViewportForBounds>[5]) {
  const v = getViewportForBounds(bounds, width, height, 0.05, 1.2, padding);
  const x = bounds.x + bounds.width - STEP.width;
  const y = bounds.y + bounds.height - STEP.height;
  return { left: x * v.zoom + v.x, top: y * v.zoom + v.y, right: (x + STEP.width) * v.zoom + v.x, bottom: (y + STEP.height) * v.zoom + v.y };
}

const underOverview = (r: { right: number; bottom: number }, width: number, height: number) =>
  r.right > width - OVERLAYS.bottomRight!.width && r.bottom > height - OVERLAYS.bottomRight!.height;

// Workflows of many shapes in canvases of many sizes: the builder at 1440 px is about 660 × 620.
const CASES: [string, Rect, number, number][] = [
  ['a long chain', { x: 0, y: 0, width: 2400, height: 64 }, 660, 620],
  ['a tall column', { x: 0, y: 0, width: 220, height: 1600 }, 660, 620],
  ['a square block', { x: -300, y: 40, width: 1200, height: 1100 }, 660, 620],
  ['two rows of a template', { x: 80, y: 80, width: 2020, height: 234 }, 660, 620],
  ['Start and End', { x: 0, y: 100, width: 640, height: 64 }, 660, 620],
  ['a wide canvas', { x: 0, y: 0, width: 900, height: 700 }, 1400, 500],
];

describe('fitPadding', () => {
  it.each(CASES)('keeps the last step of %s clear of the overview after a fit', (_name, bounds, width, height) => {
    const padding = asFlowPadding(fitPadding(bounds, width, height, OVERLAYS, 1.2));
    expect(underOverview(lastStepOnScreen(bounds, width, height, padding), width, height)).toBe(false);
  });

  it('is needed: the even padding React Flow uses by default puts the last step of a square workflow under the overview', () => {
    const [, bounds, width, height] = CASES[2]!;
    expect(underOverview(lastStepOnScreen(bounds, width, height, 0.15), width, height)).toBe(true);
  });

  it('clears a corner by the cheaper band: along the side for a wide workflow, along the bottom for a tall one', () => {
    const wide = fitPadding({ x: 0, y: 0, width: 3000, height: 200 }, 660, 620, OVERLAYS, 1.2);
    expect(wide.bottom).toBeGreaterThanOrEqual(OVERLAYS.bottomRight!.height);
    expect(wide.right).toBe(FIT_MARGIN);
    const tall = fitPadding({ x: 0, y: 0, width: 220, height: 3000 }, 660, 620, OVERLAYS, 1.2);
    expect(tall.right).toBeGreaterThanOrEqual(OVERLAYS.bottomRight!.width);
    expect(tall.bottom).toBe(FIT_MARGIN);
  });

  it('pads every side alike when nothing floats over the canvas', () => {
    expect(fitPadding({ x: 0, y: 0, width: 500, height: 500 }, 800, 600, { bottomLeft: null, bottomRight: null }, 1.2)).toEqual({
      top: FIT_MARGIN,
      right: FIT_MARGIN,
      bottom: FIT_MARGIN,
      left: FIT_MARGIN,
    });
  });
});
