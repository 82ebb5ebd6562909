import { describe, expect, it } from 'vitest';
import type { ApplicationTotals } from '@admin-portal/contract/analytics/api';
import { compareWithPrevious } from '../lib/trend.ts';
import { headlineFigures } from './headline-figures.ts';

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

describe('headlineFigures', () => {
  const current = totals({
    started: 45,
    completed: 30,
    approved: 24,
    rejected: 6,
    failed: 3,
    cancelled: 1,
    approval_rate: 0.8,
    failure_rate: 3 / 34,
    decision_p50_ms: 3_600_000,
    decision_p90_ms: 7_200_000,
  });
  const previous = totals({
    started: 40,
    completed: 20,
    approved: 15,
    rejected: 5,
    approval_rate: 0.75,
    failure_rate: 0.1,
    decision_p50_ms: 5_400_000,
    decision_p90_ms: null,
  });
  const figures = headlineFigures(current, previous);

  it('shows each figure as it reads, with context', () => {
    expect(figures.map((f) => [f.title, f.value, f.note])).toEqual([
      ['Started', '45', null],
      ['Completed', '30', '24 approved · 6 rejected'],
      ['Approval rate', '80%', 'of 30 decided'],
      ['Failure rate', '8.8%', '3 failed of 34 ended'],
      ['Time to decision (median)', '1 h', null],
      ['Time to decision (p90)', '2 h', '9 in 10 decided within this'],
    ]);
  });

  it('compares with the previous period, shorter decisions and fewer failures being good news', () => {
    const tone = (i: number) => {
      const t = figures[i]!.trend!;
      return compareWithPrevious(t.current, t.previous, t.kind, t.upIsGood).tone;
    };
    expect([tone(0), tone(1), tone(2), tone(3), tone(4), tone(5)]).toEqual(['good', 'good', 'good', 'good', 'good', 'neutral']);
  });

  it('leaves out the comparison without a previous period', () => {
    expect(headlineFigures(current, null).every((f) => f.trend === null)).toBe(true);
  });
});
