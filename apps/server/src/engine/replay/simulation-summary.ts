/**
 * What a change would do (issue 36): each replayed case's end on the draft beside how it ended (its history), summed
 * up — outcomes that change and how, cases that would now wait, reviews and tool calls added or removed, and how many
 * cases pass each step and each connection on either side (for the graph).
 */
import { slaMs } from '../executors/approval.ts';
import type { PinnedGraph } from '../pinned-graph.ts';
import { pathOf, type RecordedCase } from './recorded-case.ts';
import { durationOf, type ReplayEnd, type ReplayResult } from './replay-case.ts';

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
  /**
   * Reviews each role would see, before and after, and of them those decided past their step's deadline (before: as
   * recorded against the version the case ran on; after: the recorded time against this version's deadline; a review
   * decided by the run's choice has no time and is never counted late).
   */
  reviews: { role: string; before: number; after: number; late_before: number; late_after: number }[];
  /**
   * Calls of each tool, before and after (replayed calls; a call that needs a live run counts after), with their mean
   * latency where known (recorded calls, and calls made now), in ms.
   */
  tool_calls: { tool: string; before: number; after: number; latency_before_ms: number | null; latency_after_ms: number | null }[];
  /**
   * Time to decision: from the case's start to its end, the sum of its steps' times, over the cases that end (before: as
   * recorded; after: those whose every step's time is known — see ReplayedVisit.ms).
   */
  decision_time: { before: TimeStats | null; after: TimeStats | null };
  /** Cases through each step, before (on the version they ran on) and after (on the draft), by step id. */
  steps: { step_id: string; before: number; after: number }[];
  /** Cases along each connection `source→target`, before and after. */
  connections: { source: string; target: string; before: number; after: number }[];
}

type SlaConfig = Parameters<typeof slaMs>[0];

/** Times over a number of cases, in ms. */
export interface TimeStats {
  cases: number;
  median_ms: number;
  p90_ms: number;
}

/** The median and 90th percentile of `values` (nearest rank), or null when there are none. */
export function timeStats(values: number[]): TimeStats | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!);
  return { cases: sorted.length, median_ms: at(0.5), p90_ms: at(0.9) };
}

/** Latency sums and counts of each tool's calls, before and after. */
type Latencies = Map<string, { before: number; beforeN: number; after: number; afterN: number }>;
const mean = (sum: number, n: number) => (n > 0 ? Math.round(sum / n) : null);

const bump = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);

type Sides = Map<string, { before: number; after: number }>;
const side = (m: Sides, k: string, which: 'before' | 'after') => {
  const row = m.get(k) ?? { before: 0, after: 0 };
  row[which] += 1;
  m.set(k, row);
};

/**
 * Sums up a run case by case (a run of 100,000 cases never holds them all): `ranOn(version)` is the version a case ran
 * on (names the roles and tools of its recorded steps), `draft` the graph the cases are replayed on.
 */
export class SimulationTally {
  private readonly transitions = new Map<string, number>();
  private readonly reviews: Sides = new Map();
  private readonly tools: Sides = new Map();
  private readonly steps: Sides = new Map();
  private readonly connections: Sides = new Map();
  private readonly latencies: Latencies = new Map();
  private readonly late: Sides = new Map();
  private readonly decidedBefore: number[] = [];
  private readonly decidedAfter: number[] = [];
  private cases = 0;
  private notReplayable = 0;
  private changed = 0;

  private readonly ranOn: (version: number) => PinnedGraph | undefined;
  private readonly draft: PinnedGraph;

  constructor(ranOn: (version: number) => PinnedGraph | undefined, draft: PinnedGraph) {
    this.ranOn = ranOn;
    this.draft = draft;
  }

