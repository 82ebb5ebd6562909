import Table from 'react-bootstrap/Table';
import { TimeChart } from '../../../shared/ui/charts/time-chart.tsx';
import { formatCount, formatLatency, formatPercent, type ActivityDateFormats } from '../lib/activity-format.ts';
import { describeCalls, describeLatency, labelTime, type Bucket, type BucketSize } from '../lib/analytics-series.ts';

/*
 * Calls (bars, errors stacked at their base) and latency (p50 and p95 lines) per hour or day, drawn by the
 * product's TimeChart. Each chart is one image with a summary for screen readers and its numbers in a table.
 */

interface ChartProps {
  buckets: readonly Bucket[];
  size: BucketSize;
  days: number;
  dates: ActivityDateFormats;
}

const axisLabel = (size: BucketSize, dates: ActivityDateFormats) => (at: Date) => (size === 'hour' ? dates.hour : dates.day).format(at);
const longLabel = (size: BucketSize, dates: ActivityDateFormats) => (at: Date) => (size === 'hour' ? dates.dayHour : dates.day).format(at);
const labelsOf = (buckets: readonly Bucket[], size: BucketSize, dates: ActivityDateFormats) => {
  const short = axisLabel(size, dates);
  const long = longLabel(size, dates);
  return { labels: buckets.map((b) => short(labelTime(b, size))), longLabels: buckets.map((b) => long(labelTime(b, size))) };
};

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

/** Calls per bucket: errors at the base, successful calls stacked on them, so a bar's height is all its calls. */
export function CallsChart({ buckets, size, days, dates }: ChartProps) {
  return (
    <TimeChart
      id="calls-chart"
      title="Calls and errors"
      summary={describeCalls(buckets, size, days, longLabel(size, dates))}
      kind="bar"
      stacked
      {...labelsOf(buckets, size, dates)}
      series={[
        { label: 'Errors', values: buckets.map((b) => b.errors), tone: 'danger' },
        { label: 'Successful', values: buckets.map((b) => b.calls - b.errors), tone: 'primary' },
      ]}
      format={formatCount}
      integer
      table={<BucketTable buckets={buckets} size={size} dates={dates} columns="calls" />}
    />
  );
}

/** p50 and p95 latency per bucket; a bucket without calls leaves a gap. */
export function LatencyChart({ buckets, size, days, dates }: ChartProps) {
  return (
    <TimeChart
      id="latency-chart"
      title="Latency"
      summary={describeLatency(buckets, size, days, longLabel(size, dates))}
      kind="line"
      {...labelsOf(buckets, size, dates)}
      series={[
        { label: 'p50 (median)', values: buckets.map((b) => b.p50), tone: 'primary' },
        { label: 'p95', values: buckets.map((b) => b.p95), tone: 'warning', dashed: true },
      ]}
      format={formatLatency}
      table={<BucketTable buckets={buckets} size={size} dates={dates} columns="latency" />}
    />
  );
}
