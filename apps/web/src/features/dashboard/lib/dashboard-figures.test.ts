import { describe, expect, it } from 'vitest';
import type { ApplicationTotals, Dashboard } from '@admin-portal/contract/analytics/api';
import { compareWithPrevious, trendSentence } from '../../../shared/lib/trend.ts';
import { attentionItems, dashboardCards, noApplicationsYet, openBreakdown, sinceText } from './dashboard-figures.ts';

const totals = (t: Partial<ApplicationTotals> = {}): ApplicationTotals => ({
  started: 0,
  completed: 0,
  approved: 0,
  rejected: 0,
  failed: 0,
  cancelled: 0,
  approval_rate: null,
  failure_rate: null,
  decision_p50_ms: null,
  decision_p90_ms: null,
  ...t,
});
const open = (o: Partial<Dashboard['open_now']> = {}): Dashboard['open_now'] => ({
  total: 0,
  running: 0,
  waiting_form: 0,
  waiting_review: 0,
  waiting_delay: 0,
  waiting_retry: 0,
  ...o,
});

describe('openBreakdown', () => {
  it('says what the open cases wait for, largest first, then those running', () => {
    expect(openBreakdown(open({ total: 58, waiting_form: 44, waiting_review: 12, running: 2 }))).toBe('44 waiting for a form · 12 for a review · 2 running');
    expect(openBreakdown(open({ total: 1, waiting_retry: 1 }))).toBe('1 waiting for a retry');
    expect(openBreakdown(open({ total: 3, running: 3 }))).toBe('3 running');
  });

  it('says nothing when nothing is open', () => {
    expect(openBreakdown(open())).toBeNull();
  });
});

describe('dashboardCards', () => {
  const current = totals({
    started: 67,
    completed: 32,
    approved: 21,
    rejected: 11,
    failed: 2,
    approval_rate: 0.6563,
    failure_rate: 2 / 34,
    decision_p50_ms: 79_098_102,
  });
  const previous = totals({
    started: 48,
    completed: 36,
    approved: 26,
    rejected: 10,
    failed: 2,
    approval_rate: 0.7222,
    failure_rate: 0.0526,
    decision_p50_ms: 98_872_627,
  });
  const cards = dashboardCards(current, previous, open({ total: 56, waiting_form: 44, waiting_review: 12 }));

  it('shows started, completed, approval rate, median time to decision, failed and open now', () => {
    expect(cards.map((c) => [c.title, c.value, c.note])).toEqual([
      ['Applications started', '67', null],
      ['Completed', '32', '21 approved · 11 rejected'],
      ['Approval rate', '65.6%', 'of 32 decided'],
      ['Time to decision (median)', '22 h', null],
      ['Failed', '2', '5.9% of 34 ended cases'],
      ['Open now', '56', '44 waiting for a form · 12 for a review'],
    ]);
  });

  it('compares each period figure with the previous period in words; open now is a snapshot', () => {
    const sentences = cards.map((c) => {
      if (!c.trend) return null;
      const t = c.trend;
      return trendSentence(compareWithPrevious(t.current, t.previous, t.kind, t.upIsGood), t.kind, t.previous === null ? '—' : t.format(t.previous));
    });
    expect(sentences).toEqual([
      'up 40% from 48 in the previous period',
      'down 11% from 36 in the previous period',
      'down 6.6 points from 72.2% in the previous period',
      'down 20% from 27.5 h in the previous period',
      'no change from 2 in the previous period',
      null,
    ]);
  });

  it('calls fewer failures good news, and leads into the monitor only when there is something to see', () => {
    const fewer = dashboardCards(totals({ failed: 1 }), totals({ failed: 4 }), open());
    const failed = fewer.find((c) => c.id === 'dashboard-failed')!;
    expect(compareWithPrevious(failed.trend!.current, failed.trend!.previous, failed.trend!.kind, failed.trend!.upIsGood).tone).toBe('good');
    expect(failed.monitor).toBe('failed');
    expect(fewer.find((c) => c.id === 'dashboard-open')).toMatchObject({ monitor: null, note: 'No case is open' });
    expect(dashboardCards(totals(), totals(), open()).find((c) => c.id === 'dashboard-failed')).toMatchObject({
      monitor: null,
      note: 'No case ended in this period',
    });
  });
});

describe('noApplicationsYet', () => {
  const empty = {
    totals: totals(),
    previous: totals(),
    open_now: open(),
    activity: [],
    over_time: [{ at: 'a', started: 0, completed: 0, approved: 0, rejected: 0, failed: 0, cancelled: 0 }],
  };

  it('is true for an organization where nothing has happened', () => {
    expect(noApplicationsYet(empty)).toBe(true);
  });

  it('is false as soon as anything happened, in this period or the previous one, or a case is open', () => {
    expect(noApplicationsYet({ ...empty, previous: totals({ started: 1 }) })).toBe(false);
    expect(noApplicationsYet({ ...empty, open_now: open({ total: 1, running: 1 }) })).toBe(false);
    expect(noApplicationsYet({ ...empty, totals: totals({ completed: 1 }) })).toBe(false);
  });
});

describe('attentionItems', () => {
  it('lists only what the server counted for this user, each with where to act on it', () => {
    expect(attentionItems(null)).toEqual([]);
    expect(attentionItems({ tools_pending_approval: null, pending_sign_ups: null, locked_users: 2, invalid_active_workflows: null })).toEqual([
      { id: 'users', count: 2, text: '2 accounts are locked', path: '/users?status=locked', place: 'User Management' },
    ]);
  });

  it('words each count, none and one included', () => {
    const texts = (a: NonNullable<Dashboard['attention']>) => attentionItems(a).map((i) => i.text);
    expect(texts({ tools_pending_approval: 1, pending_sign_ups: 0, locked_users: 1, invalid_active_workflows: 1 })).toEqual([
      '1 tool waits for approval',
      '1 account is locked',
      '1 active workflow fails its checks',
    ]);
    expect(texts({ tools_pending_approval: 3, pending_sign_ups: 2, locked_users: 0, invalid_active_workflows: 2 })).toEqual([
      '3 tools wait for approval',
      '2 sign-ups wait for approval',
      'No account is locked',
      '2 active workflows fail their checks',
    ]);
    expect(texts({ tools_pending_approval: 0, pending_sign_ups: 0, locked_users: 0, invalid_active_workflows: 0 })).toEqual([
      'No tool waits for approval',
      'No account is locked',
      'No active workflow fails its checks',
    ]);
  });
});

describe('sinceText', () => {
  it('reads how long ago an instant was', () => {
    const now = Date.parse('2026-11-26T08:00:00Z');
    expect(sinceText('2026-11-26T05:00:00Z', now)).toBe('3 h');
    expect(sinceText('2026-11-11T20:00:00Z', now)).toBe('14.5 d');
    expect(sinceText(null, now)).toBe('—');
  });
});
