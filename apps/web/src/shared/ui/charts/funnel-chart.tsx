import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { formatCount, formatPercent } from '../../lib/figures-format.ts';
import { BarListChart } from './bar-list-chart.tsx';
import { describeFunnel, dropOffNote, funnelRows, type FunnelStepInput } from './funnel.ts';

interface Props {
  id: string;
  title: string;
  steps: readonly FunnelStepInput[];
  /** What the funnel is of, for its summary ("Onboarding"). */
  subject?: string;
  /** What a highlighted step is marked with in the table. */
  highlightLabel?: string;
  /** A table of your own instead of the default (step, reached, completed, dropped, drop-off). */
  table?: ReactNode;
}

/**
 * A conversion funnel: one row per step in order, a bar of the cases that reached it and one of those that moved
 * on, its drop-off written after them; the numbers again in a table under the chart.
 */
export function FunnelChart({ id, title, steps, subject, highlightLabel = 'Highlighted', table }: Props) {
  const rows = funnelRows(steps);
  const anyHighlight = rows.some((r) => r.highlight);
  return (
    <BarListChart
      id={id}
      title={title}
      summary={describeFunnel(rows, subject ?? title)}
      labels={rows.map((r) => r.label)}
      series={[
        { label: 'Reached', values: rows.map((r) => r.reached), tone: 'info' },
        { label: 'Completed', values: rows.map((r) => r.completed), tone: 'primary' },
      ]}
      notes={rows.map(dropOffNote)}
      highlight={anyHighlight ? rows.map((r) => !!r.highlight) : undefined}
      format={formatCount}
      integer
      table={
        table ?? (
          <Table size="sm" className="mb-0 small">
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col" className="text-end">
                  Reached
                </th>
                <th scope="col" className="text-end">
                  Completed
                </th>
                <th scope="col" className="text-end">
                  Dropped
                </th>
                <th scope="col" className="text-end">
                  Drop-off
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <th scope="row" className="fw-normal">
                    {r.label}
                    {r.highlight && <span className="badge text-bg-warning ms-2">{highlightLabel}</span>}
                  </th>
                  <td className="text-end tabular-nums">{formatCount(r.reached)}</td>
                  <td className="text-end tabular-nums">{formatCount(r.completed)}</td>
                  <td className="text-end tabular-nums">{formatCount(r.dropped)}</td>
                  <td className="text-end tabular-nums">{formatPercent(r.dropOff)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )
      }
    />
  );
}
