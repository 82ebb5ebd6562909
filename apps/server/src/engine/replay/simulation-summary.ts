/**
 * What a change would do (issue 36): each replayed case's end on the draft beside how it ended (its history), summed
 * up — outcomes that change and how, cases that would now wait, reviews and tool calls added or removed, and how many
 * cases pass each step and each connection on either side (for the graph).
 */
import type { PinnedGraph } from '../pinned-graph.ts';
import { pathOf, type RecordedCase } from './recorded-case.ts';
import type { ReplayEnd, ReplayResult } from './replay-case.ts';

/** How a case ended, in one word a table can count: an outcome, or why it did not end. */
export type EndLabel = string;

export function endLabel(end: ReplayEnd): EndLabel {
  switch (end.kind) {
    case 'completed':
      return end.outcome;
    case 'waiting':
      return end.waiting_for === 'form' ? 'waits_for_applicant' : 'waits_for_review';
    default:
      return end.kind;
  }
}

/** How the recorded case ended (or where it stood when read), as `endLabel` says a replay's. */
export function recordedLabel(c: RecordedCase): EndLabel {
  if (c.status === 'completed') return c.outcome ?? 'completed';
  if (c.status === 'failed') return 'failed';
  if (c.status === 'cancelled') return 'cancelled';
  if (c.status === 'waiting' && c.waiting_for === 'form') return 'waits_for_applicant';
  if (c.status === 'waiting' && c.waiting_for === 'approval') return 'waits_for_review';
  return 'in_progress';
}

export interface SimulatedCase {
  recorded: RecordedCase;
  replay: ReplayResult;
}

export interface SimulationSummary {
  cases: number;
  /** Cases with no history to replay (recorded before replay recording began). */
  not_replayable: number;
  /** Cases whose end differs. */
  changed: number;
  /** Old end → new end → cases (only the pairs that occur). */
  transitions: { from: EndLabel; to: EndLabel; cases: number }[];
  /** Reviews each role would see, before and after. */
  reviews: { role: string; before: number; after: number }[];
  /** Calls of each tool, before and after (replayed calls; a call that needs a live run counts after). */
  tool_calls: { tool: string; before: number; after: number }[];
  /** Cases through each step, before (on the version they ran on) and after (on the draft), by step id. */
  steps: { step_id: string; before: number; after: number }[];
  /** Cases along each connection `source→target`, before and after. */
  connections: { source: string; target: string; before: number; after: number }[];
}

const bump = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);

/**
 * Sums up a run: `ranOn` is the version the cases ran on (names the roles and tools of their recorded steps), `draft`
 * the graph they were replayed on.
 */
export function summarizeSimulation(cases: readonly SimulatedCase[], ranOn: PinnedGraph, draft: PinnedGraph): SimulationSummary {
  const transitions = new Map<string, number>();
  const reviews = new Map<string, { before: number; after: number }>();
  const tools = new Map<string, { before: number; after: number }>();
  const steps = new Map<string, { before: number; after: number }>();
  const connections = new Map<string, { before: number; after: number }>();
  const side = <K>(m: Map<K, { before: number; after: number }>, k: K, which: 'before' | 'after') => {
    const row = m.get(k) ?? { before: 0, after: 0 };
    row[which] += 1;
    m.set(k, row);
  };
  let notReplayable = 0;
  let changed = 0;

  for (const { recorded, replay } of cases) {
    if (replay.end.kind === 'not_replayable') {
      notReplayable += 1;
      continue;
    }
    const from = recordedLabel(recorded);
    const to = endLabel(replay.end);
    if (from !== to) changed += 1;
    bump(transitions, `${from}\u0000${to}`);

    // Before: the steps the case took (a step it still waits at counts: it is there).
    const before = pathOf(recorded).filter((v) => v.status !== 'cancelled');
    before.forEach((v, i) => {
      side(steps, v.step_id, 'before');
      if (i > 0) side(connections, `${before[i - 1]!.step_id}\u0000${v.step_id}`, 'before');
      const step = ranOn.steps.get(v.step_id);
      if (v.step_type === 'approval') side(reviews, String(step?.config.assignee_role ?? 'unknown'), 'before');
      if (v.step_type === 'tool' && v.status !== 'waiting') side(tools, String(step?.config.tool_name ?? 'unknown'), 'before');
    });
    // After: the replayed path, and the step it stopped at (waiting for a review, a form, a live call).
    const end = replay.end;
    const stoppedAt = end.kind === 'waiting' || end.kind === 'needs_live_call' || end.kind === 'in_progress' ? end.step_id : null;
    const after = [...replay.path.map((v) => v.step_id), ...(stoppedAt ? [stoppedAt] : [])];
    after.forEach((id, i) => {
      side(steps, id, 'after');
      if (i > 0) side(connections, `${after[i - 1]!}\u0000${id}`, 'after');
      const step = draft.steps.get(id);
      if (step?.type === 'approval') side(reviews, String(step.config.assignee_role ?? 'unknown'), 'after');
      if (step?.type === 'tool') side(tools, String(step.config.tool_name ?? 'unknown'), 'after');
    });
  }

  const rows = <T>(m: Map<string, { before: number; after: number }>, make: (k: string) => T) =>
    [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => ({ ...make(k), ...v }));
  return {
    cases: cases.length,
    not_replayable: notReplayable,
    changed,
    transitions: [...transitions.entries()]
      .map(([k, n]) => {
        const [from, to] = k.split('\u0000') as [string, string];
        return { from, to, cases: n };
      })
      .sort((a, b) => b.cases - a.cases || (a.from + a.to < b.from + b.to ? -1 : 1)),
    reviews: rows(reviews, (role) => ({ role })),
    tool_calls: rows(tools, (tool) => ({ tool })),
    steps: rows(steps, (step_id) => ({ step_id })),
    connections: rows(connections, (k) => {
      const [source, target] = k.split('\u0000') as [string, string];
      return { source, target };
    }),
  };
}
