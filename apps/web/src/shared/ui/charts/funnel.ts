import { formatCount, formatPercent, plural } from '../../lib/figures-format.ts';

/** One step of a funnel: how many reached it and how many moved on from it. */
export interface FunnelStepInput {
  id: string;
  label: string;
  reached: number;
  completed: number;
  /** Picked out (e.g. among the slowest steps). */
  highlight?: boolean;
}

export interface FunnelRow extends FunnelStepInput {
  /** reached − completed: cases that did not move on (failed, cancelled, or still there). */
  dropped: number;
  /** dropped ÷ reached; null when nobody reached the step. */
  dropOff: number | null;
}

export function funnelRows(steps: readonly FunnelStepInput[]): FunnelRow[] {
  return steps.map((s) => {
    const dropped = Math.max(0, s.reached - s.completed);
    return { ...s, dropped, dropOff: s.reached > 0 ? dropped / s.reached : null };
  });
}

/** The note after a row's bars: its drop-off ("−25%"), nothing when none dropped. */
export const dropOffNote = (row: FunnelRow): string | null => (row.dropOff ? `−${formatPercent(row.dropOff)}` : null);

/**
 * The funnel in a sentence (the drawing's accessible name): how many reached the first step and completed the last,
 * and where most cases dropped off.
 */
export function describeFunnel(rows: readonly FunnelRow[], subject = 'The funnel'): string {
  if (rows.length === 0) return `${subject}: no steps.`;
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  if (first.reached === 0 && rows.every((r) => r.reached === 0)) return `${subject} over ${plural(rows.length, 'step')}: no cases reached any step.`;
  const worst = rows.reduce<FunnelRow | null>((w, r) => (r.dropped > 0 && (!w || r.dropped > w.dropped) ? r : w), null);
  const drop = worst
    ? ` Most cases dropped off at ${worst.label}: ${formatCount(worst.dropped)} of ${formatCount(worst.reached)} (${formatPercent(worst.dropOff)}).`
    : ' No case dropped off.';
  return `${subject} over ${plural(rows.length, 'step')}: ${formatCount(first.reached)} reached ${first.label}, ${formatCount(last.completed)} completed ${last.label}.${drop}`;
}
