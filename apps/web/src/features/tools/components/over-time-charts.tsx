import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { useElementWidth } from '../hooks/use-element-width.ts';
import { formatCount, formatLatency, formatPercent, type ActivityDateFormats } from '../lib/activity-format.ts';
import { describeCalls, describeLatency, labelTime, type Bucket, type BucketSize } from '../lib/analytics-series.ts';
import { bandLayout, labelIndices, linearScale, linePath, niceTicks } from '../lib/chart-scale.ts';

/*
 * Calls (bars, errors stacked at their base) and latency (p50 and p95 lines) per hour or day, as inline SVG drawn at
 * the container's real width. Each chart is one image with a summary for screen readers and its numbers in a table.
 */

const HEIGHT = 200;
const MARGIN = { top: 10, right: 8, bottom: 26 };
const LABEL_WIDTH = 68;

interface ChartProps {
  buckets: readonly Bucket[];
  size: BucketSize;
  days: number;
  dates: ActivityDateFormats;
}

const axisLabel = (size: BucketSize, dates: ActivityDateFormats) => (at: Date) => (size === 'hour' ? dates.hour : dates.day).format(at);
const longLabel = (size: BucketSize, dates: ActivityDateFormats) => (at: Date) => (size === 'hour' ? dates.dayHour : dates.day).format(at);

interface FrameProps extends ChartProps {
  id: string;
  title: string;
  summary: string;
  legend: ReactNode;
  /** Room for the y labels. */
  left: number;
  ticks: number[];
  tickLabel: (value: number) => string;
  plot: (geometry: { width: number; height: number; y: (value: number) => number }) => ReactNode;
  table: ReactNode;
}

function ChartFrame({ id, title, summary, legend, left, ticks, tickLabel, plot, table, buckets, size, dates }: FrameProps) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const plotWidth = Math.max(40, width - left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const top = ticks[ticks.length - 1] ?? 1;
  const y = linearScale(top, plotHeight, 0);
  const bands = bandLayout(buckets.length, plotWidth);
  const labelled = labelIndices(buckets.length, plotWidth, LABEL_WIDTH);
  const xLabel = axisLabel(size, dates);
  return (
    <figure className="analytics-chart mb-0" aria-labelledby={`${id}-title`}>
      <figcaption className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
        <h3 id={`${id}-title`} className="h6 fw-semibold mb-0">
          {title}
        </h3>
        <span className="analytics-legend small text-body-secondary">{legend}</span>
      </figcaption>
      <div ref={ref} className="analytics-chart-canvas">
        <svg role="img" aria-label={summary} width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} className="d-block">
          <g transform={`translate(${left},${MARGIN.top})`}>
            {ticks.map((t) => (
              <g key={t} transform={`translate(0,${y(t)})`}>
                <line x1={0} x2={plotWidth} className={t === 0 ? 'chart-axis' : 'chart-grid'} />
                <text x={-6} dy="0.32em" textAnchor="end" className="chart-tick">
                  {tickLabel(t)}
                </text>
              </g>
            ))}
            {plot({ width: plotWidth, height: plotHeight, y })}
            {labelled.map((i) => (
              <text key={i} x={bands.center(i)} y={plotHeight + 17} textAnchor="middle" className="chart-tick">
                {xLabel(labelTime(buckets[i]!, size))}
              </text>
            ))}
          </g>
        </svg>
      </div>
      <details className="analytics-data mt-1">
        <summary className="small">{title}: data table</summary>
        <div className="table-responsive analytics-data-scroll mt-2" tabIndex={0} role="region" aria-label={`${title}, data`}>
          {table}
        </div>
      </details>
    </figure>
  );
}

