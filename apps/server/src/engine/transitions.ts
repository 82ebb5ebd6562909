/**
 * The state changes of a case, each inside the caller's transaction with its event, so a step's result and the
 * move it causes commit together: enter a step, complete it (and enter the next), wait, schedule a retry, fail,
 * finish. Every function expects the case row locked (`lockCase`).
 */
import type { WaitingFor } from '@admin-portal/contract/applications/api';
import type { SavedStep } from '@admin-portal/contract/workflows/api';
import type { Db, Queryable } from '../db/client.ts';
import { recordEvent, type ActorType } from './events.ts';
import type { PinnedGraph } from './pinned-graph.ts';

export interface CaseRow {
  id: string;
  organization_id: string;
  workflow_id: string;
  workflow_version: number;
  status: string;
  applicant: Record<string, unknown>;
  data: Record<string, unknown>;
  external_ref: string | null;
  environment: 'development' | 'staging' | 'production';
  current_step_id: string | null;
  current_step_run_id: string | null;
  waiting_for: WaitingFor | null;
  wait_until: Date | null;
  outcome: string | null;
}

export interface StepRun {
  id: string;
  step_id: string;
  status: string;
  attempts: number;
}

export interface Actor {
  type: ActorType;
  id?: string | null;
}

const SYSTEM: Actor = { type: 'system' };

const CASE_COLUMNS = `id, organization_id, workflow_id, workflow_version, status, applicant, data, external_ref, environment,
  current_step_id, current_step_run_id, waiting_for, wait_until, outcome`;

/** The case, locked for this transaction (null when it no longer exists). */
export async function lockCase(tx: Queryable, id: string): Promise<CaseRow | null> {
  const res = await tx.query<CaseRow>(`select ${CASE_COLUMNS} from applications where id = $1 for update`, [id]);
  return res.rows[0] ?? null;
}

export async function findStepRun(tx: Queryable, id: string | null): Promise<StepRun | null> {
  if (!id) return null;
  const res = await tx.query<StepRun>('select id, step_id, status, attempts from application_steps where id = $1', [id]);
  return res.rows[0] ?? null;
}

/** Makes `step` the case's current step: a new step run, the case running at it. */
export async function enterStep(tx: Queryable, db: Db, c: CaseRow, step: SavedStep, actor: Actor = SYSTEM): Promise<StepRun> {
  const res = await tx.query<StepRun>(
    `insert into application_steps (application_id, organization_id, workflow_id, step_id, step_type, step_name, status)
     values ($1, $2, $3, $4, $5, $6, 'running') returning id, step_id, status, attempts`,
    [c.id, c.organization_id, c.workflow_id, step.id, step.type, step.name],
  );
  const run = res.rows[0]!;
  await tx.query(
    `update applications set status = 'running', current_step_id = $2, current_step_run_id = $3, step_entered_at = now(),
            waiting_for = null, wait_until = null, updated_at = now()
      where id = $1`,
    [c.id, step.id, run.id],
  );
  Object.assign(c, { status: 'running', current_step_id: step.id, current_step_run_id: run.id, waiting_for: null, wait_until: null });
  await recordEvent(tx, db, { application: c, type: 'step_entered', step, stepRunId: run.id, actor, data: { name: step.name } });
  return run;
}

/** Counts an attempt at the current step (before its work runs, so a crash mid-attempt still counts it). */
export async function countAttempt(tx: Queryable, run: StepRun): Promise<number> {
  const res = await tx.query<{ attempts: number }>('update application_steps set attempts = attempts + 1 where id = $1 returning attempts', [run.id]);
  run.attempts = res.rows[0]!.attempts;
  return run.attempts;
}

export interface Completion {
  branch?: string | null;
  output?: unknown;
  /** Fields merged into the application data. */
  data?: Record<string, unknown>;
}

/**
 * Completes the current step and enters the next one (by `branch` for branching steps). Answers the step
 * entered, or null when the case failed because the workflow has no step after this one.
 */
