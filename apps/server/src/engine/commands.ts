/**
 * The engine's public surface: what modules may ask of it (docs/decisions/0053). The commands change a case inside
 * the caller's transaction — the caller has checked who asks and what for, and writes its own audit entry in the
 * same transaction — and queue the case for the runtime, which a caller wakes (`runtime.wake()`) once it has
 * committed. Modules import the engine only through this file (lint: boundaries/server-engine-surface); the rest of
 * `engine/` is its inside.
 */
import type { SavedStep } from '@admin-portal/contract/workflows/api';
import type { Db, Queryable } from '../db/client.ts';
import { recordEvent } from './events.ts';
import { cancelOpenReviews, closeReviewTask } from './engine.queries.ts';
import { escalates, needsSecondDecision, openSecondReview } from './executors/approval.ts';
import { dropQueuedJobs, enqueueApplication } from './jobs.ts';
import { loadPinnedGraph, type PinnedGraph } from './pinned-graph.ts';
import { cancelOpenVisit, completeStep, enterStep, findStepRun, markCancelled, reopenCase, type Actor, type CaseRow, type StepRun } from './transitions.ts';

export type { AiProvider, AiStepRequest, AiStepResult } from './ai/provider.ts';
export { builtinAiProvider } from './ai/builtin-provider.ts';
export { EVENTS_CHANNEL, type ActorType } from './events.ts';
export { conditionExecutor } from './executors/flow.ts';
export { scopeOf } from './executors/types.ts';
export type { FormConfig, FormField } from './executors/form.ts';
export { enqueueJob, JOBS_CHANNEL, requestPayload, withRequestId, type ClaimedJob } from './jobs.ts';
export { createMailer, type Mailer } from './mailer.ts';
export { loadPinnedGraph, pinGraph, type PinnedGraph } from './pinned-graph.ts';
export { compareWithRecord, describeEnd, type IdentityCheck } from './replay/identity.ts';
export { pathOf, type RecordedCase, type RecordedVisit } from './replay/recorded-case.ts';
export { loadRecordedCases, loadRecordedCasesById, recordedCaseIds, type RecordedCaseFilter } from './replay/recorded-cases.queries.ts';
export {
  afterPath,
  endLabel,
  recordedLabel,
  SimulationTally,
  summarizeSimulation,
  type SimulatedCase,
  type SimulationSummary,
} from './replay/simulation-summary.ts';
export {
  replayCase,
  REPLAY_MESSAGES,
  type LocalTool,
  type LocalTools,
  type NewReviewChoice,
  type ReplayEnd,
  type ReplayOptions,
  type ReplayResult,
} from './replay/replay-case.ts';
export type * from './ports.ts';
export { SYSTEM_CLOCK } from './ports.ts';
export { createRuntime, type Runtime } from './runtime.ts';
export { isOpen, lockCase, type Actor, type CaseRow, type StepRun } from './transitions.ts';
export type { JobHandler } from './worker.ts';

/**
 * What the applicant did outside the steps (opened their page, was sent their link, issue 34): an event of the case
 * in the caller's transaction, announced on the events channel like every event, so the monitor's timeline shows it.
 */
export async function recordApplicantEvent(
  tx: Queryable,
  db: Db,
  c: { id: string; organization_id: string; workflow_id: string },
  type: 'applicant_visited' | 'applicant_link_sent',
  actor: Actor,
  data: Record<string, unknown> = {},
): Promise<void> {
  await recordEvent(tx, db, { application: c, type, actor, data });
}

/**
 * Staff work on a case outside its steps (issue 35): who has a review changed (claimed, released, assigned), a note
 * added or redacted. An event of the case in the caller's transaction, announced on the events channel, so other
 * reviewers' queues and the case's timeline follow within a second.
 */
export async function recordCaseWorkEvent(
  tx: Queryable,
  db: Db,
  c: { id: string; organization_id: string; workflow_id: string },
  type: 'review_claimed' | 'review_released' | 'review_assigned' | 'note_added' | 'note_redacted',
  actor: Actor,
  step: { id: string; type: string } | null,
  data: Record<string, unknown>,
): Promise<void> {
  await recordEvent(tx, db, { application: c, type, actor, step, data });
}

/** A case at one of its steps: the graph of its version, the step, and the step's current visit. */
export interface CaseAtStep {
  graph: PinnedGraph;
  step: SavedStep;
  run: StepRun;
}

/** Where the (locked) case stands at `stepId` on the visit `stepRunId` (null when the step or visit is not there). */
export async function caseAtStep(tx: Queryable, c: CaseRow, stepId: string, stepRunId: string | null): Promise<CaseAtStep | null> {
  const graph = await loadPinnedGraph(tx, c.workflow_id, c.workflow_version);
  const step = graph?.steps.get(stepId);
  const run = await findStepRun(tx, stepRunId);
  return graph && step && run ? { graph, step, run } : null;
}

/** Whether the case waits at `stepId` for the applicant's form. */
export function waitsForForm(c: { status: string; waiting_for: string | null; current_step_id: string | null }, stepId: string): boolean {
  return c.status === 'waiting' && c.waiting_for === 'form' && c.current_step_id === stepId;
}

