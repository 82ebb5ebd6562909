import type { Box } from './edge-routes.ts';

/** Areas snap outward to this many canvas units, so panning within one cell changes nothing. */
const CELL = 512;

/**
 * The part of the workflow worth drawing connections for (issue 32 item 21): the view, in the canvas's own units,
 * widened by half its size on every side (what a pan brings in next) and snapped outward to whole cells, so the
 * area — and the drawing — changes only when the view has moved by a cell. Null when the canvas has no size yet.
 */
export function areaNearView(transform: readonly [number, number, number], width: number, height: number): Box | null {
  const [x, y, zoom] = transform;
  if (width <= 0 || height <= 0 || zoom <= 0) return null;
  const w = width / zoom;
  const h = height / zoom;
  const left = -x / zoom - w / 2;
  const top = -y / zoom - h / 2;
  return {
    left: Math.floor(left / CELL) * CELL,
    top: Math.floor(top / CELL) * CELL,
    right: Math.ceil((left + 2 * w) / CELL) * CELL,
    bottom: Math.ceil((top + 2 * h) / CELL) * CELL,
  };
}

/** Room a routed connection may take beyond its two steps' boxes (a detour around the steps in its way). */
const DETOUR_ROOM = 160;

/** Whether a connection between steps with these boxes can pass through `area`: the boxes' union, with detour room, meets it. */
export function mayCross(source: Box, target: Box, area: Box): boolean {
  const left = Math.min(source.left, target.left) - DETOUR_ROOM;
  const right = Math.max(source.right, target.right) + DETOUR_ROOM;
  const top = Math.min(source.top, target.top) - DETOUR_ROOM;
  const bottom = Math.max(source.bottom, target.bottom) + DETOUR_ROOM;
  return left < area.right && right > area.left && top < area.bottom && bottom > area.top;
}
