import { BarController, BarElement, CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import type { ReactNode } from 'react';
import { Chart as ChartCanvas } from 'react-chartjs-2';
import { useChartTheme, type ChartTheme } from './chart-theme.ts';
import './time-chart.css';

// Only what the product's charts use, so the bundle carries no other chart types.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip);

export type Tone = 'success' | 'danger' | 'primary' | 'warning' | 'info' | 'secondary';

export interface Series {
  label: string;
  /** One value per label; null leaves a gap (a line) or no bar. */
  values: readonly (number | null)[];
  tone: Tone;
  /** Dashed line (e.g. a second percentile). */
  dashed?: boolean;
}

interface Props {
  /** The heading's id prefix (unique on the page). */
  id: string;
  title: string;
  /** What the chart shows, in words: the canvas's accessible name. */
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

const swatch = (theme: ChartTheme, tone: Tone) => theme[tone];

/**
 * The product's one way to draw a chart over time (Chart.js on a canvas): a titled figure with its own legend, the
 * canvas as an image whose name says what it shows, tooltips per bucket, both themes, and the numbers in a table
 * under it.
 */
export function TimeChart({ id, title, summary, kind, stacked = false, labels, longLabels, series, format, integer = false, table, height = 200 }: Props) {
  const theme = useChartTheme();
  const data: ChartData<'bar' | 'line', (number | null)[], string> = {
    labels: [...labels],
    datasets: series.map((s) => ({
      label: s.label,
      data: [...s.values],
      backgroundColor: swatch(theme, s.tone),
      borderColor: swatch(theme, s.tone),
      borderWidth: kind === 'line' ? 2 : 0,
      borderDash: s.dashed ? [5, 4] : [],
      pointRadius: kind === 'line' ? 2.5 : 0,
      spanGaps: false,
      maxBarThickness: 48,
    })),
  };
  const options: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          title: (items) => (longLabels ?? labels)[items[0]?.dataIndex ?? 0] ?? '',
          label: (item) => `${item.dataset.label}: ${item.raw === null ? '—' : format(Number(item.raw))}`,
        },
      },
    },
    scales: {
      x: { stacked, grid: { display: false }, ticks: { color: theme.text, autoSkip: true, maxRotation: 0 }, border: { color: theme.grid } },
      y: {
        stacked,
        beginAtZero: true,
        grid: { color: theme.grid },
        border: { display: false },
        ticks: { color: theme.text, maxTicksLimit: 5, precision: integer ? 0 : undefined, callback: (value) => format(Number(value)) },
      },
    },
  };
  return (
    <figure className="time-chart mb-0" aria-labelledby={`${id}-title`}>
      <figcaption className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
        <h3 id={`${id}-title`} className="h6 fw-semibold mb-0">
          {title}
        </h3>
        <span className="small text-body-secondary">
          {series.map((s, i) => (
            <span key={s.label} className={i > 0 ? 'ms-3' : undefined}>
              <span className={`time-chart-swatch time-chart-swatch-${kind}${s.dashed ? ' time-chart-swatch-dashed' : ''}`} style={{ color: swatch(theme, s.tone) }} aria-hidden="true" /> {s.label}
            </span>
          ))}
        </span>
      </figcaption>
      <div className="time-chart-canvas" style={{ height }}>
        <ChartCanvas type={kind} data={data} options={options} role="img" aria-label={summary} />
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