/**
 * The answers to the form the (locked) case waits at: `form_submitted`, the step completed with the answers merged
 * into the application data, the case queued to go on.
 */
export async function submitForm(
  tx: Queryable,
  db: Db,
  c: CaseRow,
  at: CaseAtStep,
  answers: { data: Record<string, unknown>; files: number; actor: Actor },
): Promise<void> {
  const summary = { fields: Object.keys(answers.data), files: answers.files };
  await recordEvent(tx, db, { application: c, type: 'form_submitted', step: at.step, stepRunId: at.run.id, actor: answers.actor, data: summary });
  await completeStep(tx, db, c, at.graph, at.step, at.run, { output: summary, data: answers.data }, answers.actor);
  await enqueueApplication(tx, db, c);
}

/** An open review of the case, as the decision needs it. */
export interface ReviewToDecide {
  id: string;
  step_id: string;
  step_run_id: string;
  due_at: Date;
  /** 1, or 2 for a four-eyes step's second decision. */
  stage: number;
}

/** Whether the (locked) case waits for the decision of `review`. */
export function waitsForReview(c: CaseRow | null, review: ReviewToDecide & { status: string }): c is CaseRow {
  return review.status === 'open' && c !== null && c.status === 'waiting' && c.waiting_for === 'approval' && c.current_step_run_id === review.step_run_id;
}

/**
 * A staff decision of the review the (locked) case waits for: the review closed, `review_decided`, and the approval
 * step completed on the decision's branch (`approved` or `rejected`), the case queued to go on.
 */
export async function decideReview(
  tx: Queryable,
  db: Db,
  c: CaseRow,
  review: ReviewToDecide,
  decision: { branch: 'approved' | 'rejected'; comment: string | null; by: { userId: string; email: string } },
  now: Date,
): Promise<void> {
  await closeReviewTask(tx, review.id, { branch: decision.branch, userId: decision.by.userId, comment: decision.comment });
  const at = await caseAtStep(tx, c, review.step_id, review.step_run_id);
  const actor: Actor = { type: 'user', id: decision.by.userId };
  await recordEvent(tx, db, {
    application: c,
    type: 'review_decided',
    step: at?.step ?? { id: review.step_id, type: 'approval' },
    stepRunId: review.step_run_id,
    actor,
    data: {
      decision: decision.branch,
      review_task_id: review.id,
      ...(decision.comment ? { comment: decision.comment } : {}),
      overdue: review.due_at.getTime() < now.getTime(),
      ...(review.stage === 2 ? { stage: 2 } : {}),
    },
  });
  if (!at) return;
  // Four eyes (issue 35): the first decision may open a second review, by another role and another person; the case
  // waits on at the step until that one is decided.
  if (review.stage === 1 && needsSecondDecision(at.step, decision.branch, c)) {
    const second = await openSecondReview(tx, c, at.step, review, now);
    await recordEvent(tx, db, {
      application: c,
      type: 'waiting',
      step: at.step,
      stepRunId: review.step_run_id,
      data: { waiting_for: 'approval', second_decision: true, review_task_id: second.id, assignee_role: second.role },
    });
    if (escalates(at.step)) await enqueueApplication(tx, db, c, second.dueAt);
    return;
  }
  await completeStep(
    tx,
    db,
    c,
    at.graph,
    at.step,
    at.run,
    { branch: decision.branch, output: { decision: decision.branch, decided_by: decision.by.email, comment: decision.comment } },
    actor,
  );
  await enqueueApplication(tx, db, c);
}

/** The failed (locked) case runs its failed step again, as a new visit with a fresh attempt count. */
export async function retryCase(tx: Queryable, db: Db, c: CaseRow, actor: Actor): Promise<void> {
  await recordEvent(tx, db, { application: c, type: 'application_retried', actor });
  const step = c.current_step_id ? (await loadPinnedGraph(tx, c.workflow_id, c.workflow_version))?.steps.get(c.current_step_id) : undefined;
  if (step) await enterStep(tx, db, c, step, actor);
  await reopenCase(tx, c.id);
  await enqueueApplication(tx, db, c);
}

/** Stops the open (locked) case: its open visit and reviews are cancelled, its queued job dropped, and it runs no more. */
export async function cancelCase(tx: Queryable, db: Db, c: CaseRow, actor: Actor, reason?: string): Promise<void> {
  // The step it stood at is where it dropped off (analytics count it there).
  const stopped = c.current_step_run_id ? await cancelOpenVisit(tx, c.current_step_run_id) : null;
  await cancelOpenReviews(tx, c.id);
  await markCancelled(tx, c.id);
  await dropQueuedJobs(tx, c.id);
  await recordEvent(tx, db, {
    application: c,
    type: 'application_cancelled',
    step: stopped ? { id: stopped.step_id, type: stopped.step_type } : null,
    stepRunId: stopped ? c.current_step_run_id : null,
    actor,
    data: reason ? { reason } : {},
  });
}
