import { useMemo } from 'react';
import Table from 'react-bootstrap/Table';
import { APPLICATION_FLOW_LABELS, type ApplicationFlow } from '@admin-portal/contract/analytics/period';
import type { OverTimePoint, Period } from '@admin-portal/contract/analytics/api';
import { formatCount } from '../lib/figures-format.ts';
import { TimeChart, type Tone } from '../ui/charts/time-chart.tsx';
import { exportCsv } from '../ui/data-table/export-csv.ts';
import { ExportCsvButton } from '../ui/data-table/export-csv-button.tsx';
import { bucketLabels, chartedFlows, describeFlows, overTimeCsvColumns } from './over-time.ts';

const TONES: Readonly<Record<ApplicationFlow, Tone>> = {
  started: 'primary',
  completed: 'info',
  approved: 'success',
  rejected: 'warning',
  failed: 'danger',
  cancelled: 'secondary',
};
const BUCKET_HEADERS = { hour: 'Hour', day: 'Day', week: 'Week' } as const;

interface Props {
  id: string;
  title?: string;
  points: readonly OverTimePoint[];
  period: Pick<Period, 'bucket' | 'tz' | 'days'>;
  /** The status a filter picked: its line is drawn over the others, which fade. */
  status: ApplicationFlow | null;
  /** The period in words ("the last 30 days"), for the summary. */
  phrase: string;
  hour12?: boolean;
  height?: number;
}

/**
 * Applications over time: started, completed, approved, rejected and failed per bucket of the period, as lines; the
 * numbers per bucket in the data table under the chart.
 */
export function FlowsChart({ id, title = 'Applications over time', points, period, status, phrase, hour12 = false, height = 240 }: Props) {
  const labels = useMemo(() => bucketLabels(points, period, hour12), [points, period, hour12]);
  const flows = chartedFlows(status);
  return (
    <TimeChart
      id={id}
      title={title}
      summary={describeFlows(points, period.bucket, phrase, labels.long, status)}
      kind="line"
      labels={labels.short}
      longLabels={labels.long}
      series={flows.map((flow) => ({
        label: APPLICATION_FLOW_LABELS[flow],
        values: points.map((p) => p[flow]),
        tone: TONES[flow],
        muted: status !== null && flow !== status,
      }))}
      format={formatCount}
      integer
      height={height}
      table={
        <Table size="sm" className="mb-0 small">
          <thead>
            <tr>
              <th scope="col">{BUCKET_HEADERS[period.bucket]}</th>
              {flows.map((flow) => (
                <th key={flow} scope="col" className="text-end">
                  {APPLICATION_FLOW_LABELS[flow]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={p.at}>
                <th scope="row" className="fw-normal text-nowrap">
                  {labels.long[i]}
                </th>
                {flows.map((flow) => (
                  <td key={flow} className="text-end tabular-nums">
                    {formatCount(p[flow])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      }
    />
  );
}

/** Export CSV of the series over time: one row per bucket (its start and label) with every count. */
export function FlowsCsvButton({ points, period, hour12 = false, name }: Pick<Props, 'points' | 'period' | 'hour12'> & { name: string }) {
  return (
    <ExportCsvButton
      size="sm"
      noun="buckets"
      disabled={points.length === 0}
      onExport={() => exportCsv(overTimeCsvColumns(bucketLabels(points, period, hour12).long, points), points, name)}
    />
  );
}
