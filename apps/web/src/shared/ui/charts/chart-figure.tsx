import type { ReactNode, Ref } from 'react';
import { useChartTheme, type ChartTheme } from './chart-theme.ts';
import './time-chart.css';

export type Tone = 'success' | 'danger' | 'primary' | 'warning' | 'info' | 'secondary';

export interface Series {
  label: string;
  /** One value per label; null leaves a gap (a line) or no bar. */
  values: readonly (number | null)[];
  tone: Tone;
  /** Dashed line (e.g. a second percentile). */
  dashed?: boolean;
  /** Drawn faintly behind the others (e.g. every series but the one a filter picked). */
  muted?: boolean;
}

export const swatch = (theme: ChartTheme, tone: Tone): string => theme[tone];

interface Props {
  id: string;
  title: string;
  /** The legend's swatches: a square for bars, a short line for lines. */
  kind: 'bar' | 'line';
  series: readonly Series[];
  height: number;
  /** The drawing (by the chart component), and its tooltip. */
  children: ReactNode;
  /** The box the drawing fills: the chart follows its width. */
  boxRef?: Ref<HTMLDivElement>;
  /** The chart's numbers as a table (shown on request under the chart). */
  table: ReactNode;
}

/**
 * What every chart of the product shares around its drawing: a titled <figure> with our own legend, a box of a fixed
 * height for the drawing, and a "data table" disclosure under it with the same numbers.
 */
export function ChartFigure({ id, title, kind, series, height, children, table, boxRef }: Props) {
  const theme = useChartTheme();
  return (
    <figure className="time-chart mb-0" aria-labelledby={`${id}-title`}>
      <figcaption className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
        <h3 id={`${id}-title`} className="h6 fw-semibold mb-0">
          {title}
        </h3>
        <span className="small text-body-secondary">
          {series.map((s, i) => (
            <span key={s.label} className={`${i > 0 ? 'ms-3 ' : ''}text-nowrap${s.muted ? ' time-chart-legend-muted' : ''}`}>
              <span
                className={`time-chart-swatch time-chart-swatch-${kind}${s.dashed ? ' time-chart-swatch-dashed' : ''}`}
                style={{ color: swatch(theme, s.tone) }}
                aria-hidden="true"
              />{' '}
              {s.label}
            </span>
          ))}
        </span>
      </figcaption>
      <div className="time-chart-canvas" style={{ height }} ref={boxRef}>
        {children}
      </div>
      <details className="time-chart-data mt-1">
        <summary className="small">{title}: data table</summary>
        <div className="table-responsive time-chart-data-scroll mt-2" tabIndex={0} role="region" aria-label={`${title}, data`}>
          {table}
        </div>
      </details>
    </figure>
  );
}
