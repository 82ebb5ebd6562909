/** A simulation's counts drawn on the builder's canvas (issue 36): cases through each step and connection, before → after. */
import type { SimulationRun } from '@admin-portal/contract/workflows/simulations';

export interface Counts {
  before: number;
  after: number;
}

export interface SimulationOverlay {
  version: number;
  /** Cases replayed (the widest a connection can be). */
  cases: number;
  steps: ReadonlyMap<string, Counts>;
  /** By `source→target` (connectionKey). */
  connections: ReadonlyMap<string, Counts>;
}

export const connectionKey = (source: string, target: string) => `${source}\u0000${target}`;

export function simulationOverlay(run: SimulationRun): SimulationOverlay | null {
  if (!run.summary) return null;
  return {
    version: run.version,
    cases: Math.max(1, run.summary.cases - run.summary.not_replayable),
    steps: new Map(run.summary.steps.map((s) => [s.step_id, { before: s.before, after: s.after }])),
    connections: new Map(run.summary.connections.map((c) => [connectionKey(c.source, c.target), { before: c.before, after: c.after }])),
  };
}

/** more, fewer or same: how the count moved (a CSS class names it). */
export function trend(c: Counts | undefined): 'more' | 'fewer' | 'same' {
  if (!c || c.after === c.before) return 'same';
  return c.after > c.before ? 'more' : 'fewer';
}

/** "12 → 15 cases": a step's or connection's counts in words. */
export function countsText(c: Counts | undefined): string {
  const { before, after } = c ?? { before: 0, after: 0 };
  return `${before.toLocaleString('en-US')} → ${after.toLocaleString('en-US')} ${after === 1 ? 'case' : 'cases'}`;
}

/** A connection's stroke width: 1.5 px for none, up to 7.5 px for every case. */
export const strokeWidth = (c: Counts | undefined, cases: number) => 1.5 + 6 * Math.min(1, (c?.after ?? 0) / cases);
