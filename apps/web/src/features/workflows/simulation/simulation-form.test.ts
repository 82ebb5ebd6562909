import { describe, expect, it } from 'vitest';
import { defaultSimulationForm, simulationBody } from './simulation-form.ts';

describe('the simulation form', () => {
  it('starts on the last 30 days, today included', () => {
    expect(defaultSimulationForm(new Date(2026, 10, 30, 15, 0))).toEqual({ from: '2026-11-01', to: '2026-11-30', ranOn: '', newReviews: 'wait', sandbox: [] });
  });

  it('reads whole days: from the first midnight to the midnight after the last day', () => {
    const body = simulationBody({ from: '2026-11-01', to: '2026-11-30', ranOn: '3', newReviews: 'reject', sandbox: ['kyc_check'] });
    expect(body).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 11, 1).toISOString(),
      ran_on_version: 3,
      new_reviews: 'reject',
      sandbox_tools: ['kyc_check'],
    });
  });

  it('leaves out a day that is not filled in (the server takes its default)', () => {
    expect(simulationBody({ from: '', to: '', ranOn: '', newReviews: 'wait', sandbox: [] })).toEqual({ new_reviews: 'wait' });
  });
});
