import { useState, type PointerEvent, type ReactNode } from 'react';
import { bandAt, labelEvery, valueAxis } from './chart-scale.ts';
import { ChartFigure, swatch, type Series } from './chart-figure.tsx';
import { ChartTooltip, measureText, tooltipLines, useElementWidth, type TooltipContent } from './chart-frame.tsx';
import { useChartTheme, withAlpha } from './chart-theme.ts';

export type { Series, Tone } from './chart-figure.tsx';

interface Props {
  /** The heading's id prefix (unique on the page). */
  id: string;
  title: string;
  /** What the chart shows, in words: the drawing's accessible name. */
  summary: string;
  kind: 'bar' | 'line';
  /** Bars of a bucket stacked on each other (first series at the base). */
  stacked?: boolean;
  /** The x axis: one short label per bucket; `longLabels` in tooltips. */
  labels: readonly string[];
  longLabels?: readonly string[];
  series: readonly Series[];
  /** How a value reads on the y axis and in tooltips. */
  format: (value: number) => string;
  /** Whole numbers only on the y axis (counts). */
  integer?: boolean;
  /** The chart's numbers as a table (shown on request under the chart). */
  table: ReactNode;
  height?: number;
}

/** How faint a muted series is drawn. */
const MUTED_ALPHA = 0.3;
const Y_TICKS = 5;
/** Room above the plot, under it for the x labels, and right of it. */
const PAD_TOP = 8;
const X_LABELS = 22;
const PAD_RIGHT = 8;
/** A bucket's bars take this share of its width (the rest is the gap to the next), each at most MAX_BAR px wide. */
const GROUP_SHARE = 0.8;
const BAR_SHARE = 0.9;
const MAX_BAR = 48;

const sumAt = (series: readonly Series[], i: number) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0);

/**
 * The product's one way to draw a chart over time (SVG, ADR 0048): a titled figure with its own legend, the drawing
 * as an image whose name says what it shows, a tooltip per bucket, both themes, and the numbers in a table under it.
 */
export function TimeChart({ id, title, summary, kind, stacked = false, labels, longLabels, series, format, integer = false, table, height = 200 }: Props) {
  const theme = useChartTheme();
  const [boxRef, width] = useElementWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const emphasis = series.some((s) => s.muted);
  const colour = (s: Series) => (s.muted ? withAlpha(swatch(theme, s.tone), MUTED_ALPHA) : swatch(theme, s.tone));

  const count = labels.length;
  const highest = stacked ? Math.max(0, ...labels.map((_, i) => sumAt(series, i))) : Math.max(0, ...series.flatMap((s) => s.values.map((v) => v ?? 0)));
  const axis = valueAxis(highest, Y_TICKS, integer);
  const tickTexts = axis.ticks.map((t) => format(t));
  const left = Math.ceil(Math.max(...tickTexts.map((t) => measureText(t)))) + 10;
  const plotWidth = Math.max(0, width - left - PAD_RIGHT);
  const plotHeight = Math.max(0, height - PAD_TOP - X_LABELS);
  const band = count > 0 ? plotWidth / count : 0;
  const y = (value: number) => PAD_TOP + plotHeight - (value / axis.max) * plotHeight;
  const centre = (i: number) => left + band * (i + 0.5);
  const every = labelEvery(band, Math.max(0, ...labels.map((l) => measureText(l))));
  // The emphasised series is drawn over the muted ones.
  const drawOrder = [...series.keys()].sort((a, b) => Number(!!series[b]!.muted) - Number(!!series[a]!.muted));

  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    const offset = event.clientX - event.currentTarget.getBoundingClientRect().left - left;
    setHover(offset < 0 || offset > plotWidth || count === 0 ? null : bandAt(offset, band, count));
  }

  const tooltip: TooltipContent | null =
    hover === null
      ? null
      : {
          title: (longLabels ?? labels)[hover] ?? '',
          lines: tooltipLines(series, hover, format, (s) => swatch(theme, s.tone)),
          x: centre(hover),
          y: PAD_TOP,
        };

  function bars(): ReactNode {
    const group = band * GROUP_SHARE;
    if (stacked) {
      const thickness = Math.min(MAX_BAR, group * BAR_SHARE);
      return labels.map((_, i) => {
        let base = 0;
        return series.map((s, k) => {
          const value = s.values[i];
          if (value === null || value === undefined || value <= 0) return null;
          const top = base + value;
          const rect = (
            <rect key={`${k}-${i}`} x={centre(i) - thickness / 2} y={y(top)} width={thickness} height={Math.max(0, y(base) - y(top))} fill={colour(s)} />
          );
          base = top;
          return rect;
        });
      });
    }
    const slot = series.length > 0 ? group / series.length : 0;
    const thickness = Math.min(MAX_BAR, slot * BAR_SHARE);
    return series.map((s, k) =>
      s.values.map((value, i) => {
        if (value === null || value === undefined || value <= 0) return null;
        const x = centre(i) - group / 2 + slot * k + (slot - thickness) / 2;
        return <rect key={`${k}-${i}`} x={x} y={y(value)} width={thickness} height={Math.max(0, y(0) - y(value))} fill={colour(s)} />;
      }),
    );
  }

  function lines(): ReactNode {
    return drawOrder.map((k) => {
      const s = series[k]!;
      const stroke = colour(s);
      const strokeWidth = emphasis && !s.muted ? 3 : 2;
      // A gap (null) breaks the line: no value is made up across it.
      let path = '';
      let drawing = false;
      s.values.forEach((value, i) => {
        if (value === null || value === undefined) {
          drawing = false;
          return;
        }
        path += `${drawing ? 'L' : 'M'}${centre(i).toFixed(1)},${y(value).toFixed(1)}`;
        drawing = true;
      });
      return (
        <g key={k}>
          <path d={path} fill="none" stroke={stroke} strokeWidth={strokeWidth} strokeDasharray={s.dashed ? '5 4' : undefined} strokeLinejoin="round" />
          {!s.muted &&
            s.values.map((value, i) => (value === null || value === undefined ? null : <circle key={i} cx={centre(i)} cy={y(value)} r={2.5} fill={stroke} />))}
        </g>
      );
    });
  }

  return (
    <ChartFigure id={id} title={title} kind={kind} series={series} height={height} table={table} boxRef={boxRef}>
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
          {axis.ticks.map((tick, t) => (
            <g key={tick}>
              <line className="chart-grid" x1={left} x2={left + plotWidth} y1={y(tick)} y2={y(tick)} />
              <text x={left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                {tickTexts[t]}
              </text>
            </g>
          ))}
          {hover !== null && <rect className="chart-hover" x={left + band * hover} y={PAD_TOP} width={band} height={plotHeight} />}
          {kind === 'bar' ? bars() : lines()}
          {labels.map((label, i) =>
            i % every === 0 ? (
              <text key={i} x={centre(i)} y={PAD_TOP + plotHeight + 15} textAnchor="middle">
                {label}
              </text>
            ) : null,
          )}
        </svg>
      )}
      <ChartTooltip content={tooltip} width={width} />
    </ChartFigure>
  );
}
