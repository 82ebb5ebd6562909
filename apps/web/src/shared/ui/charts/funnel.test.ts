import { describe, expect, it } from 'vitest';
import { describeFunnel, dropOffNote, funnelRows } from './funnel.ts';

const steps = [
  { id: 'a', label: 'Received', reached: 120, completed: 120 },
  { id: 'b', label: 'Documents', reached: 120, completed: 90 },
  { id: 'c', label: 'Review', reached: 90, completed: 80 },
];

describe('funnel', () => {
  it('works out each step’s drop-off', () => {
    const rows = funnelRows(steps);
    expect(rows.map((r) => [r.dropped, r.dropOff])).toEqual([
      [0, 0],
      [30, 0.25],
      [10, 10 / 90],
    ]);
    expect(rows.map(dropOffNote)).toEqual([null, '−25%', '−11.1%']);
    expect(funnelRows([{ id: 'x', label: 'X', reached: 0, completed: 0 }])[0]!.dropOff).toBeNull();
  });

  it('says the funnel in a sentence, naming the step where most dropped off', () => {
    expect(describeFunnel(funnelRows(steps), 'KYC')).toBe(
      'KYC over 3 steps: 120 reached Received, 80 completed Review. Most cases dropped off at Documents: 30 of 120 (25%).',
    );
    expect(describeFunnel(funnelRows([{ id: 'a', label: 'A', reached: 3, completed: 3 }]))).toBe(
      'The funnel over 1 step: 3 reached A, 3 completed A. No case dropped off.',
    );
    expect(describeFunnel(funnelRows([{ id: 'a', label: 'A', reached: 0, completed: 0 }]), 'KYC')).toBe('KYC over 1 step: no cases reached any step.');
    expect(describeFunnel([], 'KYC')).toBe('KYC: no steps.');
  });
});
