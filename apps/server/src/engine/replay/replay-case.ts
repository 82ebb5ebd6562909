/**
 * Replays one recorded case on a workflow version, in memory (ADR 0058): the live runtime's executors run start,
 * condition, form, tool, AI, delay and end, given replay ports and a transaction that refuses every statement, so a
 * replay writes nothing and calls nothing outside. What the steps cannot know comes from the case's history: a tool
 * call's result (matched by tool and input), a form's answers, a review's decision, a notification that failed. What
 * the history does not hold stops the case, named; it is never guessed.
 */
import { canonicalJson } from '@admin-portal/contract/canonical-json';
import type { SavedStep } from '@admin-portal/contract/workflows/api';
import type { Db, Queryable } from '../../db/client.ts';
import type { AiProvider } from '../ai/provider.ts';
import { needsSecondDecision, secondRoleOf } from '../executors/approval.ts';
import { recipientOf, type NotificationConfig } from '../executors/notification.ts';
import { executorOf } from '../executors/index.ts';
import { formAnswered, type FormConfig } from '../executors/form.ts';
import type { RuntimeDeps, StepOutcome } from '../executors/types.ts';
import type { PinnedGraph } from '../pinned-graph.ts';
import type { ToolCall, ToolRunner } from '../ports.ts';
import type { CaseRow } from '../transitions.ts';
import { pathOf, type RecordedCase, type RecordedVisit } from './recorded-case.ts';

/** What a review the case never had is decided as (a step the draft added, or one the case did not reach). */
export type NewReviewChoice = 'approve' | 'reject' | 'as_recorded_by_role' | 'wait';

/**
 * Tools a replay may run itself, by name: tools that compute their answer from the input alone (transform tools: no
 * network, no secrets), so a call the history never made can still be answered without calling out.
 */
export type LocalTools = ReadonlyMap<string, LocalTool>;
/** A tool's answer and where it came from (computed here, or called for real in a sandbox); null: no answer now. */
export type LocalTool = (input: Record<string, unknown>, environment: string) => Promise<{ call: ToolCall; source: 'computed' | 'sandbox' } | null>;

export interface ReplayOptions {
  /** The provider AI steps run with (the current one). */
  ai: AiProvider;
  newReviews: NewReviewChoice;
  localTools?: LocalTools;
  /**
   * Told of each step the replay passes (not the one it stops at), with the data before it and what it merged: how a
   * generated history finds what each visit of a path records (bench/lib/path-records.ts).
   */
  onVisit?: (visit: { step: SavedStep; branch: string | null; before: Record<string, unknown>; merged: Record<string, unknown> | undefined }) => void;
}

/** Where a step's result came from. */
export type ReplaySource = 'computed' | 'recorded' | 'replayed' | 'choice' | 'not_sent' | 'sandbox';

export interface ReplayedVisit {
  step_id: string;
  step_type: string;
  branch: string | null;
  source: ReplaySource;
  /**
   * How long the case would stay at the step, in ms: the recorded visit's time where the case had this visit, a delay's
   * own time, a call's latency, what an AI step takes now; null where nothing says (a review decided by the run's
   * choice, a form answered from another form's answers).
   */
  ms: number | null;
  /** A tool step: its call's latency (recorded, or of the call made now), in ms. */
  latency_ms?: number;
  /** An approval step: the roles of its reviews on the draft (the first, and a second under four eyes). */
  reviews?: string[];
}

export type ReplayEnd =
  | { kind: 'completed'; outcome: string }
  | { kind: 'failed'; step_id: string; error: string }
  /** It would wait here: for the applicant (`form`) or for a review (`approval`, with its reviews' roles as far as it got). */
  | { kind: 'waiting'; step_id: string; waiting_for: 'form' | 'approval'; reviews?: string[] }
  /** A tool call the history never made, with this input. */
  | { kind: 'needs_live_call'; step_id: string; tool: string }
  /** The history stops here: the case was still at this step (a timer, a retry) when it was read. */
  | { kind: 'in_progress'; step_id: string }
  | { kind: 'cancelled'; step_id: string | null }
  /** Nothing to replay from (a case from before replay recording began). */
  | { kind: 'not_replayable'; reason: string };

