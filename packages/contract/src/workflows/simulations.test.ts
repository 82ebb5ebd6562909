import { describe, expect, it } from 'vitest';
import { reviewsPerDayChange, simulatedOnText, simulationEndText, simulationHeadline, startSimulationSchema, SIMULATION_MESSAGES } from './simulations.ts';

describe('a simulation in words', () => {
  const summary = {
    cases: 1204,
    changed: 12,
    period_days: 30,
    reviews: [
      { role: 'operator', before: 60, after: 105 },
      { role: 'manager', before: 3, after: 3 },
    ],
  };

  it('says how many outcomes change and how many reviews a day it adds', () => {
    expect(reviewsPerDayChange(summary)).toBe(1.5);
    expect(simulationHeadline(summary)).toBe('12 outcomes change, reviews per day +1.5');
    expect(simulationHeadline({ ...summary, changed: 1, reviews: [{ role: 'operator', before: 9, after: 0 }] })).toBe(
      '1 outcome changes, reviews per day \u22120.3',
    );
    expect(simulationHeadline({ ...summary, changed: 0, reviews: [] })).toBe('0 outcomes change, reviews per day \u00b10');
    expect(simulatedOnText(summary)).toBe('This change was simulated on 1,204 cases: 12 outcomes change, reviews per day +1.5.');
  });

  it('names ends', () => {
    expect(simulationEndText('approved')).toBe('Approved');
    expect(simulationEndText('waits_for_review')).toBe('Would wait for a review');
    expect(simulationEndText('needs_live_call')).toBe('Needs a live call');
  });
});

describe('starting a run', () => {
  it('takes the last 30 days and every recorded version by default', () => {
    expect(startSimulationSchema.parse({})).toEqual({ new_reviews: 'wait', max_cases: 100_000, sandbox_tools: [] });
  });

  it('refuses a period that ends before it starts or spans more than 366 days', () => {
    const backwards = startSimulationSchema.safeParse({ from: '2026-05-01T00:00:00Z', to: '2026-04-01T00:00:00Z' });
    expect(backwards.error?.issues).toMatchObject([{ path: ['to'], message: SIMULATION_MESSAGES.periodOrder }]);
    const long = startSimulationSchema.safeParse({ from: '2025-01-01T00:00:00Z', to: '2026-01-03T00:00:00Z' });
    expect(long.error?.issues).toMatchObject([{ path: ['from'], message: SIMULATION_MESSAGES.periodTooLong }]);
    expect(startSimulationSchema.safeParse({ from: '2025-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' }).success).toBe(true);
  });
});
