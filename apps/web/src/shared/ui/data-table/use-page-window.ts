import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { PageWindow } from './page-window.ts';

/**
 * Windowing by the page's own scroll: a long table draws only the rows in the window (plus a few), and the page has
 * one scroll bar. The rows' offset on the page and their drawn height (`rowHeight` is the first guess) are measured
 * when the page changes size, so reading them never forces a layout inside a commit. When rows are added above the
 * first row in view, the page moves down by as many rows, so what the reader is reading stays where it is; a reader
 * at the top of the list sees them arrive. `rowHeight` 0 = not windowed.
 */
export function usePageWindow(ids: readonly string[], rowHeight: number): PageWindow {
  const enabled = rowHeight > 0;
  const bodyRef = useRef<HTMLTableSectionElement | null>(null);
  // Where the first row starts on the page, how much of the window's top the sticky headers cover, and how tall a
  // row is drawn (the fonts decide, not the guess).
  const [offset, setOffset] = useState({ top: 0, covered: 0, row: rowHeight });
  const height = offset.row || rowHeight;

  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!enabled || !body) return;
    const measure = () => {
      const head = body.parentElement?.querySelector('thead');
      const top = Math.round(body.getBoundingClientRect().top + window.scrollY);
      const covered = head ? Math.round(parseFloat(getComputedStyle(head).top) || 0) + head.offsetHeight : 0;
      const row = body.querySelector<HTMLElement>(':scope > tr:not(.window-pad):not([aria-hidden])')?.getBoundingClientRect().height;
      setOffset((o) => {
        const next = { top, covered, row: row ? Math.round(row) : o.row };
        return o.top === next.top && o.covered === next.covered && o.row === next.row ? o : next;
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [enabled]);

  const virtualizer = useWindowVirtualizer({
    count: enabled ? ids.length : 0,
    estimateSize: () => height,
    overscan: 8,
    scrollMargin: offset.top,
    getItemKey: (index) => ids[index] ?? index,
    enabled,
  });

  // A new row height changes every row's place: the virtualizer forgets the old ones.
  useLayoutEffect(() => {
    if (enabled) virtualizer.measure();
  }, [enabled, height, virtualizer]);

  const firstId = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const previousFirst = firstId.current;
    firstId.current = ids[0];
    if (!enabled || !previousFirst || previousFirst === ids[0]) return;
    // The virtualizer's last known scroll position: reading window.scrollY is as cheap, but this is what it drew from.
    const scrolled = virtualizer.scrollOffset ?? 0;
    if (scrolled + offset.covered <= offset.top) return;
    const shift = ids.indexOf(previousFirst);
    // At once: the page's smooth scrolling would show the rows jump and glide back, and a second batch would cut it short.
    if (shift > 0) window.scrollBy({ top: shift * height, behavior: 'instant' });
    // Only a change of rows moves the page (the offsets are read as they are then).
  }, [ids]);

  if (!enabled) return { bodyRef, items: null, padTop: 0, padBottom: 0 };
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    bodyRef,
    items,
    padTop: first ? first.start - offset.top : 0,
    padBottom: last ? virtualizer.getTotalSize() - (last.end - offset.top) : 0,
  };
}