export interface ReplayResult {
  path: ReplayedVisit[];
  end: ReplayEnd;
  data: Record<string, unknown>;
}

export const REPLAY_MESSAGES = {
  notRecorded: 'Recorded before replay recording began: its starting data is not known',
  loops: 'The replay passed 1000 steps: the workflow loops',
  noStart: 'The workflow has no Start step',
  unknownStep: (type: string) => `Steps of type "${type}" cannot be replayed`,
  noNextStep: (name: string, branch: string | null) => `The workflow has no step after "${name}"${branch ? ` on branch "${branch}"` : ''}`,
} as const;

const MAX_STEPS = 1000;

/** A transaction that refuses every statement: the executors replay runs never reach the database. */
const NO_DATABASE: Queryable & Db = new Proxy({} as Queryable & Db, {
  get() {
    throw new Error('Replay writes nothing: a step tried to use the database');
  },
});

const refuse = (what: string) => () => {
  throw new Error(`Replay sends nothing: a step tried to use ${what}`);
};

/**
 * The recorded tool visits of a case, found by the step's tool name and its input (canonical JSON). A step retrying
 * gets the same visit's result each time; a later visit making the same call takes the next one recorded.
 */
class RecordedCalls {
  private readonly byCall = new Map<string, RecordedVisit[]>();
  private readonly used = new Map<string, number>();
  private last: string | null = null;
  /** A call the history never made (the replay stops there). */
  missing: { tool: string } | null = null;
  /** Where the last call's answer came from when not from the history (a local tool), else null. */
  lastSource: 'computed' | 'sandbox' | null = null;
  /** The last call's latency (recorded, or of the local call), in ms. */
  lastLatency: number | undefined;

  private readonly ranOn: PinnedGraph | undefined;
  private readonly local: LocalTools | undefined;

  constructor(recorded: RecordedCase, ranOn: PinnedGraph | undefined, local?: LocalTools) {
    this.ranOn = ranOn;
    this.local = local;
    for (const v of pathOf(recorded)) {
      if (v.step_type !== 'tool' || v.input === null || v.input === undefined) continue;
      const key = RecordedCalls.key(this.configOf(v).tool_name, v.input);
      this.byCall.set(key, [...(this.byCall.get(key) ?? []), v]);
    }
  }

  private static key(tool: unknown, input: unknown): string {
    return `${String(tool ?? '')}\u0000${canonicalJson(input)}`;
  }

  /** The recorded visit's tool step, in the version the case ran on. */
  private configOf(v: RecordedVisit): Record<string, unknown> {
    return this.ranOn?.steps.get(v.step_id)?.config ?? {};
  }

  /** What the recorded visit came to, as the tool runner would have answered the call. */
  call(tool: string, input: Record<string, unknown>, environment: string): ToolCall | Promise<ToolCall> {
    const key = RecordedCalls.key(tool, input);
    this.last = key;
    this.lastSource = null;
    this.lastLatency = undefined;
    const visits = this.byCall.get(key);
    if (!visits) {
      const local = this.local?.get(tool);
      if (local) return this.runLocal(local, tool, input, environment);
      this.missing = { tool };
      return { kind: 'unusable', error: `No recorded call of "${tool}" with this input` };
    }
    const visit = visits[Math.min(this.used.get(key) ?? 0, visits.length - 1)]!;
    const recorded = (visit.output ?? {}) as { execution_id?: string; latency_ms?: number; continued?: boolean };
    if (typeof recorded.latency_ms === 'number') this.lastLatency = recorded.latency_ms;
    const field = this.configOf(visit).output_field;
    const value = typeof field === 'string' ? visit.merged?.[field] : undefined;
    const ran = (status: string, output: unknown, error: string | null): ToolCall => ({
      kind: 'ran',
      executionId: recorded.execution_id ?? '',
      status,
      latencyMs: recorded.latency_ms ?? 0,
      output,
      error,
      afterwards: async () => undefined,
    });
    if (visit.status === 'failed') return ran('error', null, visit.error ?? 'The tool call failed');
    if (recorded.continued) {
      // The step went on after an error: a call that ran and failed merged its error; one refused before it ran
      // (its input did not fit, its configuration could not be used) merged nothing, and neither does its replay.
      if (value === undefined) return { kind: 'unusable', error: (recorded as { error?: string }).error ?? 'The tool call failed' };
      const failure = value as { error?: string; status?: string };
      return ran(failure.status ?? 'error', null, failure.error ?? 'The tool call failed');
    }
    return ran('success', value, null);
  }

