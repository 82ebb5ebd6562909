/**
 * The identity check (ADR 0058): a case replayed on the version it ran on must take the same steps, the same branches,
 * and end where it ended. Any difference is a bug in recording or in replay; this names the first one and why.
 */
import type { PinnedGraph } from '../pinned-graph.ts';
import { pathOf, type RecordedCase } from './recorded-case.ts';
import type { ReplayEnd, ReplayResult } from './replay-case.ts';

export type IdentityCheck = { same: true } | { same: false; step_id: string | null; reason: string };

/** Steps whose branch says where the case went. */
const BRANCHING = new Set(['condition', 'approval']);

const FINISHED = new Set(['completed', 'failed']);

/** A replay's end in words ("needs a live call of \"kyc\"", "waits for a review"). */
export function describeEnd(end: ReplayEnd): string {
  switch (end.kind) {
    case 'completed':
      return `completed (${end.outcome})`;
    case 'failed':
      return `failed: ${end.error}`;
    case 'waiting':
      return end.waiting_for === 'form' ? 'waits for the applicant' : 'waits for a review';
    case 'needs_live_call':
      return `needs a live call of "${end.tool}"`;
    case 'in_progress':
      return 'in progress';
    case 'cancelled':
      return 'cancelled';
    case 'not_replayable':
      return end.reason;
  }
}

/** Where the recorded case ended, as a replay would say it; null while it has not started (nothing to compare). */
function recordedEnd(recorded: RecordedCase): ReplayEnd | null {
  const at = recorded.current_step_id;
  switch (recorded.status) {
    case 'completed':
      return { kind: 'completed', outcome: recorded.outcome ?? 'completed' };
    case 'failed':
      return { kind: 'failed', step_id: at ?? '', error: recorded.error ?? '' };
    case 'cancelled':
      return { kind: 'cancelled', step_id: at };
    case 'waiting':
      if (recorded.waiting_for === 'form' || recorded.waiting_for === 'approval')
        return { kind: 'waiting', step_id: at ?? '', waiting_for: recorded.waiting_for };
      return { kind: 'in_progress', step_id: at ?? '' };
    default:
      return recorded.visits.length > 0 ? { kind: 'in_progress', step_id: at ?? '' } : null;
  }
}

function sameEnd(a: ReplayEnd, b: ReplayEnd): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'completed') return a.outcome === (b as typeof a).outcome;
  if (a.kind === 'waiting') return a.step_id === (b as typeof a).step_id && a.waiting_for === (b as typeof a).waiting_for;
  if (a.kind === 'in_progress') return a.step_id === (b as typeof a).step_id;
  return true;
}

/** Whether replaying the case on the version it ran on gave back its history; else the first difference. */
export function compareWithRecord(recorded: RecordedCase, replay: ReplayResult, graph?: PinnedGraph): IdentityCheck {
  const name = (id: string | null) => (id ? `"${graph?.steps.get(id)?.name ?? id}"` : 'the start');
  if (replay.end.kind === 'not_replayable') return { same: false, step_id: null, reason: replay.end.reason };
  const expectedEnd = recordedEnd(recorded);
  if (!expectedEnd) return { same: true };

  const taken = pathOf(recorded).filter((v) => FINISHED.has(v.status));
  for (let i = 0; i < Math.max(taken.length, replay.path.length); i += 1) {
    const was = taken[i];
    const now = replay.path[i];
    if (!was || !now) {
      const last = (was ?? now)!;
      return {
        same: false,
        step_id: last.step_id,
        reason: was
          ? `The case went on to ${name(was.step_id)}; the replay ended before it: ${describeEnd(replay.end)}`
          : `The replay went on to ${name(now!.step_id)}; the case had ended: ${describeEnd(expectedEnd)}`,
      };
    }
    if (was.step_id !== now.step_id) {
      return { same: false, step_id: now.step_id, reason: `Step ${i + 1}: the case went to ${name(was.step_id)}, the replay to ${name(now.step_id)}` };
    }
    if (BRANCHING.has(was.step_type) && (was.branch ?? null) !== (now.branch ?? null)) {
      return {
        same: false,
        step_id: now.step_id,
        reason: `At ${name(now.step_id)} the case took the branch "${was.branch}", the replay "${now.branch}"`,
      };
    }
  }
  if (!sameEnd(expectedEnd, replay.end)) {
    return { same: false, step_id: null, reason: `The case ${describeEnd(expectedEnd)}; the replay ${describeEnd(replay.end)}` };
  }
  return { same: true };
}
