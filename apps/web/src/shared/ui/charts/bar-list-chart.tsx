import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip, type ChartData, type ChartOptions, type ChartType, type Plugin, type Scale } from 'chart.js';
import { toFont } from 'chart.js/helpers';
import type { ReactNode } from 'react';
import { Chart as ChartCanvas } from 'react-chartjs-2';
import { fitLabel, labelRoom } from './axis-labels.ts';
import { ChartFigure, swatch, type Series } from './chart-figure.tsx';
import { useChartTheme } from './chart-theme.ts';

// Only what horizontal bars need (the same parts TimeChart registers; registering twice is harmless).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

interface Props {
  /** The heading's id prefix (unique on the page). */
  id: string;
  title: string;
  /** What the chart shows, in words: the canvas's accessible name. */
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

/** A label's line height, in font sizes (Chart.js's default). */
const LINE_HEIGHT = 1.2;
/** Room between a label and the bars (the axis's tick padding, and some). */
const LABEL_GAP = 16;

const labelFont = (bold: boolean) => toFont({ ...Chart.defaults.font, weight: bold ? 'bold' : 'normal' }).string;

/**
 * The rows' labels as drawn on the axis, each fitted to the room the chart's width leaves the labels (labelRoom) on
 * the lines a row has, measured in the font it is drawn with (bold when picked out); and the widest line.
 */
function axisLabels(chart: Chart, labels: readonly string[], lines: number, bold: (index: number) => boolean): { lines: string[][]; widest: number } {
  const room = labelRoom(chart.width);
  const { ctx } = chart;
  let widest = 0;
  ctx.save();
  const fitted = labels.map((label, i) => {
    ctx.font = labelFont(bold(i));
    const measure = (text: string) => ctx.measureText(text).width;
    const out = fitLabel(label, room, lines, measure);
    for (const line of out) widest = Math.max(widest, measure(line));
    return out;
  });
  ctx.restore();
  return { lines: fitted, widest };
}

interface EndNotesOptions {
  notes?: readonly (string | null)[];
  color?: string;
}

declare module 'chart.js' {
  // The type parameter must be named as Chart.js names it for the declarations to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface PluginOptionsByType<TType extends ChartType> {
    /** Our own plugin below: a short text after each row's bars. */
    endNotes?: EndNotesOptions;
  }
}

/** Draws each row's note just after its longest bar (notes come in the options, so they follow re-renders). */
const END_NOTES: Plugin<'bar', EndNotesOptions> = {
  id: 'endNotes',
  afterDatasetsDraw(chart, _args, { notes, color }) {
    if (!notes) return;
    const { ctx } = chart;
    ctx.save();
    ctx.fillStyle = color ?? '#6c757d';
    ctx.font = `12px ${String(Chart.defaults.font.family)}`;
    ctx.textBaseline = 'middle';
    notes.forEach((note, i) => {
      if (!note) return;
      let x = -Infinity;
      let y = 0;
      let bars = 0;
      chart.data.datasets.forEach((_, d) => {
        const bar = chart.getDatasetMeta(d).data[i];
        if (!bar) return;
        x = Math.max(x, bar.x);
        y += bar.y;
        bars += 1;
      });
      if (bars > 0) ctx.fillText(note, x + 6, y / bars);
    });
    ctx.restore();
  },
};

/**
 * Horizontal bars, one row per item and one bar per series in it: funnels (reached and completed per step),
 * rankings and distributions. The same figure as TimeChart: own legend, canvas named by its summary, both themes,
 * the numbers in a table under it.
 */
export function BarListChart({ id, title, summary, labels, series, format, integer = false, notes, highlight, table }: Props) {
  const theme = useChartTheme();
  const rowHeight = 14 + series.length * 12;
  // A label wraps onto a second line where a row is tall enough for two (two series: a funnel's).
  const labelLines = rowHeight >= 2 * (Chart.defaults.font.size ?? 12) * LINE_HEIGHT + 4 ? 2 : 1;
  const height = Math.max(120, labels.length * rowHeight + 40);
  const data: ChartData<'bar', (number | null)[], string> = {
    labels: [...labels],
    datasets: series.map((s) => ({
      label: s.label,
      data: [...s.values],
      backgroundColor: swatch(theme, s.tone),
      borderWidth: 0,
      maxBarThickness: 16,
      categoryPercentage: 0.8,
      barPercentage: 0.9,
    })),
  };
  const options: ChartOptions<'bar'> = {
    indexAxis: 'y',
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode: 'index', axis: 'y', intersect: false },
    layout: { padding: { right: notes?.some(Boolean) ? 64 : 8 } },
    plugins: {
      legend: { display: false },
      endNotes: { notes: notes ?? [], color: theme.text },
      tooltip: {
        callbacks: {
          title: (items) => labels[items[0]?.dataIndex ?? 0] ?? '',
          label: (item) => `${item.dataset.label}: ${item.raw === null ? '—' : format(Number(item.raw))}`,
          footer: (items) => notes?.[items[0]?.dataIndex ?? -1] ?? '',
        },
      },
    },
    scales: {
      x: {
        beginAtZero: true,
        grid: { color: theme.grid },
        border: { display: false },
        ticks: { color: theme.text, maxTicksLimit: 6, precision: integer ? 0 : undefined, callback: (value) => format(Number(value)) },
      },
      y: {
        grid: { display: false },
        border: { color: theme.grid },
        ticks: {
          color: (ctx) => (highlight?.[ctx.index] ? theme.warning : theme.text),
          font: (ctx) => ({ weight: highlight?.[ctx.index] ? 'bold' : 'normal' }),
          autoSkip: false,
          callback(this: Scale, _value, index) {
            const lines = axisLabels(this.chart, [labels[index] ?? ''], labelLines, () => !!highlight?.[index]).lines[0]!;
            return lines.length === 1 ? lines[0]! : lines;
          },
        },
        // As wide as the widest fitted label: Chart.js stops a left axis at half the chart and cuts a wider label off.
        afterFit(scale) {
          scale.width = Math.ceil(axisLabels(scale.chart, labels, labelLines, (i) => !!highlight?.[i]).widest + LABEL_GAP);
        },
      },
    },
  };
  return (
    <ChartFigure id={id} title={title} kind="bar" series={series} height={height} table={table}>
      <ChartCanvas type="bar" data={data} options={options} plugins={[END_NOTES]} role="img" aria-label={summary} />
    </ChartFigure>
  );
}
