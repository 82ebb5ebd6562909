/**
 * Moves one case through its workflow as far as it can go now: steps that do no outside work run inside the
 * transaction that records them (several in one transaction); a step with outside work (a tool call, an email, a
 * webhook) counts its attempt and commits, does the work outside any transaction, then records its result and
 * the move it causes in one transaction — after checking the case still waits for that result (it may have
 * been cancelled meanwhile). A step recorded as finished never runs again: the case's current step run is the
 * only thing that runs, and finishing it moves the case on in the same commit.
 */
import type { SavedStep } from '@admin-portal/contract/workflows/api';
import type { Queryable } from '../db/client.ts';
import { recordEvent } from './events.ts';
import { executorOf } from './executors/index.ts';
import { escalates, escalateWhenDue } from './executors/approval.ts';
import type { RuntimeDeps, StepExecutor, StepOutcome } from './executors/types.ts';
import { loadPinnedGraph, type PinnedGraph } from './pinned-graph.ts';
import {
  completeStep,
  countAttempt,
  enterStep,
  failCase,
  finishCase,
  isOpen,
  lockCase,
  lockCaseWithRun,
  resumeCase,
  scheduleRetry,
  startCase,
  waitAtStep,
  type CaseRow,
  type StepRun,
} from './transitions.ts';

/** At most this many steps per claim, so one long case does not hold a worker. */
const MAX_STEPS_PER_CLAIM = 100;
export const RETRY_MAX_MS = 10 * 60_000;

/** When the case needs the runtime again: now (more to do), later (a timer), or never (null: it waits or ended). */
export type NextRun = Date | null;

/** A case at a step, as the transaction that holds its lock knows it (no need to read it again). */
interface Carried {
  c: CaseRow;
  graph: PinnedGraph;
  step: SavedStep;
  run: StepRun;
}

/** Whether a step does outside work (its first attempt is then counted as it is entered). */
const ioStep = (deps: RuntimeDeps, c: CaseRow) => (step: SavedStep) => executorOf(step.type)?.io(step, deps, c) ?? false;

type Step =
  /** Nothing more to do now; `released` when the case's last change let go of its claimed job. */
  | { kind: 'stop'; next: NextRun; released?: boolean }
  | { kind: 'continue'; carried?: Carried }
  | { kind: 'io'; c: CaseRow; graph: PinnedGraph; step: SavedStep; run: StepRun; executor: StepExecutor; attempt: number };

/** Called inside the transaction that ends a claim, so letting go of the job commits with the case's last change. */
export type ReleaseInTransaction = (tx: Queryable, next: NextRun) => Promise<void>;