function BucketTable({ buckets, size, dates, columns }: Pick<ChartProps, 'buckets' | 'size' | 'dates'> & { columns: 'calls' | 'latency' }) {
  const label = longLabel(size, dates);
  return (
    <Table size="sm" className="mb-0 small">
      <thead>
        <tr>
          <th scope="col">{size === 'hour' ? 'Hour' : 'Day'}</th>
          {columns === 'calls' ? (
            <>
              <th scope="col" className="text-end">
                Calls
              </th>
              <th scope="col" className="text-end">
                Errors
              </th>
              <th scope="col" className="text-end">
                Error rate
              </th>
            </>
          ) : (
            <>
              <th scope="col" className="text-end">
                p50
              </th>
              <th scope="col" className="text-end">
                p95
              </th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {buckets.map((b) => (
          <tr key={b.at}>
            <th scope="row" className="fw-normal text-nowrap">
              {label(labelTime(b, size))}
            </th>
            {columns === 'calls' ? (
              <>
                <td className="text-end tabular-nums">{formatCount(b.calls)}</td>
                <td className="text-end tabular-nums">{formatCount(b.errors)}</td>
                <td className="text-end tabular-nums">{b.calls ? formatPercent(b.errors / b.calls) : '—'}</td>
              </>
            ) : (
              <>
                <td className="text-end tabular-nums">{formatLatency(b.p50)}</td>
                <td className="text-end tabular-nums">{formatLatency(b.p95)}</td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const Swatch = ({ className }: { className: string }) => <span className={`chart-swatch ${className}`} aria-hidden="true" />;

/** Calls per bucket: successful calls stacked on the errors, so a bar's height is all its calls. */
export function CallsChart(props: ChartProps) {
  const { buckets, size, days, dates } = props;
  const max = buckets.reduce((m, b) => Math.max(m, b.calls), 0);
  const ticks = niceTicks(max, { integer: true });
  const label = longLabel(size, dates);
  return (
    <ChartFrame
      {...props}
      id="calls-chart"
      title="Calls and errors"
      summary={describeCalls(buckets, size, days, label)}
      legend={
        <>
          <Swatch className="chart-fill-success" /> Successful <Swatch className="chart-fill-error ms-3" /> Errors
        </>
      }
      left={44}
      ticks={ticks}
      tickLabel={(t) => formatCount(t)}
      table={<BucketTable buckets={buckets} size={size} dates={dates} columns="calls" />}
      plot={({ width, height, y }) => {
        const bands = bandLayout(buckets.length, width);
        return buckets.map((b, i) => {
          const ok = b.calls - b.errors;
          const errorTop = y(b.errors);
          const callTop = y(b.calls);
          return (
            <g key={b.at}>
              {b.errors > 0 && <rect x={bands.x(i)} y={errorTop} width={bands.bar} height={height - errorTop} className="chart-fill-error" />}
              {ok > 0 && <rect x={bands.x(i)} y={callTop} width={bands.bar} height={errorTop - callTop} className="chart-fill-success" />}
              {/* On top, transparent: the hover highlight and the native tooltip of the whole band. */}
              <rect x={i * bands.band} y={0} width={bands.band} height={height} className="chart-hover">
                <title>{`${label(labelTime(b, size))}: ${formatCount(b.calls)} calls, ${formatCount(b.errors)} errors`}</title>
              </rect>
            </g>
          );
        });
      }}
    />
  );
}

/** p50 and p95 latency per bucket; a bucket without calls leaves a gap. */
export function LatencyChart(props: ChartProps) {
  const { buckets, size, days, dates } = props;
  const max = buckets.reduce((m, b) => Math.max(m, b.p95 ?? 0, b.p50 ?? 0), 0);
  const ticks = niceTicks(max);
  const label = longLabel(size, dates);
  return (
    <ChartFrame
      {...props}
      id="latency-chart"
      title="Latency"
      summary={describeLatency(buckets, size, days, label)}
      legend={
        <>
          <Swatch className="chart-line-p50" /> p50 (median) <Swatch className="chart-line-p95 ms-3" /> p95
        </>
      }
      left={56}
      ticks={ticks}
      tickLabel={(t) => formatLatency(t)}
      table={<BucketTable buckets={buckets} size={size} dates={dates} columns="latency" />}
      plot={({ width, height, y }) => {
        const bands = bandLayout(buckets.length, width);
        const series = [
          { key: 'p95', values: buckets.map((b) => b.p95), className: 'chart-line-p95' },
          { key: 'p50', values: buckets.map((b) => b.p50), className: 'chart-line-p50' },
        ];
        return (
          <>
            {series.map((s) => (
              <g key={s.key} className={s.className}>
                <path d={linePath(s.values, bands.center, y)} className="chart-line" />
                {s.values.map((v, i) => (v === null ? null : <circle key={i} cx={bands.center(i)} cy={y(v)} r={2.5} className="chart-dot" />))}
              </g>
            ))}
            {buckets.map((b, i) => (
              <rect key={b.at} x={i * bands.band} y={0} width={bands.band} height={height} className="chart-hover">
                <title>{`${label(labelTime(b, size))}: ${b.calls ? `p50 ${formatLatency(b.p50)}, p95 ${formatLatency(b.p95)}` : 'no calls'}`}</title>
              </rect>
            ))}
          </>
        );
      }}
    />
  );
}
