import { describe, expect, it } from 'vitest';
import type { SimulationRun } from '@admin-portal/contract/workflows/simulations';
import { connectionKey, countsText, simulationOverlay, strokeWidth, trend } from './simulation-overlay.ts';

describe('a simulation drawn on the canvas', () => {
  const run = {
    version: 3,
    summary: {
      cases: 12,
      not_replayable: 2,
      changed: 1,
      period_days: 30,
      transitions: [],
      reviews: [],
      tool_calls: [],
      steps: [{ step_id: 'a', before: 10, after: 7 }],
      connections: [{ source: 'a', target: 'b', before: 4, after: 5 }],
    },
  } as unknown as SimulationRun;

  it('counts cases per step and connection, of the cases that could be replayed', () => {
    const overlay = simulationOverlay(run)!;
    expect(overlay.cases).toBe(10);
    expect(overlay.steps.get('a')).toEqual({ before: 10, after: 7 });
    expect(overlay.connections.get(connectionKey('a', 'b'))).toEqual({ before: 4, after: 5 });
    expect(simulationOverlay({ ...run, summary: null })).toBeNull();
  });

  it('says how a count moved', () => {
    expect(trend({ before: 4, after: 5 })).toBe('more');
    expect(trend({ before: 5, after: 4 })).toBe('fewer');
    expect(trend(undefined)).toBe('same');
    expect(countsText({ before: 1200, after: 1 })).toBe('1,200 → 1 case');
    expect(countsText(undefined)).toBe('0 → 0 cases');
  });

  it('draws a connection wider the more cases take it', () => {
    expect(strokeWidth(undefined, 10)).toBe(1.5);
    expect(strokeWidth({ before: 0, after: 5 }, 10)).toBe(4.5);
    expect(strokeWidth({ before: 0, after: 20 }, 10)).toBe(7.5);
  });
});