  /** A local tool's answer; none (null: it may not be called now) leaves the call missing, as with no local tool. */
  private async runLocal(local: LocalTool, tool: string, input: Record<string, unknown>, environment: string): Promise<ToolCall> {
    const answer = await local(input, environment);
    if (answer) {
      this.lastSource = answer.source;
      if (answer.call.kind === 'ran') this.lastLatency = answer.call.latencyMs;
      return answer.call;
    }
    this.missing = { tool };
    return { kind: 'unusable', error: `No recorded call of "${tool}" with this input` };
  }

  /** The step is done with its call: a later visit making the same call takes the next recorded one. */
  consumeLast(): void {
    if (this.last) this.used.set(this.last, (this.used.get(this.last) ?? 0) + 1);
    this.last = null;
  }
}

/** The replay's ports: tools answer from the history, AI steps run with the given provider, nothing else is reachable. */
function replayDeps(calls: RecordedCalls, options: ReplayOptions): RuntimeDeps {
  const tools: ToolRunner = {
    callsOut: () => false,
    find: async (_q, target) => ({
      kind: 'found',
      call: async (input) => calls.call(target.toolName, input, target.environment),
    }),
  };
  return {
    db: NO_DATABASE,
    secretKey: '',
    retryBaseMs: 0,
    tools,
    applicantLinks: { issue: refuse('applicant links') },
    webhooks: { post: refuse('webhooks') },
    mailer: { configured: false, send: refuse('e-mail'), close: () => undefined },
    ai: options.ai,
    metrics: { stepOutcome: () => undefined },
    clock: { now: () => Date.now() },
  };
}

/** The n-th recorded visit of a step (0 for the first), or undefined. */
function visitOf(visits: readonly RecordedVisit[], stepId: string, n: number): RecordedVisit | undefined {
  let seen = 0;
  for (const v of visits) {
    if (v.step_id !== stepId) continue;
    if (seen === n) return v;
    seen += 1;
  }
  return undefined;
}

/**
 * The decisions the case's history holds, by role, in order: each review's (first and second decisions alike, ADR
 * 0063), or where the history has no reviews, each decided approval visit's by its step's role.
 */
function decisionsByRole(recorded: RecordedCase, source: PinnedGraph | undefined): { role: string; decision: string }[] {
  return pathOf(recorded).flatMap((v) => {
    if (v.step_type !== 'approval') return [];
    if (v.reviews) return v.reviews.flatMap((r) => (r.decision ? [{ role: r.role, decision: r.decision }] : []));
    const role = source?.steps.get(v.step_id)?.config.assignee_role;
    return v.status === 'completed' && v.branch && typeof role === 'string' ? [{ role, decision: v.branch }] : [];
  });
}

/** A review the case never had, for `role`: the run's choice; "as recorded by role" takes the case's last decision by that role. */
function choiceFor(role: string, recorded: RecordedCase, source: PinnedGraph | undefined, choice: NewReviewChoice): string | null {
  if (choice === 'approve') return 'approved';
  if (choice === 'reject') return 'rejected';
  if (choice === 'wait') return null;
  return (
    decisionsByRole(recorded, source)
      .filter((d) => d.role === role)
      .at(-1)?.decision ?? null
  );
}

/** What an approval step comes to on the draft: its branch (null: the case would wait there), whence, and its reviews' roles. */
interface ApprovalReplay {
  branch: string | null;
  from: ReplaySource;
  roles: string[];
}

