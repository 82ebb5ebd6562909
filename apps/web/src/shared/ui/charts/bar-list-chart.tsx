import { useState, type PointerEvent, type ReactNode } from 'react';
import { fitLabel, labelRoom } from './axis-labels.ts';
import { bandAt, valueAxis } from './chart-scale.ts';
import { ChartFigure, swatch, type Series } from './chart-figure.tsx';
import { CHART_FONT_SIZE, ChartTooltip, measureText, tooltipLines, useElementWidth, type TooltipContent } from './chart-frame.tsx';
import { useChartTheme } from './chart-theme.ts';

interface Props {
  /** The heading's id prefix (unique on the page). */
  id: string;
  title: string;
  /** What the chart shows, in words: the drawing's accessible name. */
  summary: string;
  /** One row per item (a step, a band, a tool), top to bottom. */
  labels: readonly string[];
  /** Each series draws one bar per row. */
  series: readonly Series[];
  format: (value: number) => string;
  integer?: boolean;
  /** A short text drawn after each row's bars (e.g. its drop-off); null for none. */
  notes?: readonly (string | null)[];
  /** Rows to pick out (label in bold and the warning colour), e.g. the slowest steps. */
  highlight?: readonly boolean[];
  table: ReactNode;
}

/** A label's line height, in font sizes. */
const LINE_HEIGHT = 1.2;
/** Room between a label and the bars. */
const LABEL_GAP = 16;
const X_TICKS = 6;
const PAD_TOP = 8;
const X_LABELS = 24;
/** A row's bars take this share of its height, each at most MAX_BAR px thick. */
const GROUP_SHARE = 0.8;
const BAR_SHARE = 0.9;
const MAX_BAR = 16;

/**
 * Horizontal bars, one row per item and one bar per series in it: funnels (reached and completed per step),
 * rankings and distributions. The same figure as TimeChart: own legend, the drawing named by its summary, both
 * themes, the numbers in a table under it. A row's label is fitted to the room the chart's width leaves it (wrapped
 * at spaces onto the lines a row has, then "…"), so it is never cut off at the chart's edge.
 */
export function BarListChart({ id, title, summary, labels, series, format, integer = false, notes, highlight, table }: Props) {
  const theme = useChartTheme();
  const [boxRef, width] = useElementWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const rowHeight = 14 + series.length * 12;
  // A label wraps onto a second line where a row is tall enough for two (two series: a funnel's).
  const labelLines = rowHeight >= 2 * CHART_FONT_SIZE * LINE_HEIGHT + 4 ? 2 : 1;
  const height = Math.max(120, labels.length * rowHeight + 40);

  const picked = (i: number) => !!highlight?.[i];
  const room = labelRoom(width);
  const fitted = labels.map((label, i) => fitLabel(label, room, labelLines, (s) => measureText(s, picked(i))));
  const left = Math.ceil(Math.max(0, ...fitted.flatMap((lines, i) => lines.map((line) => measureText(line, picked(i)))))) + LABEL_GAP;
  const right = notes?.some(Boolean) ? 64 : 8;
  const plotWidth = Math.max(0, width - left - right);
  const plotHeight = Math.max(0, height - PAD_TOP - X_LABELS);
  const count = labels.length;
  const band = count > 0 ? plotHeight / count : 0;
  const highest = Math.max(0, ...series.flatMap((s) => s.values.map((v) => v ?? 0)));
  const axis = valueAxis(highest, X_TICKS, integer);
  const x = (value: number) => left + (value / axis.max) * plotWidth;
  const middle = (i: number) => PAD_TOP + band * (i + 0.5);
  const group = band * GROUP_SHARE;
  const slot = series.length > 0 ? group / series.length : 0;
  const thickness = Math.min(MAX_BAR, slot * BAR_SHARE);
  // The bars of a row sit together in its middle.
  const barTop = (i: number, k: number) => middle(i) - (series.length * slot) / 2 + slot * k + (slot - thickness) / 2;
  const lineHeight = CHART_FONT_SIZE * LINE_HEIGHT;

  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    const offset = event.clientY - event.currentTarget.getBoundingClientRect().top - PAD_TOP;
    setHover(offset < 0 || offset > plotHeight || count === 0 ? null : bandAt(offset, band, count));
  }

  const tooltip: TooltipContent | null =
    hover === null
      ? null
      : {
          title: labels[hover] ?? '',
          lines: tooltipLines(series, hover, format, (s) => swatch(theme, s.tone)),
          footer: notes?.[hover] ?? undefined,
          x: Math.min(width - 8, x(Math.max(0, ...series.map((s) => s.values[hover] ?? 0)))),
          y: middle(hover) - band / 2,
        };

  return (
    <ChartFigure id={id} title={title} kind="bar" series={series} height={height} table={table} boxRef={boxRef}>
      {width > 0 && (
        <svg
          className="chart-svg"
          width={width}
          height={height}
          role="img"
          aria-label={summary}
          onPointerMove={onPointerMove}
          onPointerLeave={() => setHover(null)}
        >
          {axis.ticks.map((tick) => (
            <g key={tick}>
              <line className="chart-grid" x1={x(tick)} x2={x(tick)} y1={PAD_TOP} y2={PAD_TOP + plotHeight} />
              <text x={x(tick)} y={PAD_TOP + plotHeight + 16} textAnchor="middle">
                {format(tick)}
              </text>
            </g>
          ))}
          <line className="chart-grid" x1={left} x2={left} y1={PAD_TOP} y2={PAD_TOP + plotHeight} />
          {hover !== null && <rect className="chart-hover" x={left} y={PAD_TOP + band * hover} width={plotWidth} height={band} />}
          {series.map((s, k) =>
            s.values.map((value, i) =>
              value === null || value === undefined || value <= 0 ? null : (
                <rect key={`${k}-${i}`} x={left} y={barTop(i, k)} width={Math.max(0, x(value) - left)} height={thickness} fill={swatch(theme, s.tone)} />
              ),
            ),
          )}
          {fitted.map((lines, i) =>
            lines.map((line, l) => (
              <text
                key={`${i}-${l}`}
                className={picked(i) ? 'chart-label-picked' : undefined}
                x={left - 8}
                y={middle(i) + (l - (lines.length - 1) / 2) * lineHeight}
                textAnchor="end"
                dominantBaseline="middle"
              >
                {line}
              </text>
            )),
          )}
          {notes?.map((note, i) =>
            note ? (
              <text key={`note-${i}`} x={x(Math.max(0, ...series.map((s) => s.values[i] ?? 0))) + 6} y={middle(i)} dominantBaseline="middle">
                {note}
              </text>
            ) : null,
          )}
        </svg>
      )}
      <ChartTooltip content={tooltip} width={width} />
    </ChartFigure>
  );
}
