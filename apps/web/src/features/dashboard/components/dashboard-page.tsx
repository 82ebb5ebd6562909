import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useLatestSearchParams } from '../../../shared/hooks/use-latest-search-params.ts';
import type { Organization } from '@admin-portal/contract/organizations';
import type { User } from '@admin-portal/contract/users';
import { periodPhrase, periodProblem, todayIn, type PeriodState } from '../../../shared/analytics/period-state.ts';
import { PeriodControl } from '../../../shared/analytics/period-control.tsx';
import { useAnalyticsZone } from '../../../shared/analytics/use-analytics-zone.ts';
import { zonedFormat } from '../../../shared/lib/date-formats.ts';
import { TOAST_CLEAR } from '../../../shared/notifications/toast-clearance.ts';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { useDashboard } from '../api/get-dashboard.ts';
import type { DashboardAbilities } from '../lib/abilities.ts';
import { dashboardQuery, parseDashboardPeriod, writeDashboardPeriod } from '../lib/dashboard-period.ts';
import { AccountStrip } from './account-strip.tsx';
import { DashboardBody } from './dashboard-body.tsx';
import { DashboardLoading } from './dashboard-loading.tsx';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import './dashboard.css';

interface Props {
  user: User;
  /** The organization the user works in (a super admin's chosen one, else their own). */
  organization: Organization | null;
  abilities: DashboardAbilities;
}

/**
 * The first page after sign-in: how onboarding is going (headline figures against the previous period, applications
 * over time, funnels, tool health, insights) and what needs the user now (the review queue and overdue cases, what
 * waits for an administrator, the latest events). The period lives in the URL; the figures refresh every minute.
 */
export function DashboardPage({ user, organization, abilities }: Props) {
  const [params, setParams] = useLatestSearchParams();
  const period = parseDashboardPeriod(params);
  const zone = useAnalyticsZone();
  const problem = periodProblem(period, zone.today);
  const query = useDashboard(zone.tz ? dashboardQuery(period, zone.tz) : null);
  const data = query.data;

  const choose = (next: PeriodState) => setParams((prev) => writeDashboardPeriod(new URLSearchParams(prev), next), { replace: true });
  const formats = useMemo(() => {
    const tz = zone.tz ?? undefined;
    const day = zonedFormat({ month: 'short', day: 'numeric', year: 'numeric' }, 'UTC');
    const dayTime = zonedFormat({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: zone.hour12 }, tz);
    return {
      day: (d: string) => day.format(new Date(`${d}T00:00:00Z`)),
      when: (iso: string) => {
        const at = new Date(iso);
        const today = zone.tz ? todayIn(zone.tz, at) === zone.today : false;
        return { short: today ? zone.dates.time.format(at) : dayTime.format(at), full: zone.dates.full.format(at) };
      },
    };
  }, [zone]);
  const phrase = periodPhrase(period, formats.day);
  // A super admin looking at every organization keeps a current one (their own) in the shell; the figures say which.
  const where = data && data.organization_id === null ? 'all organizations' : (organization?.name ?? user.organization_name ?? 'your organization');

  return (
    <>
      <header className="page-header mb-4">
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-3 mb-3">
          <div>
            <h1 className="h3 mb-1">{PAGE_HEADINGS['/dashboard'].heading}</h1>
            <p className="text-body-secondary mb-0">
              How onboarding is going in {where} over {phrase}, and what needs you now.
            </p>
          </div>
          <div className="d-flex align-items-center gap-2 small text-body-secondary ms-auto" {...TOAST_CLEAR}>
            {data && (
              <span
                data-testid="dashboard-updated"
                title={data.period.as_of ? `Figures include the runtime’s events up to ${zone.dates.full.format(new Date(data.period.as_of))}` : undefined}
              >
                Updated <time dateTime={data.generated_at}>{zone.dates.time.format(new Date(data.generated_at))}</time>
              </span>
            )}
            <Button variant="outline-secondary" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching || !zone.tz || !!problem}>
              {query.isFetching && data ? (
                <>
                  <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
                  Refreshing…
                </>
              ) : (
                'Refresh'
              )}
            </Button>
          </div>
        </div>
        <PeriodControl id="dashboard-period" value={period} today={zone.today} onChange={choose} problem={problem} />
      </header>

      {query.isError && (
        <RetryAlert className="mb-4" onRetry={() => query.refetch()}>
          {data
            ? `The figures could not be refreshed (${query.error.message}); these are from ${zone.dates.time.format(new Date(data.generated_at))}.`
            : `The dashboard could not be loaded: ${query.error.message}`}
        </RetryAlert>
      )}

      {problem ? (
        <Alert variant="info" className="mb-4">
          Choose the first and last day of the period to see its figures.
        </Alert>
      ) : data ? (
        <div className="dashboard-figures" aria-busy={query.isPlaceholderData}>
          <DashboardBody
            dashboard={data}
            period={period}
            phrase={phrase}
            abilities={abilities}
            when={formats.when}
            hour12={zone.hour12}
            now={Date.parse(data.generated_at)}
            onLonger={() => choose({ range: '90d', from: '', to: '', bucket: '' })}
          />
        </div>
      ) : (
        !query.isError && <DashboardLoading />
      )}

      <AccountStrip user={user} organization={organization} formatDate={(iso) => zone.dates.full.format(new Date(iso))} />
    </>
  );
}
