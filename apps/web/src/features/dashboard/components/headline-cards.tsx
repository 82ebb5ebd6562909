import { Link } from 'react-router';
import type { Dashboard } from '@admin-portal/contract/analytics/api';
import { monitorPath } from '../../../shared/analytics/portal-links.ts';
import { StatCard } from '../../../shared/ui/stat-card.tsx';
import { dashboardCards, type DashboardCard } from '../lib/dashboard-figures.ts';

interface Props {
  dashboard: Dashboard;
  /** The period in words ("the last 7 days"). */
  phrase: string;
  /** The user may open the Real-time Monitor (the failed and open cards lead there). */
  monitor: boolean;
}

const MONITOR_LINKS: Readonly<Record<NonNullable<DashboardCard['monitor']>, { path: string; label: string }>> = {
  failed: { path: monitorPath({ status: 'failed' }), label: 'See the failed cases' },
  open: { path: monitorPath(), label: 'Watch them live' },
};

/** The period's headline figures, each beside the previous period's, and the cases open now. */
export function HeadlineCards({ dashboard, phrase, monitor }: Props) {
  const cards = dashboardCards(dashboard.totals, dashboard.previous, dashboard.open_now);
  return (
    <section aria-labelledby="dashboard-headline-title" className="mb-4">
      <h2 id="dashboard-headline-title" className="visually-hidden">
        Headline figures for {phrase}
      </h2>
      <div className="row g-3 row-cols-2 row-cols-lg-3 row-cols-xxl-6">
        {cards.map((card) => {
          const link = monitor && card.monitor ? MONITOR_LINKS[card.monitor] : null;
          return (
            <div key={card.id} className="col">
              <StatCard id={card.id} title={card.title} value={card.value} trend={card.trend ?? undefined}>
                {card.trend === null && <span className="d-block">Right now</span>}
                {card.note && <span className="d-block">{card.note}</span>}
                {link && (
                  <Link to={link.path} className="d-inline-block mt-1">
                    {link.label}
                  </Link>
                )}
              </StatCard>
            </div>
          );
        })}
      </div>
    </section>
  );
}