export function retryDelay(baseMs: number, attempt: number): number {
  const exponential = Math.min(RETRY_MAX_MS, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

/**
 * Moves the case on; `release` (when given) lets go of its job in the transaction of the case's last change,
 * and the answer says whether it did.
 */
export async function advanceApplication(
  shared: RuntimeDeps,
  applicationId: string,
  release?: ReleaseInTransaction,
  claim?: { jobId: string; workerId: string },
): Promise<{ next: NextRun; released: boolean }> {
  const deps: RuntimeDeps = claim ? { ...shared, claim } : shared;
  let steps = 0;
  /** Steps that need no outside work, one after another in `tx`, from `first` on. */
  const runPure = async (tx: Queryable, first: Step): Promise<Step> => {
    let step = first;
    while (step.kind === 'continue' && steps < MAX_STEPS_PER_CLAIM) {
      step = await runInTransaction(tx, deps, applicationId, step.carried);
      steps += 1;
    }
    if (step.kind === 'stop' && release && !step.released) await release(tx, step.next);
    return step;
  };

  let planned = await deps.db.transaction((tx) => runPure(tx, { kind: 'continue' }));
  while (planned.kind === 'io') {
    const { graph, step, run, executor, attempt } = planned;
    const outcome = await executor.run({ case: planned.c, step, run, graph, deps, tx: deps.db, attempt });
    planned = await deps.db.transaction(async (tx) => {
      await outcome.afterwards?.(tx);
      const current = await lockCase(tx, applicationId);
      // Cancelled, or moved on by someone else while the work ran: the result is no longer wanted.
      if (!current || current.current_step_run_id !== run.id || current.status !== 'running') return runPure(tx, { kind: 'stop', next: null });
      return runPure(tx, await applyOutcome(tx, deps, current, graph, step, run, executor, attempt, outcome));
    });
  }
  if (planned.kind === 'stop') return { next: planned.next, released: Boolean(release) };
  // The step budget of this claim ran out: more to do now.
  return { next: new Date(deps.clock.now()), released: false };
}

/** One step of the case inside `tx`: enter, resume or run its current step. */
async function runInTransaction(tx: Queryable, deps: RuntimeDeps, applicationId: string, carried?: Carried): Promise<Step> {
  if (carried) return runStep(tx, deps, carried.c, carried.graph, carried.step, carried.run, true);
  const locked = await lockCaseWithRun(tx, applicationId);
  if (!locked || !isOpen(locked.c)) return { kind: 'stop', next: null };
  let c = locked.c;
  const graph = await loadPinnedGraph(tx, c.workflow_id, c.workflow_version);
  if (!graph) {
    await failCase(tx, deps.db, c, null, null, `Version ${c.workflow_version} of the workflow no longer exists`);
    return { kind: 'stop', next: null };
  }

  let step: SavedStep | undefined;
  let run: StepRun | null;
  if (c.status === 'pending' || !c.current_step_id) {
    step = graph.start;
    if (!step) {
      await failCase(tx, deps.db, c, null, null, 'The workflow has no start step');
      return { kind: 'stop', next: null };
    }
    // The start step only lets the case in: entered, completed and the next step entered in one statement.
    const next = graph.next(step.id);
    if (step.type === 'start' && next) {
      const started = await startCase(tx, deps.db, c, step, next, ioStep(deps, c)(next));
      deps.metrics.stepOutcome(step.type, 'completed');
      return { kind: 'continue', carried: { c: started.c, graph, step: next, run: started.run } };
    }
    ({ c, run } = await enterStep(tx, deps.db, c, step));
  } else {
    step = graph.steps.get(c.current_step_id);
    run = locked.run;
    if (!step || !run) {
      await failCase(tx, deps.db, c, step ?? null, run, 'The current step is not part of the workflow version');
      return { kind: 'stop', next: null };
    }
  }

  if (c.status === 'waiting') {
    if (c.waiting_for === 'form') return { kind: 'stop', next: null };
    // A review waits for its decision; a step that escalates is woken at its deadline (issue 35).
    if (c.waiting_for === 'approval') return { kind: 'stop', next: escalates(step) ? await escalateWhenDue(tx, deps, c, step, run) : null };
    if (c.wait_until && c.wait_until.getTime() > deps.clock.now()) return { kind: 'stop', next: c.wait_until };
    if (c.waiting_for === 'delay') {
      const next = await completeStep(tx, deps.db, c, graph, step, run, { output: { waited_until: c.wait_until?.toISOString() ?? null } }, undefined, {
        preCount: ioStep(deps, c),
      });
      deps.metrics.stepOutcome(step.type, 'completed');
      return next ? { kind: 'continue', carried: { graph, ...next } } : { kind: 'stop', next: null };
    }
    // A retry is due: run the step again.
    await resumeCase(tx, c.id);
    c = { ...c, status: 'running', waiting_for: null, wait_until: null };
  }
  return runStep(tx, deps, c, graph, step, run);
}

/** Runs the case's current step (a step without outside work to its end; one with outside work up to that work). */
async function runStep(tx: Queryable, deps: RuntimeDeps, c: CaseRow, graph: PinnedGraph, step: SavedStep, run: StepRun, justEntered = false): Promise<Step> {
  const executor = executorOf(step.type);
  if (!executor) {
    await failCase(tx, deps.db, c, step, run, `Unknown step type "${step.type}"`);
    return { kind: 'stop', next: null };
  }
  if (executor.io(step, deps, c)) {
    // Counted (and committed) before the outside work, so a crash mid-attempt still counts it; a step entered in
    // this transaction was counted as it was entered.
    const attempt = justEntered && run.attempts > 0 ? run.attempts : await countAttempt(tx, run);
    return { kind: 'io', c, graph, step, run: { ...run, attempts: attempt }, executor, attempt };
  }
  // A step without outside work commits with its result: its attempt is counted in the same statement (unless it
  // was counted as it was entered, when it looked like outside work).
  const precounted = justEntered && run.attempts > 0;
  const attempt = precounted ? run.attempts : run.attempts + 1;
  const outcome = await executor.run({ case: c, step, run, graph, deps, tx, attempt });
  await outcome.afterwards?.(tx);
  return applyOutcome(tx, deps, c, graph, step, run, executor, attempt, outcome, { counted: precounted });
}

/** Records what a step's attempt came to, with the move it causes. */
async function applyOutcome(
  tx: Queryable,
  deps: RuntimeDeps,
  c: CaseRow,
  graph: PinnedGraph,
  step: SavedStep,
  run: StepRun,
  executor: StepExecutor,
  attempt: number,
  outcome: StepOutcome,
  options: { counted: boolean } = { counted: true },
): Promise<Step> {
  const countAttemptNow = !options.counted;
  switch (outcome.kind) {
    case 'done': {
      if (outcome.report)
        await recordEvent(tx, deps.db, {
          application: c,
          type: outcome.report.type,
          step,
          stepRunId: run.id,
          data: { name: step.name, ...outcome.report.data },
        });
      const next = await completeStep(
        tx,
        deps.db,
        c,
        graph,
        step,
        run,
        { branch: outcome.branch ?? null, output: outcome.output, data: outcome.data, input: outcome.input },
        undefined,
        {
          countAttempt: countAttemptNow,
          preCount: ioStep(deps, c),
        },
      );
      deps.metrics.stepOutcome(step.type, 'completed');
      return next ? { kind: 'continue', carried: { graph, ...next } } : { kind: 'stop', next: null };
    }
    case 'wait':
      await waitAtStep(tx, deps.db, c, step, run, outcome.waitingFor, outcome.until ?? null, outcome.output);
      deps.metrics.stepOutcome(step.type, 'waiting');
      return {
        kind: 'stop',
        next:
          outcome.waitingFor === 'delay'
            ? (outcome.until ?? new Date(deps.clock.now()))
            : outcome.waitingFor === 'approval' && escalates(step)
              ? (outcome.until ?? null)
              : null,
      };
    case 'end': {
      const { released } = await finishCase(tx, deps.db, c, step, run, outcome.outcome, deps.claim);
      deps.metrics.stepOutcome(step.type, 'ended_case');
      return { kind: 'stop', next: null, released };
    }
    case 'error': {
      // The visit with this attempt counted (in this statement when the step had not counted it yet).
      const visit: StepRun = countAttemptNow ? { ...run, attempts: await countAttempt(tx, run) } : run;
      const policy = executor.retryPolicy?.(step) ?? { retries: 0, onError: 'fail' as const };
      if (outcome.retryable && attempt <= policy.retries) {
        const at = new Date(deps.clock.now() + retryDelay(deps.retryBaseMs, attempt));
        await scheduleRetry(tx, deps.db, c, step, visit, outcome.error, at, attempt);
        deps.metrics.stepOutcome(step.type, 'retry_scheduled');
        return { kind: 'stop', next: at };
      }
      if (policy.onError === 'continue') {
        const output = { ...(typeof outcome.output === 'object' && outcome.output ? outcome.output : {}), error: outcome.error, continued: true };
        const next = await completeStep(tx, deps.db, c, graph, step, visit, { output, data: outcome.data, input: outcome.input }, undefined, {
          preCount: ioStep(deps, c),
        });
        deps.metrics.stepOutcome(step.type, 'continued_after_error');
        return next ? { kind: 'continue', carried: { graph, ...next } } : { kind: 'stop', next: null };
      }
      await failCase(tx, deps.db, c, step, visit, outcome.error, { input: outcome.input });
      deps.metrics.stepOutcome(step.type, 'failed_case');
      return { kind: 'stop', next: null };
    }
  }
}
