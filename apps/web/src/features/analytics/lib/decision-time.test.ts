import { describe, expect, it } from 'vitest';
import { describeDecisionTime } from './decision-time.ts';

const band = (label: string, count: number) => ({ label, up_to_ms: null, count });

describe('describeDecisionTime', () => {
  it('says how many were decided and the band most fell in', () => {
    expect(describeDecisionTime([band('Under 1 hour', 1), band('1–4 hours', 3), band('Over 7 days', 0)])).toBe(
      'Time to decision of 4 decided applications: most (3, 75%) took 1–4 hours.',
    );
  });

  it('says when nothing was decided', () => {
    expect(describeDecisionTime([band('Under 1 hour', 0)])).toBe('Time to decision: no application was approved or rejected in this period.');
  });
});