export async function completeStep(
  tx: Queryable,
  db: Db,
  c: CaseRow,
  graph: PinnedGraph,
  step: SavedStep,
  run: StepRun,
  completion: Completion,
  actor: Actor = SYSTEM,
): Promise<{ step: SavedStep; run: StepRun } | null> {
  await tx.query(
    `update application_steps set status = 'completed', branch = $2, output = $3, error = null, completed_at = clock_timestamp() where id = $1`,
    [run.id, completion.branch ?? null, completion.output === undefined ? null : JSON.stringify(completion.output)],
  );
  if (completion.data && Object.keys(completion.data).length > 0) {
    const res = await tx.query<{ data: Record<string, unknown> }>(
      'update applications set data = data || $2::jsonb where id = $1 returning data',
      [c.id, JSON.stringify(completion.data)],
    );
    c.data = res.rows[0]!.data;
  }
  await recordEvent(tx, db, {
    application: c,
    type: 'step_completed',
    step,
    stepRunId: run.id,
    actor,
    data: { name: step.name, ...(completion.branch ? { branch: completion.branch } : {}) },
  });
  const next = graph.next(step.id, completion.branch);
  if (!next) {
    const where = completion.branch ? ` on branch "${completion.branch}"` : '';
    await failCase(tx, db, c, step, run, `The workflow has no step after "${step.name}"${where}`, { runAlreadyEnded: true });
    return null;
  }
  return { step: next, run: await enterStep(tx, db, c, next) };
}

/** The case waits at its current step: for the applicant's form, a staff decision, or a timer. */
export async function waitAtStep(tx: Queryable, db: Db, c: CaseRow, step: SavedStep, run: StepRun, waitingFor: WaitingFor, until: Date | null, output?: unknown): Promise<void> {
  await tx.query(`update application_steps set status = 'waiting', output = coalesce($2::jsonb, output) where id = $1`, [
    run.id,
    output === undefined ? null : JSON.stringify(output),
  ]);
  await tx.query(`update applications set status = 'waiting', waiting_for = $2, wait_until = $3, updated_at = now() where id = $1`, [c.id, waitingFor, until]);
  Object.assign(c, { status: 'waiting', waiting_for: waitingFor, wait_until: until });
  await recordEvent(tx, db, {
    application: c,
    type: 'waiting',
    step,
    stepRunId: run.id,
    data: { waiting_for: waitingFor, ...(until ? { until: until.toISOString() } : {}) },
  });
}

/** The current step failed and will be tried again at `at`. */
export async function scheduleRetry(tx: Queryable, db: Db, c: CaseRow, step: SavedStep, run: StepRun, error: string, at: Date): Promise<void> {
  await tx.query(`update application_steps set error = $2 where id = $1`, [run.id, error]);
  await tx.query(`update applications set status = 'waiting', waiting_for = 'retry', wait_until = $2, updated_at = now() where id = $1`, [c.id, at]);
  Object.assign(c, { status: 'waiting', waiting_for: 'retry', wait_until: at });
  await recordEvent(tx, db, {
    application: c,
    type: 'retry_scheduled',
    step,
    stepRunId: run.id,
    error,
    data: { attempt: run.attempts, at: at.toISOString() },
  });
}

/** The case failed at its current step (staff may retry it). */
export async function failCase(
  tx: Queryable,
  db: Db,
  c: CaseRow,
  step: SavedStep | null,
  run: StepRun | null,
  error: string,
  options: { runAlreadyEnded?: boolean } = {},
): Promise<void> {
  if (run && !options.runAlreadyEnded) {
    await tx.query(`update application_steps set status = 'failed', error = $2, completed_at = clock_timestamp() where id = $1`, [run.id, error]);
    await recordEvent(tx, db, { application: c, type: 'step_failed', step, stepRunId: run.id, error, data: { attempts: run.attempts } });
  }
  await tx.query(
    `update applications set status = 'failed', error = $2, waiting_for = null, wait_until = null, completed_at = now(), updated_at = now() where id = $1`,
    [c.id, error],
  );
  Object.assign(c, { status: 'failed', waiting_for: null, wait_until: null });
  await recordEvent(tx, db, { application: c, type: 'application_failed', step, stepRunId: run?.id ?? null, error });
}

/** The case reached an end step: completed with the step's outcome. */
export async function finishCase(tx: Queryable, db: Db, c: CaseRow, step: SavedStep, run: StepRun, outcome: string): Promise<void> {
  await tx.query(`update application_steps set status = 'completed', completed_at = clock_timestamp() where id = $1`, [run.id]);
  await tx.query(
    `update applications set status = 'completed', outcome = $2, waiting_for = null, wait_until = null, error = null, completed_at = now(), updated_at = now()
      where id = $1`,
    [c.id, outcome],
  );
  Object.assign(c, { status: 'completed', outcome, waiting_for: null, wait_until: null });
  await recordEvent(tx, db, { application: c, type: 'step_completed', step, stepRunId: run.id, data: { name: step.name } });
  await recordEvent(tx, db, { application: c, type: 'application_completed', step, stepRunId: run.id, data: { outcome } });
}
