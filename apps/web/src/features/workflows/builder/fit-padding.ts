import type { Rect } from '@xyflow/react';

/*
 * Fitting the workflow in view around what floats over the canvas: the overview (minimap) in the bottom-right corner
 * and the zoom buttons in the bottom-left one. React Flow's fit pads every side alike, so the last step of a workflow
 * ended under the overview. Each corner is cleared either by a band along its side or by one along the bottom,
 * whichever leaves the larger zoom; the padding goes to React Flow as pixels per side.
 */

/** Room a corner's overlay takes, measured from the canvas's edges (its margin included). */
export interface CornerOverlay {
  width: number;
  height: number;
}

export interface CanvasOverlays {
  bottomLeft: CornerOverlay | null;
  bottomRight: CornerOverlay | null;
}

export interface Sides {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Space kept between the workflow and the canvas's edges, or an overlay. */
export const FIT_MARGIN = 24;
const OVERLAY_GAP = 8;

function zoomWith(bounds: Rect, width: number, height: number, sides: Sides, maxZoom: number): number {
  const w = Math.max(1, bounds.width);
  const h = Math.max(1, bounds.height);
  return Math.min(maxZoom, (width - sides.left - sides.right) / w, (height - sides.top - sides.bottom) / h);
}

/** Padding per side (in pixels) that fits `bounds` in a `width` × `height` canvas without passing under an overlay. */
export function fitPadding(bounds: Rect, width: number, height: number, overlays: CanvasOverlays, maxZoom: number): Sides {
  let best: Sides | null = null;
  let bestZoom = -Infinity;
  for (const rightByBand of [true, false]) {
    for (const leftByBand of [true, false]) {
      const sides: Sides = { top: FIT_MARGIN, right: FIT_MARGIN, bottom: FIT_MARGIN, left: FIT_MARGIN };
      const { bottomRight, bottomLeft } = overlays;
      if (bottomRight) {
        if (rightByBand) sides.right = Math.max(sides.right, bottomRight.width + OVERLAY_GAP);
        else sides.bottom = Math.max(sides.bottom, bottomRight.height + OVERLAY_GAP);
      }
      if (bottomLeft) {
        if (leftByBand) sides.left = Math.max(sides.left, bottomLeft.width + OVERLAY_GAP);
        else sides.bottom = Math.max(sides.bottom, bottomLeft.height + OVERLAY_GAP);
      }
      const zoom = zoomWith(bounds, width, height, sides, maxZoom);
      if (zoom > bestZoom + 1e-9) {
        best = sides;
        bestZoom = zoom;
      }
    }
  }
  return best!;
}

/** The sides as React Flow's `padding` option takes pixels. */
export function asFlowPadding(sides: Sides): { top: `${number}px`; right: `${number}px`; bottom: `${number}px`; left: `${number}px` } {
  return { top: `${sides.top}px`, right: `${sides.right}px`, bottom: `${sides.bottom}px`, left: `${sides.left}px` };
}

/** What an overlay element takes from its corner of the canvas, or null when it is not drawn. */
function cornerOf(canvas: DOMRect, element: Element | null, side: 'left' | 'right'): CornerOverlay | null {
  if (!element) return null;
  const r = element.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return null;
  return { width: side === 'right' ? canvas.right - r.left : r.right - canvas.left, height: canvas.bottom - r.top };
}

/** The overlays as drawn in a canvas element, or `fallback` for any not drawn yet (the first view is fitted before). */
export function measureOverlays(canvas: HTMLElement, fallback: CanvasOverlays): CanvasOverlays {
  const rect = canvas.getBoundingClientRect();
  return {
    bottomLeft: cornerOf(rect, canvas.querySelector('.react-flow__controls'), 'left') ?? fallback.bottomLeft,
    bottomRight: cornerOf(rect, canvas.querySelector('.react-flow__minimap'), 'right') ?? fallback.bottomRight,
  };
}