/**
 * An approval step on the draft, four eyes included (ADR 0063). The first decision is the recorded one where the case
 * had this visit (its first review's, or the visit's branch), else the run's choice. Whether a second decision follows
 * is the draft's rule on the data now; the second is the recorded second review's when the case had one, else a review
 * the case never had (the run's choice, for the second role). A second decision the draft drops leaves the first one
 * final.
 */
function replayApproval(
  step: SavedStep,
  seen: RecordedVisit | undefined,
  c: CaseRow,
  recorded: RecordedCase,
  source: PinnedGraph | undefined,
  choice: NewReviewChoice,
): ApprovalReplay {
  const firstRole = String(step.config.assignee_role ?? '');
  const firstReview = seen?.reviews?.find((r) => r.stage === 1);
  let first: string | null;
  let from: ReplaySource = 'recorded';
  if (firstReview) first = firstReview.decision;
  else if (seen?.status === 'completed') first = seen.branch;
  else if (seen) first = null;
  else {
    first = choiceFor(firstRole, recorded, source, choice);
    from = 'choice';
  }
  if (first !== 'approved' && first !== 'rejected') return { branch: null, from, roles: [firstRole] };
  if (!needsSecondDecision(step, first, c)) return { branch: first, from, roles: [firstRole] };
  const secondRole = secondRoleOf(step);
  const roles = [firstRole, secondRole];
  const secondReview = seen?.reviews?.find((r) => r.stage === 2);
  if (secondReview) return { branch: secondReview.decision, from, roles };
  // The case's history ends at this review (it was waiting for the second decision when it was read).
  if (seen && seen.status !== 'completed' && seen.reviews) return { branch: null, from, roles };
  const second = choiceFor(secondRole, recorded, source, choice);
  return { branch: second, from: second === null ? from : 'choice', roles };
}

/** The answers the case gave to any form, latest last: what a form the draft added can be answered from. */
function recordedAnswers(recorded: RecordedCase): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const v of pathOf(recorded)) if (v.step_type === 'form' && v.status === 'completed' && v.merged) Object.assign(answers, v.merged);
  return answers;
}

/**
 * Replays `recorded` on `graph` (the draft, or the version it ran on: the identity check). `source` is the graph of the
 * version the case ran on, which names the tools and output fields of its recorded visits.
 */
