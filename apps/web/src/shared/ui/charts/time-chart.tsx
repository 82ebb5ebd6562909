import { BarController, BarElement, CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import type { ReactNode } from 'react';
import { Chart as ChartCanvas } from 'react-chartjs-2';
import { ChartFigure, swatch, type Series } from './chart-figure.tsx';
import { useChartTheme, withAlpha } from './chart-theme.ts';

export type { Series, Tone } from './chart-figure.tsx';

// Only what the product's charts use, so the bundle carries no other chart types.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip);

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

/** How faint a muted series is drawn. */
const MUTED_ALPHA = 0.3;

/**
 * The product's one way to draw a chart over time (Chart.js on a canvas): a titled figure with its own legend, the
 * canvas as an image whose name says what it shows, tooltips per bucket, both themes, and the numbers in a table
 * under it.
 */
export function TimeChart({ id, title, summary, kind, stacked = false, labels, longLabels, series, format, integer = false, table, height = 200 }: Props) {
  const theme = useChartTheme();
  const emphasis = series.some((s) => s.muted);
  const data: ChartData<'bar' | 'line', (number | null)[], string> = {
    labels: [...labels],
    datasets: series.map((s) => {
      const colour = s.muted ? withAlpha(swatch(theme, s.tone), MUTED_ALPHA) : swatch(theme, s.tone);
      return {
        label: s.label,
        data: [...s.values],
        backgroundColor: colour,
        borderColor: colour,
        borderWidth: kind === 'line' ? (emphasis && !s.muted ? 3 : 2) : 0,
        borderDash: s.dashed ? [5, 4] : [],
        pointRadius: kind === 'line' ? (s.muted ? 0 : 2.5) : 0,
        spanGaps: false,
        maxBarThickness: 48,
        // The emphasised series is drawn over the muted ones.
        order: s.muted ? 1 : 0,
      };
    }),
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
    <ChartFigure id={id} title={title} kind={kind} series={series} height={height} table={table}>
      <ChartCanvas type={kind} data={data} options={options} role="img" aria-label={summary} />
    </ChartFigure>
  );
}
