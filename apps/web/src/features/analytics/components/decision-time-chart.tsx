import Table from 'react-bootstrap/Table';
import { formatCount, formatPercent } from '../../../shared/lib/figures-format.ts';
import { BarListChart } from '../../../shared/ui/charts/bar-list-chart.tsx';
import { describeDecisionTime, type DecisionBand } from '../lib/decision-time.ts';

/** How long decisions took: decided applications per band of time from intake to approval or rejection. */
export function DecisionTimeChart({ bands }: { bands: readonly DecisionBand[] }) {
  const total = bands.reduce((n, b) => n + b.count, 0);
  return (
    <BarListChart
      id="decision-time-chart"
      title="Time to decision"
      summary={describeDecisionTime(bands)}
      labels={bands.map((b) => b.label)}
      series={[{ label: 'Decided applications', values: bands.map((b) => b.count), tone: 'success' }]}
      notes={bands.map((b) => (total > 0 && b.count > 0 ? formatPercent(b.count / total) : null))}
      format={formatCount}
      integer
      table={
        <Table size="sm" className="mb-0 small">
          <thead>
            <tr>
              <th scope="col">Time to decision</th>
              <th scope="col" className="text-end">
                Applications
              </th>
              <th scope="col" className="text-end">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {bands.map((b) => (
              <tr key={b.label}>
                <th scope="row" className="fw-normal">
                  {b.label}
                </th>
                <td className="text-end tabular-nums">{formatCount(b.count)}</td>
                <td className="text-end tabular-nums">{total > 0 ? formatPercent(b.count / total) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      }
    />
  );
}