export async function replayCase(graph: PinnedGraph, recorded: RecordedCase, ranOn: PinnedGraph | undefined, options: ReplayOptions): Promise<ReplayResult> {
  const path: ReplayedVisit[] = [];
  if (!recorded.initial_data) return { path, end: { kind: 'not_replayable', reason: REPLAY_MESSAGES.notRecorded }, data: {} };
  // Cancelled before the runtime took it: it never ran.
  if (recorded.status === 'cancelled' && recorded.visits.length === 0) return { path, end: { kind: 'cancelled', step_id: null }, data: recorded.initial_data };
  const calls = new RecordedCalls(recorded, ranOn, options.localTools);
  const taken = pathOf(recorded);
  const deps = replayDeps(calls, options);
  const c: CaseRow = {
    id: recorded.id,
    organization_id: recorded.organization_id,
    workflow_id: graph.workflowId,
    workflow_version: graph.version,
    status: 'running',
    applicant: recorded.applicant,
    data: structuredClone(recorded.initial_data),
    external_ref: recorded.external_ref,
    environment: recorded.environment,
    current_step_id: null,
    current_step_run_id: null,
    waiting_for: null,
    wait_until: null,
    outcome: null,
  };
  const visits = new Map<string, number>();
  const end = (e: ReplayEnd): ReplayResult => ({ path, end: e, data: c.data });

  let step = graph.start;
  if (!step) return end({ kind: 'failed', step_id: '', error: REPLAY_MESSAGES.noStart });
  for (let hops = 0; hops < MAX_STEPS; hops += 1) {
    const n = visits.get(step.id) ?? 0;
    visits.set(step.id, n + 1);
    calls.lastLatency = undefined;
    const seen = visitOf(taken, step.id, n);
    if (seen?.status === 'cancelled') return end({ kind: 'cancelled', step_id: step.id });
    // Where the history stops: the case was still at this step (a timer, a retry, a call) when it was read.
    const unfinished = seen !== undefined && (seen.status === 'waiting' || seen.status === 'running');
    let branch: string | null = null;
    let from: ReplaySource = 'computed';
    let merged: Record<string, unknown> | undefined;
    /** What the step took when it ran now (an AI step, a delay's wait), in ms. */
    let took: number | null = null;
    /** An approval step's reviews on the draft, by role (a second one under four eyes). */
    let reviews: string[] | undefined;

    if (step.type === 'approval') {
      const review = replayApproval(step, seen, c, recorded, ranOn, options.newReviews);
      reviews = review.roles;
      if (!review.branch) return end({ kind: 'waiting', step_id: step.id, waiting_for: 'approval', reviews });
      branch = review.branch;
      from = review.from;
    } else if (step.type === 'notification') {
      // Nothing is sent: the step goes on, unless the case recorded it failing (or still trying) here, or its
      // recipient, filled from the data now, could not be used (a step the draft added or changed, say).
      from = 'not_sent';
      if (seen?.status === 'failed') return fail(step, seen.error ?? 'The notification failed', 'recorded');
      if (unfinished) return end({ kind: 'in_progress', step_id: step.id });
      const { problem } = recipientOf(step.config as unknown as NotificationConfig, c);
      if (problem) return fail(step, problem, 'computed');
    } else if (step.type === 'form' && seen?.status === 'completed') {
      // The answers the case gave at this form (none when its data answered it); a required field the draft added
      // that was never answered would make the applicant come back.
      merged = seen.merged ?? undefined;
      from = 'recorded';
      const form = step.config as unknown as FormConfig;
      const answered = { ...c.data, ...merged };
      if (form.fields.some((f) => f.required && !Object.hasOwn(answered, f.key))) return end({ kind: 'waiting', step_id: step.id, waiting_for: 'form' });
    } else if (unfinished && step.type !== 'form') {
      return end({ kind: 'in_progress', step_id: step.id });
    } else if (step.type === 'tool' && seen && seen.status !== 'waiting' && (seen.input === null || seen.input === undefined)) {
      // It ended before calling anything (the tool was not approved, its configuration unusable): as recorded, failed
      // or gone on after the error with nothing merged.
      if (seen.status === 'failed') return fail(step, seen.error ?? 'The tool step failed', 'recorded');
      merged = seen.merged ?? undefined;
      from = 'recorded';
    } else if (step.type === 'ai' && seen && sameConfig(step, ranOn) && (seen.status === 'completed' || seen.status === 'failed')) {
      // The same AI step, unchanged: its recorded answer (a model need not answer twice alike), or its failure.
      if (seen.status === 'failed') return fail(step, seen.error ?? 'The AI step failed', 'recorded');
      merged = seen.merged ?? undefined;
      from = 'recorded';
    } else {
      const executor = executorOf(step.type);
      if (!executor) return fail(step, REPLAY_MESSAGES.unknownStep(step.type), 'computed');
      const policy = executor.retryPolicy?.(step) ?? { retries: 0, onError: 'fail' as const };
      let outcome: StepOutcome;
      const started = performance.now();
      for (let attempt = 1; ; attempt += 1) {
        const run = { id: '', step_id: step.id, status: 'running', attempts: attempt - 1 };
        outcome = await executor.run({ case: c, step, run, graph, deps, tx: NO_DATABASE, attempt });
        if (outcome.kind !== 'error' || !outcome.retryable || attempt > policy.retries || calls.missing) break;
      }
      took = performance.now() - started;
      if (calls.missing) return end({ kind: 'needs_live_call', step_id: step.id, tool: calls.missing.tool });
      if (step.type === 'tool') {
        from = calls.lastSource ?? 'replayed';
        calls.consumeLast();
      }
      switch (outcome.kind) {
        case 'done':
          branch = outcome.branch ?? null;
          merged = outcome.data;
          break;
        case 'end':
          path.push({ step_id: step.id, step_type: step.type, branch: null, source: from, ms: durationOf(seen) ?? 0 });
          return end({ kind: 'completed', outcome: outcome.outcome });
        case 'wait':
          if (outcome.waitingFor === 'form') {
            // Not answered by the data: the applicant never answered this form, or (a form the case never reached)
            // the answers it gave to any form with these fields.
            if (seen) return end({ kind: 'waiting', step_id: step.id, waiting_for: 'form' });
            const form = step.config as unknown as FormConfig;
            const answers = pick(recordedAnswers(recorded), form);
            if (!formAnswered(form, { ...c.data, ...answers })) return end({ kind: 'waiting', step_id: step.id, waiting_for: 'form' });
            merged = answers;
            from = 'recorded';
          } else if (outcome.until) {
            // A delay passes at once; the case would have waited its time.
            took = Math.max(0, outcome.until.getTime() - deps.clock.now());
          }
          break;
        case 'error':
          if (policy.onError === 'continue') {
            merged = outcome.data;
            break;
          }
          return fail(step, outcome.error, from);
      }
    }

    options.onVisit?.({ step, branch, before: c.data, merged });
    if (merged && Object.keys(merged).length > 0) c.data = { ...c.data, ...merged };
    path.push({
      step_id: step.id,
      step_type: step.type,
      branch,
      source: from,
      ...timeOf(step, seen, from, took, calls.lastLatency),
      ...(reviews ? { reviews } : {}),
    });
    const next = graph.next(step.id, branch);
    if (!next) return end({ kind: 'failed', step_id: step.id, error: REPLAY_MESSAGES.noNextStep(step.name, branch) });
    step = next;
  }
  return end({ kind: 'failed', step_id: step.id, error: REPLAY_MESSAGES.loops });

  function fail(at: SavedStep, error: string, src: ReplaySource): ReplayResult {
    path.push({ step_id: at.id, step_type: at.type, branch: null, source: src, ms: null });
    return end({ kind: 'failed', step_id: at.id, error });
  }
}

