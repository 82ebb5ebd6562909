/**
 * Where the toasts stand (spec §4 top-right; issue 32 item 13): below the header and below any marked element they
 * would otherwise cover (the builder's toolbar, the dashboard's Refresh, an open panel's header), and to the left
 * of a side panel (the AI assistant) when the window has room for both.
 */

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface PlacementInput {
  viewportWidth: number;
  viewportHeight: number;
  /** The bottom of the app's header (0 where there is none, e.g. the sign-in page). */
  headerBottom: number;
  /** How wide the toasts are. */
  toastWidth: number;
  /** Space between a toast and the window's edge, a panel, or what it stands below. */
  gap: number;
  /** Elements the toasts must not cover. */
  clear: readonly Box[];
  /** Side panels the toasts stand beside when there is room. */
  beside: readonly Box[];
}

export interface Placement {
  /** From the top of the window to the first toast. */
  top: number;
  /** From the right of the window to the toasts. */
  right: number;
}

const shown = (b: Box) => b.right > b.left && b.bottom > b.top;

export function toastPlacement(p: PlacementInput): Placement {
  let right = p.gap;
  for (const panel of p.beside) {
    if (shown(panel) && panel.left >= p.toastWidth + 2 * p.gap) right = Math.max(right, p.viewportWidth - panel.left + p.gap);
  }
  const columnLeft = p.viewportWidth - right - p.toastWidth;
  const columnRight = p.viewportWidth - right;
  let below = p.headerBottom;
  for (const b of p.clear) {
    const onScreen = shown(b) && b.bottom > p.headerBottom && b.top < p.viewportHeight;
    if (onScreen && b.left < columnRight && b.right > columnLeft) below = Math.max(below, b.bottom);
  }
  return { top: Math.round(below + p.gap), right: Math.round(right) };
}
