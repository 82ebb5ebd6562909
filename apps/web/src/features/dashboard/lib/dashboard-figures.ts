import type { ApplicationTotals, Dashboard } from '@admin-portal/contract/analytics/api';
import { headlineFigures } from '../../../shared/analytics/headline-figures.ts';
import { formatCount, formatDuration, formatPercent, plural } from '../../../shared/lib/figures-format.ts';
import type { TrendInput } from '../../../shared/ui/trend-badge.tsx';

/** One headline card of the dashboard: its title, value, change from the previous period (none for a snapshot) and a line of context. */
export interface DashboardCard {
  id: string;
  title: string;
  value: string;
  trend: TrendInput | null;
  note: string | null;
  /** Which of the monitor's views the card leads to, when the user may open it. */
  monitor: 'failed' | 'open' | null;
}

type OpenNow = Dashboard['open_now'];

/**
 * What the open cases wait for, largest first: "44 waiting for a form · 12 for a review · 2 running". Null when
 * nothing is open.
 */
export function openBreakdown(open: OpenNow): string | null {
  if (open.total === 0) return null;
  const waits = (
    [
      [open.waiting_form, 'a form'],
      [open.waiting_review, 'a review'],
      [open.waiting_delay, 'a timer'],
      [open.waiting_retry, 'a retry'],
    ] as const
  )
    .filter(([n]) => n > 0)
    .sort((a, b) => b[0] - a[0])
    .map(([n, what], i) => `${formatCount(n)} ${i === 0 ? 'waiting ' : ''}for ${what}`);
  const running = open.running > 0 ? [`${formatCount(open.running)} running`] : [];
  const parts = [...waits, ...running];
  return parts.length > 0 ? parts.join(' · ') : null;
}

/**
 * The dashboard's headline cards: applications started and completed, the approval rate and the median time to a
 * decision (the analytics pages' figures, with their trends), the failed cases (fewer is better), and the cases open
 * now with what they wait for (a snapshot, so no trend).
 */
export function dashboardCards(totals: ApplicationTotals, previous: ApplicationTotals, open: OpenNow): DashboardCard[] {
  const shared = new Map(headlineFigures(totals, previous, 'dashboard').map((f) => [f.id, f]));
  const pick = (id: string, title?: string): DashboardCard => {
    const f = shared.get(`dashboard-${id}`)!;
    return { id: f.id, title: title ?? f.title, value: f.value, trend: f.trend, note: f.note, monitor: null };
  };
  const ended = totals.completed + totals.failed + totals.cancelled;
  return [
    pick('started', 'Applications started'),
    pick('completed'),
    pick('approval'),
    pick('decision-p50'),
    {
      id: 'dashboard-failed',
      title: 'Failed',
      value: formatCount(totals.failed),
      trend: { current: totals.failed, previous: previous.failed, kind: 'count', upIsGood: false, format: formatCount },
      note: ended > 0 ? `${formatPercent(totals.failure_rate)} of ${plural(ended, 'ended case')}` : 'No case ended in this period',
      monitor: totals.failed > 0 ? 'failed' : null,
    },
    {
      id: 'dashboard-open',
      title: 'Open now',
      value: formatCount(open.total),
      trend: null,
      note: openBreakdown(open) ?? 'No case is open',
      monitor: open.total > 0 ? 'open' : null,
    },
  ];
}

/** Whether the organization has had no applications at all: nothing in the period, nothing open, nothing recent. */
export function noApplicationsYet(d: Pick<Dashboard, 'totals' | 'previous' | 'open_now' | 'activity' | 'over_time'>): boolean {
  const moved = (t: ApplicationTotals) => t.started + t.completed + t.failed + t.cancelled > 0;
  return !moved(d.totals) && !moved(d.previous) && d.open_now.total === 0 && d.activity.length === 0 && d.over_time.every((p) => p.started === 0);
}

/** One thing that waits for an administrator, with where to act on it. */
export interface AttentionItem {
  id: 'tools' | 'sign-ups' | 'users' | 'workflows';
  count: number;
  text: string;
  path: string;
  place: string;
}

/** The attention items the server counted for this user (a null count is one the user may not act on). */
export function attentionItems(attention: Dashboard['attention']): AttentionItem[] {
  if (!attention) return [];
  const items: AttentionItem[] = [];
  const tools = attention.tools_pending_approval;
  if (tools !== null)
    items.push({
      id: 'tools',
      count: tools,
      text: tools === 0 ? 'No tool waits for approval' : tools === 1 ? '1 tool waits for approval' : `${formatCount(tools)} tools wait for approval`,
      path: '/tools?status=pending_approval',
      place: 'Tool Registry',
    });
  const signUps = attention.pending_sign_ups;
  // Said only when there is one: most organizations never take sign-ups.
  if (signUps !== null && signUps > 0)
    items.push({
      id: 'sign-ups',
      count: signUps,
      text: signUps === 1 ? '1 sign-up waits for approval' : `${formatCount(signUps)} sign-ups wait for approval`,
      path: '/users?status=pending',
      place: 'User Management',
    });
  const users = attention.locked_users;
  if (users !== null)
    items.push({
      id: 'users',
      count: users,
      text: users === 0 ? 'No account is locked' : users === 1 ? '1 account is locked' : `${formatCount(users)} accounts are locked`,
      path: '/users?status=locked',
      place: 'User Management',
    });
  const workflows = attention.invalid_active_workflows;
  if (workflows !== null)
    items.push({
      id: 'workflows',
      count: workflows,
      text:
        workflows === 0
          ? 'No active workflow fails its checks'
          : workflows === 1
            ? '1 active workflow fails its checks'
            : `${formatCount(workflows)} active workflows fail their checks`,
      path: '/workflows?status=active',
      place: 'All Workflows',
    });
  return items;
}

/** How long ago an instant was, as a duration ("14.5 d", "3.2 h"); "—" without one. */
export function sinceText(iso: string | null, now: number): string {
  if (!iso) return '—';
  return formatDuration(Math.max(0, now - Date.parse(iso)));
}

/** How long until `iso` (a deadline still ahead), for "due in …". */
export function untilText(iso: string, now: number): string {
  return formatDuration(Math.max(0, Date.parse(iso) - now));
}