  add({ recorded, replay }: SimulatedCase): void {
    this.cases += 1;
    if (replay.end.kind === 'not_replayable') {
      this.notReplayable += 1;
      return;
    }
    const from = recordedLabel(recorded);
    const to = endLabel(replay.end);
    if (from !== to) this.changed += 1;
    bump(this.transitions, `${from}\u0000${to}`);

    // Before: the steps the case took (a step it still waits at counts: it is there).
    const ranOn = this.ranOn(recorded.workflow_version);
    const before = pathOf(recorded).filter((v) => v.status !== 'cancelled');
    before.forEach((v, i) => {
      side(this.steps, v.step_id, 'before');
      if (i > 0) side(this.connections, `${before[i - 1]!.step_id}\u0000${v.step_id}`, 'before');
      const step = ranOn?.steps.get(v.step_id);
      if (v.step_type === 'approval') {
        const role = String(step?.config.assignee_role ?? 'unknown');
        // Each review the visit had (a second one under four eyes counts as its role's work, ADR 0063).
        for (const r of v.reviews ?? [{ role }]) side(this.reviews, r.role, 'before');
        const took = durationOf(v);
        if (step && took !== null && took > slaMs(step.config as SlaConfig)) side(this.late, role, 'before');
      }
      if (v.step_type === 'tool' && v.status !== 'waiting') {
        const tool = String(step?.config.tool_name ?? 'unknown');
        side(this.tools, tool, 'before');
        const latency = (v.output as { latency_ms?: unknown } | null)?.latency_ms;
        if (typeof latency === 'number') this.latency(tool, 'before', latency);
      }
    });
    if (recorded.status === 'completed') {
      const times = before.map(durationOf);
      if (times.every((t) => t !== null)) this.decidedBefore.push(times.reduce((a, b) => a + b, 0));
    }
    // After: the replayed path, and the step it stopped at (waiting for a review, a form, a live call).
    const after = afterPath(replay);
    const reviewsAt = [...replay.path.map((v) => v.reviews), replay.end.kind === 'waiting' ? replay.end.reviews : undefined];
    after.forEach((id, i) => {
      side(this.steps, id, 'after');
      if (i > 0) side(this.connections, `${after[i - 1]!}\u0000${id}`, 'after');
      const step = this.draft.steps.get(id);
      if (step?.type === 'approval') for (const role of reviewsAt[i] ?? [String(step.config.assignee_role ?? 'unknown')]) side(this.reviews, role, 'after');
      if (step?.type === 'tool') side(this.tools, String(step.config.tool_name ?? 'unknown'), 'after');
    });
    for (const v of replay.path) {
      if (v.step_type === 'approval' && v.ms !== null) {
        const step = this.draft.steps.get(v.step_id);
        if (step && v.ms > slaMs(step.config as SlaConfig)) side(this.late, String(step.config.assignee_role ?? 'unknown'), 'after');
      }
      const latency = v.latency_ms;
      if (latency !== undefined) this.latency(String(this.draft.steps.get(v.step_id)?.config.tool_name ?? 'unknown'), 'after', latency);
    }
    if (replay.end.kind === 'completed' && replay.path.every((v) => v.ms !== null)) this.decidedAfter.push(replay.path.reduce((a, v) => a + v.ms!, 0));
  }

  private latency(tool: string, which: 'before' | 'after', ms: number): void {
    const row = this.latencies.get(tool) ?? { before: 0, beforeN: 0, after: 0, afterN: 0 };
    if (which === 'before') {
      row.before += ms;
      row.beforeN += 1;
    } else {
      row.after += ms;
      row.afterN += 1;
    }
    this.latencies.set(tool, row);
  }

  summary(): SimulationSummary {
    const rows = <T>(m: Sides, make: (k: string) => T) =>
      [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => ({ ...make(k), ...v }));
    return {
      cases: this.cases,
      not_replayable: this.notReplayable,
      changed: this.changed,
      transitions: [...this.transitions.entries()]
        .map(([k, n]) => {
          const [from, to] = k.split('\u0000') as [string, string];
          return { from, to, cases: n };
        })
        .sort((a, b) => b.cases - a.cases || (a.from + a.to < b.from + b.to ? -1 : 1)),
      reviews: rows(this.reviews, (role) => ({ role, late_before: this.late.get(role)?.before ?? 0, late_after: this.late.get(role)?.after ?? 0 })),
      tool_calls: rows(this.tools, (tool) => {
        const l = this.latencies.get(tool);
        return { tool, latency_before_ms: l ? mean(l.before, l.beforeN) : null, latency_after_ms: l ? mean(l.after, l.afterN) : null };
      }),
      decision_time: { before: timeStats(this.decidedBefore), after: timeStats(this.decidedAfter) },
      steps: rows(this.steps, (step_id) => ({ step_id })),
      connections: rows(this.connections, (k) => {
        const [source, target] = k.split('\u0000') as [string, string];
        return { source, target };
      }),
    };
  }
}

/** The step ids of a replay's path, then the step it stopped at (waiting for a review, a form, a live call). */
export function afterPath(replay: ReplayResult): string[] {
  const end = replay.end;
  const stoppedAt = end.kind === 'waiting' || end.kind === 'needs_live_call' || end.kind === 'in_progress' ? end.step_id : null;
  return [...replay.path.map((v) => v.step_id), ...(stoppedAt ? [stoppedAt] : [])];
}

/** Sums up a run whose cases all ran on `ranOn` (see SimulationTally). */
export function summarizeSimulation(cases: readonly SimulatedCase[], ranOn: PinnedGraph, draft: PinnedGraph): SimulationSummary {
  const tally = new SimulationTally(() => ranOn, draft);
  for (const c of cases) tally.add(c);
  return tally.summary();
}
