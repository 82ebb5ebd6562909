import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { Series } from './chart-figure.tsx';

/** The font the charts write with: the page's own, at the size of small print. */
export const CHART_FONT_SIZE = 12;

let measureContext: CanvasRenderingContext2D | null | undefined;
let fontFamily = '';

/** Widths already measured: a chart redraws on every pointer move (its tooltip), and its texts stay the same. */
const measured = new Map<string, number>();
const MEASURED_MAX = 5_000;

/** A text's width in px as the charts draw it (bold for a picked-out label); measured on a canvas that is never shown. */
export function measureText(text: string, bold = false): number {
  const key = `${bold ? 'b' : 'n'}${text}`;
  const known = measured.get(key);
  if (known !== undefined) return known;
  if (measured.size >= MEASURED_MAX) measured.clear();
  const width = measureUncached(text, bold);
  measured.set(key, width);
  return width;
}

function measureUncached(text: string, bold: boolean): number {
  if (measureContext === undefined) {
    measureContext = document.createElement('canvas').getContext('2d');
    fontFamily = getComputedStyle(document.body).fontFamily || 'sans-serif';
  }
  if (!measureContext) return text.length * CHART_FONT_SIZE * 0.6;
  measureContext.font = `${bold ? 'bold' : 'normal'} ${CHART_FONT_SIZE}px ${fontFamily}`;
  return measureContext.measureText(text).width;
}

/** The width of the box a chart draws in, followed as the page resizes (0 until it is known). */
export function useElementWidth<T extends HTMLElement>(): [(element: T | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    setWidth(Math.floor(element.getBoundingClientRect().width));
    observer.current = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.current.observe(element);
  }, []);
  useLayoutEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width];
}

export interface TooltipLine {
  label: string;
  value: string;
  color: string;
}

/** Each series' value at category `index` as the tooltip writes it ("—" for a gap). */
export function tooltipLines(series: readonly Series[], index: number, format: (value: number) => string, colour: (s: Series) => string): TooltipLine[] {
  return series.map((s) => {
    const value = s.values[index];
    return { label: s.label, value: value === null || value === undefined ? '—' : format(value), color: colour(s) };
  });
}

export interface TooltipContent {
  title: string;
  lines: readonly TooltipLine[];
  footer?: string;
  /** Where the pointer's category is, in px from the chart box's top left. */
  x: number;
  y: number;
}

/**
 * A category's figures next to the pointer (pointer only: the chart's summary and data table say the same to
 * everyone). Kept inside the chart's box, on the side of the point with more room.
 */
export function ChartTooltip({ content, width }: { content: TooltipContent | null; width: number }): ReactNode {
  if (!content) return null;
  const onRight = content.x < width / 2;
  return (
    <div
      className="chart-tooltip"
      aria-hidden="true"
      style={{ top: Math.max(0, content.y), ...(onRight ? { left: content.x + 12 } : { right: width - content.x + 12 }) }}
    >
      <div className="fw-semibold">{content.title}</div>
      {content.lines.map((line) => (
        <div key={line.label} className="text-nowrap">
          <span className="chart-tooltip-swatch" style={{ background: line.color }} /> {line.label}: {line.value}
        </div>
      ))}
      {content.footer && <div className="mt-1">{content.footer}</div>}
    </div>
  );
}
