import type { ReactNode } from 'react';
import type { ApplicationTotals } from '@admin-portal/contract/analytics/api';
import { headlineFigures } from '../../../shared/analytics/headline-figures.ts';
import { StatCard } from '../../../shared/ui/stat-card.tsx';

interface Props {
  totals: ApplicationTotals;
  /** Null when the call has no previous period (no comparisons then). */
  previous: ApplicationTotals | null;
  idPrefix?: string;
  /** Cards after the headline figures (open now, SLA breaches). */
  children?: ReactNode;
}

/** The period's headline figures, each beside the previous period's. */
export function HeadlineCards({ totals, previous, idPrefix = 'headline', children }: Props) {
  return (
    <section aria-labelledby={`${idPrefix}-heading`} className="mb-4">
      <h2 id={`${idPrefix}-heading`} className="visually-hidden">
        Headline figures
      </h2>
      <div className="row g-3 row-cols-1 row-cols-sm-2 row-cols-lg-4">
        {headlineFigures(totals, previous, idPrefix).map((f) => (
          <div key={f.id} className="col">
            <StatCard id={f.id} title={f.title} value={f.value} trend={f.trend ?? undefined}>
              {f.note}
            </StatCard>
          </div>
        ))}
        {children}
      </div>
    </section>
  );
}
