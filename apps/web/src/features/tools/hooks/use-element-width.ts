import { useLayoutEffect, useRef, useState } from 'react';

/**
 * An element's content width in px, kept current as it resizes (the window, the sidebar opening), so an SVG chart
 * is drawn at its real size and its text never stretches. Starts at `initial` until the element is measured.
 */
export function useElementWidth<T extends HTMLElement>(initial = 640) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initial);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const next = Math.floor(element.getBoundingClientRect().width);
      if (next > 0) setWidth((w) => (w === next ? w : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
