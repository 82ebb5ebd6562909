/**
 * Counts kept where things happen (the runtime's steps, the event streams) and read by `GET /api/metrics` when it
 * is scraped. They are kept per database handle — one per server process, one per app in tests that build several —
 * so the engine needs no metrics object passed through it and one app's figures do not mix with another's.
 */
import type { Db } from '../../db/client.ts';

/** What a step's attempt came to (the label `outcome` of portal_step_outcomes_total). */
export type StepOutcome = 'completed' | 'waiting' | 'ended_case' | 'retry_scheduled' | 'continued_after_error' | 'failed_case';

const stepOutcomes = new WeakMap<Db, Map<string, number>>();
const streamClients = new WeakMap<Db, number>();

/** Counts one step attempt of `stepType` that came to `outcome`. */
export function countStepOutcome(db: Db, stepType: string, outcome: StepOutcome): void {
  let counts = stepOutcomes.get(db);
  if (!counts) stepOutcomes.set(db, (counts = new Map()));
  const key = `${stepType}\u0000${outcome}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** Step attempts counted so far, by step type and outcome. */
export function stepOutcomesOf(db: Db): { stepType: string; outcome: string; count: number }[] {
  return [...(stepOutcomes.get(db) ?? [])].map(([key, count]) => {
    const [stepType = '', outcome = ''] = key.split('\u0000');
    return { stepType, outcome, count };
  });
}

/** A live event stream opened (+1) or closed (-1). */
export function countStreamClient(db: Db, change: 1 | -1): void {
  streamClients.set(db, Math.max(0, (streamClients.get(db) ?? 0) + change));
}

export function streamClientsOf(db: Db): number {
  return streamClients.get(db) ?? 0;
}
