import type { ReactNode } from 'react';
import { TrendBadge, type TrendInput } from './trend-badge.tsx';
import './stat-card.css';

interface Props {
  /** Unique on the page: the title's id and the value's test id derive from it. */
  id: string;
  title: string;
  value: ReactNode;
  /** The change from the previous period. */
  trend?: TrendInput;
  /** A line under the value (e.g. "p90 4.2 h", a link into the monitor). */
  children?: ReactNode;
}

/** One headline figure: its name, its value, how it moved since the previous period, and a line of context. */
export function StatCard({ id, title, value, trend, children }: Props) {
  return (
    <div className="card h-100 stat-card" role="group" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h3 id={`${id}-title`} className="small text-body-secondary text-uppercase fw-semibold mb-1 stat-card-title">
          {title}
        </h3>
        <p className="h3 mb-1 tabular-nums" data-testid={`${id}-value`}>
          {value}
        </p>
        {trend && (
          <div className="mb-1" data-testid={`${id}-trend`}>
            <TrendBadge {...trend} />
          </div>
        )}
        {children && <div className="small text-body-secondary">{children}</div>}
      </div>
    </div>
  );
}