/** How long a recorded visit lasted, in ms (null while it has not ended). */
export function durationOf(v: RecordedVisit | undefined): number | null {
  return v?.completed_at ? Math.max(0, new Date(v.completed_at).getTime() - new Date(v.entered_at).getTime()) : null;
}

/**
 * A replayed step's time (see ReplayedVisit.ms): the case's own visit of the step when it had one and the replay used
 * it (or the step only computes), else what ran now; null where nothing says how long it would take.
 */
function timeOf(
  step: SavedStep,
  seen: RecordedVisit | undefined,
  from: ReplaySource,
  took: number | null,
  latency: number | undefined,
): Pick<ReplayedVisit, 'ms' | 'latency_ms'> {
  const recorded = durationOf(seen);
  if (step.type === 'tool') {
    // A call answered from the history took the visit's time (retries too); one made now, its latency.
    const ms = from === 'replayed' || from === 'recorded' ? (recorded ?? latency ?? null) : (latency ?? took);
    return latency === undefined ? { ms } : { ms, latency_ms: latency };
  }
  if (step.type === 'approval') return { ms: from === 'recorded' ? recorded : null };
  if (step.type === 'form') return { ms: seen ? recorded : null };
  if (step.type === 'ai' && from !== 'recorded') return { ms: took };
  if (step.type === 'delay' && !seen) return { ms: took };
  return { ms: recorded ?? 0 };
}

/** Whether the step is the one the case ran (same id, same settings) in the version it ran on. */
function sameConfig(step: SavedStep, ranOn: PinnedGraph | undefined): boolean {
  const was = ranOn?.steps.get(step.id);
  return was !== undefined && was.type === step.type && canonicalJson(was.config) === canonicalJson(step.config);
}

/** The answers among `answers` for the form's fields. */
function pick(answers: Record<string, unknown>, form: FormConfig): Record<string, unknown> {
  return Object.fromEntries(form.fields.filter((f) => Object.hasOwn(answers, f.key)).map((f) => [f.key, answers[f.key]]));
}
