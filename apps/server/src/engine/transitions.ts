/**
 * The state changes of a case, each inside the caller's transaction with its event, so a step's result and the
 * move it causes commit together: enter a step, complete it (and enter the next), wait, schedule a retry, fail,
 * finish. Every function expects the case row locked (`lockCase`), and changes nothing it is given: one that moves the
 * case on answers the case as it now is (and the step visit it entered).
 */
import { OPEN_APPLICATION_STATUSES, type WaitingFor } from '@admin-portal/contract/applications/api';
import type { SavedStep } from '@admin-portal/contract/workflows/api';
import type { Db, Queryable } from '../db/client.ts';
import { run as runSql, sql } from '../db/sql.ts';
import { eventCte, notifyOf, recordEvent, type ActorType, type NewEvent } from './events.ts';
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

const OPEN = new Set<string>(OPEN_APPLICATION_STATUSES);

/** Whether the case is still open (pending, running or waiting): what the runtime moves on and staff may cancel. */
export const isOpen = (c: Pick<CaseRow, 'status'>): boolean => OPEN.has(c.status);

const CASE_COLUMNS = `a.id, a.organization_id, a.workflow_id, a.workflow_version, a.status, a.applicant, a.data, a.external_ref, a.environment,
  a.current_step_id, a.current_step_run_id, a.waiting_for, a.wait_until, a.outcome`;

/** The case, locked for this transaction (null when it no longer exists). */
export async function lockCase(tx: Queryable, id: string): Promise<CaseRow | null> {
  const res = await tx.query<CaseRow>(`select ${CASE_COLUMNS} from applications a where a.id = $1 for update`, [id]);
  return res.rows[0] ?? null;
}

/** The case locked, with its current step run (one round trip; the runtime's hot path). */
export async function lockCaseWithRun(tx: Queryable, id: string): Promise<{ c: CaseRow; run: StepRun | null } | null> {
  const res = await tx.query<CaseRow & { run_id: string | null; run_step_id: string | null; run_status: string | null; run_attempts: number | null }>(
    `select ${CASE_COLUMNS}, r.id as run_id, r.step_id as run_step_id, r.status as run_status, r.attempts as run_attempts
       from applications a left join application_steps r on r.id = a.current_step_run_id
      where a.id = $1 for update of a`,
    [id],
  );
  const row = res.rows[0];
  if (!row) return null;
  const { run_id, run_step_id, run_status, run_attempts, ...c } = row;
  return { c, run: run_id ? { id: run_id, step_id: run_step_id!, status: run_status!, attempts: run_attempts! } : null };
}

export async function findStepRun(tx: Queryable, id: string | null): Promise<StepRun | null> {
  if (!id) return null;
  const res = await tx.query<StepRun>('select id, step_id, status, attempts from application_steps where id = $1', [id]);
  return res.rows[0] ?? null;
}

/** Makes `step` the case's current step: a new step run, the case running at it, its event (one statement). */
export async function enterStep(tx: Queryable, db: Db, c: CaseRow, step: SavedStep, actor: Actor = SYSTEM): Promise<{ c: CaseRow; run: StepRun }> {
  const event: NewEvent = { application: c, type: 'step_entered', step, actor, data: { name: step.name } };
  const res = await runSql<StepRun>(
    tx,
    sql`with run as (
       insert into application_steps (application_id, organization_id, workflow_id, step_id, step_type, step_name, status)
       values (${c.id}::uuid, ${c.organization_id}::uuid, ${c.workflow_id}::uuid, ${step.id}::uuid, ${step.type}::text, ${step.name}::text, 'running')
       returning id, step_id, status, attempts),
     app as (
       update applications set status = 'running', current_step_id = ${step.id}::uuid, current_step_run_id = (select id from run), step_entered_at = now(),
              waiting_for = null, wait_until = null, updated_at = now()
        where id = ${c.id}::uuid),
     ${eventCte('ev', event, { stepRunOf: 'run' })}
     select run.id, run.step_id, run.status, run.attempts, ${notifyOf(db, ['ev'])} as notified from run`,
  );
  const visit = res.rows[0]!;
  return {
    c: { ...c, status: 'running', current_step_id: step.id, current_step_run_id: visit.id, waiting_for: null, wait_until: null },
    run: { id: visit.id, step_id: visit.step_id, status: visit.status, attempts: visit.attempts },
  };
}

/** Counts an attempt at the current step (before its work runs, so a crash mid-attempt still counts it): the visit's attempts now. */
export async function countAttempt(tx: Queryable, run: StepRun): Promise<number> {
  const res = await tx.query<{ attempts: number }>('update application_steps set attempts = attempts + 1 where id = $1 returning attempts', [run.id]);
  return res.rows[0]!.attempts;
}

export interface Completion {
  branch?: string | null;
  output?: unknown;
  /** Fields merged into the application data (recorded on the visit as `merged`, for replay: ADR 0058). */
  data?: Record<string, unknown>;
  /** What a tool step called its tool with (recorded on the visit, for replay). */
  input?: unknown;
}

/**
 * Completes the current step and enters the next one (by `branch` for branching steps). Answers the case as it now
 * is with the step entered, or null when the case failed because the workflow has no step after this one.
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
  options: { countAttempt?: boolean; preCount?: (next: SavedStep) => boolean } = {},
): Promise<{ c: CaseRow; step: SavedStep; run: StepRun } | null> {
  const next = graph.next(step.id, completion.branch);
  const completed: NewEvent = {
    application: c,
    type: 'step_completed',
    step,
    stepRunId: run.id,
    actor,
    data: { name: step.name, ...(completion.branch ? { branch: completion.branch } : {}) },
  };
  const data = completion.data && Object.keys(completion.data).length > 0 ? JSON.stringify(completion.data) : null;
  const output = completion.output === undefined ? null : JSON.stringify(completion.output);
  const input = completion.input === undefined ? null : JSON.stringify(completion.input);
  if (!next) {
    await runSql(
      tx,
      sql`with done as (
         update application_steps set status = 'completed', branch = ${completion.branch ?? null}::text, output = ${output}::jsonb, error = null,
                completed_at = clock_timestamp(), attempts = attempts + ${options.countAttempt ? 1 : 0}::int,
                merged = ${data}::jsonb, input = ${input}::jsonb
          where id = ${run.id}::uuid),
       app as (update applications set data = data || ${data}::jsonb where id = ${c.id}::uuid and ${data}::jsonb is not null),
       ${eventCte('ev', completed)}
       select ${notifyOf(db, ['ev'])} as notified`,
    );
    const where = completion.branch ? ` on branch "${completion.branch}"` : '';
    await failCase(tx, db, c, step, run, `The workflow has no step after "${step.name}"${where}`, { runAlreadyEnded: true });
    return null;
  }
  // One statement: this run completed, the next one entered, the case moved to it with the data merged, both events.
  const entered: NewEvent = { application: c, type: 'step_entered', step: next, data: { name: next.name } };
  const res = await runSql<StepRun & { data: Record<string, unknown> }>(
    tx,
    sql`with done as (
       update application_steps set status = 'completed', branch = ${completion.branch ?? null}::text, output = ${output}::jsonb, error = null,
              completed_at = clock_timestamp(), attempts = attempts + ${options.countAttempt ? 1 : 0}::int,
              merged = ${data}::jsonb, input = ${input}::jsonb
        where id = ${run.id}::uuid),
     run as (
       insert into application_steps (application_id, organization_id, workflow_id, step_id, step_type, step_name, status, attempts, entered_at)
       values (${c.id}::uuid, ${c.organization_id}::uuid, ${c.workflow_id}::uuid, ${next.id}::uuid, ${next.type}::text, ${next.name}::text, 'running',
               ${options.preCount?.(next) ? 1 : 0}::int,
               greatest(clock_timestamp(), (select entered_at + interval '1 microsecond' from application_steps where id = ${run.id}::uuid)))
       returning id, step_id, status, attempts),
     app as (
       update applications set status = 'running', current_step_id = ${next.id}::uuid, current_step_run_id = (select id from run), step_entered_at = now(),
              waiting_for = null, wait_until = null, updated_at = now(),
              data = case when ${data}::jsonb is null then data else data || ${data}::jsonb end
        where id = ${c.id}::uuid returning data),
     ${eventCte('ev1', completed)},
     ${eventCte('ev2', entered, { stepRunOf: 'run', after: 'ev1' })}
     select run.id, run.step_id, run.status, run.attempts, (select data from app) as data, ${notifyOf(db, ['ev1', 'ev2'])} as notified from run`,
  );
  const row = res.rows[0]!;
  return {
    c: { ...c, data: row.data, status: 'running', current_step_id: next.id, current_step_run_id: row.id, waiting_for: null, wait_until: null },
    step: next,
    run: { id: row.id, step_id: row.step_id, status: row.status, attempts: row.attempts },
  };
}

/** The case waits at its current step: for the applicant's form, a staff decision, or a timer. */
export async function waitAtStep(
  tx: Queryable,
  db: Db,
  c: CaseRow,
  step: SavedStep,
  run: StepRun,
  waitingFor: WaitingFor,
  until: Date | null,
  output?: unknown,
): Promise<void> {
  await tx.query(`update application_steps set status = 'waiting', output = coalesce($2::jsonb, output) where id = $1`, [
    run.id,
    output === undefined ? null : JSON.stringify(output),
  ]);
  await tx.query(`update applications set status = 'waiting', waiting_for = $2, wait_until = $3, updated_at = now() where id = $1`, [c.id, waitingFor, until]);
  await recordEvent(tx, db, {
    application: c,
    type: 'waiting',
    step,
    stepRunId: run.id,
    data: { waiting_for: waitingFor, ...(until ? { until: until.toISOString() } : {}) },
  });
}

/** The current step failed at its attempt `attempt`, and will be tried again at `at`. */
export async function scheduleRetry(tx: Queryable, db: Db, c: CaseRow, step: SavedStep, run: StepRun, error: string, at: Date, attempt: number): Promise<void> {
  await tx.query(`update application_steps set error = $2 where id = $1`, [run.id, error]);
  await tx.query(`update applications set status = 'waiting', waiting_for = 'retry', wait_until = $2, updated_at = now() where id = $1`, [c.id, at]);
  await recordEvent(tx, db, {
    application: c,
    type: 'retry_scheduled',
    step,
    stepRunId: run.id,
    error,
    data: { attempt, at: at.toISOString() },
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
  options: { runAlreadyEnded?: boolean; input?: unknown } = {},
): Promise<void> {
  if (run && !options.runAlreadyEnded) {
    // A tool step's input is kept on the failed visit too: replay matches its call by it (ADR 0058).
    await tx.query(`update application_steps set status = 'failed', error = $2, completed_at = clock_timestamp(), input = $3::jsonb where id = $1`, [
      run.id,
      error,
      options.input === undefined ? null : JSON.stringify(options.input),
    ]);
    await recordEvent(tx, db, { application: c, type: 'step_failed', step, stepRunId: run.id, error, data: { attempts: run.attempts } });
  }
  await tx.query(
    `update applications set status = 'failed', error = $2, waiting_for = null, wait_until = null, completed_at = now(), updated_at = now() where id = $1`,
    [c.id, error],
  );
  await recordEvent(tx, db, { application: c, type: 'application_failed', step, stepRunId: run?.id ?? null, error });
}

/**
 * The case reached an end step: completed with the step's outcome (one statement, two events); `released` when its
 * claimed job ended in the same statement.
 */
export async function finishCase(
  tx: Queryable,
  db: Db,
  c: CaseRow,
  step: SavedStep,
  run: StepRun,
  outcome: string,
  claim?: { jobId: string; workerId: string },
): Promise<{ released: boolean }> {
  const stepDone: NewEvent = { application: c, type: 'step_completed', step, stepRunId: run.id, data: { name: step.name } };
  const caseDone: NewEvent = { application: c, type: 'application_completed', step, stepRunId: run.id, data: { outcome } };
  // The claimed job ends here too, unless it was asked for again meanwhile (then the worker queues it again).
  const res = await runSql<{ released: number }>(
    tx,
    sql`with done as (
       update application_steps set status = 'completed', completed_at = clock_timestamp(), attempts = attempts + 1 where id = ${run.id}::uuid),
     ended as (
       delete from jobs where id = ${claim?.jobId ?? null}::uuid and locked_by = ${claim?.workerId ?? null}::text and status = 'running' and not rerun
       returning id),
     app as (
       update applications set status = 'completed', outcome = ${outcome}::text, waiting_for = null, wait_until = null, error = null, completed_at = now(),
              updated_at = now()
        where id = ${c.id}::uuid),
     ${eventCte('ev1', stepDone)},
     ${eventCte('ev2', caseDone, { after: 'ev1' })}
     select ${notifyOf(db, ['ev1', 'ev2'])} as notified, (select count(*) from ended)::int as released`,
  );
  return { released: res.rows[0]!.released > 0 };
}

/**
 * A new case through its start step into the next step, in one statement: the start step's visit (entered and
 * completed), the next step's visit, the case moved to it, and the three events.
 */
export async function startCase(
  tx: Queryable,
  db: Db,
  c: CaseRow,
  start: SavedStep,
  next: SavedStep,
  preCountNext: boolean,
): Promise<{ c: CaseRow; run: StepRun }> {
  const entered: NewEvent = { application: c, type: 'step_entered', step: start, data: { name: start.name } };
  const completed: NewEvent = { application: c, type: 'step_completed', step: start, data: { name: start.name } };
  const enteredNext: NewEvent = { application: c, type: 'step_entered', step: next, data: { name: next.name } };
  const res = await runSql<StepRun>(
    tx,
    sql`with first as (
       insert into application_steps (application_id, organization_id, workflow_id, step_id, step_type, step_name, status, attempts, completed_at)
       values (${c.id}::uuid, ${c.organization_id}::uuid, ${c.workflow_id}::uuid, ${start.id}::uuid, ${start.type}::text, ${start.name}::text, 'completed', 1,
               clock_timestamp())
       returning id, entered_at),
     run as (
       -- Entered after the start step, even within the same microsecond (visits are read in entry order).
       insert into application_steps (application_id, organization_id, workflow_id, step_id, step_type, step_name, status, attempts, entered_at)
       select ${c.id}::uuid, ${c.organization_id}::uuid, ${c.workflow_id}::uuid, ${next.id}::uuid, ${next.type}::text, ${next.name}::text, 'running',
              ${preCountNext ? 1 : 0}::int, greatest(clock_timestamp(), first.entered_at + interval '1 microsecond')
         from first returning id, step_id, status, attempts),
     app as (
       update applications set status = 'running', current_step_id = ${next.id}::uuid, current_step_run_id = (select id from run), step_entered_at = now(),
              waiting_for = null, wait_until = null, updated_at = now()
        where id = ${c.id}::uuid),
     ${eventCte('ev1', entered, { stepRunOf: 'first' })},
     ${eventCte('ev2', completed, { stepRunOf: 'first', after: 'ev1' })},
     ${eventCte('ev3', enteredNext, { stepRunOf: 'run', after: 'ev2' })}
     select run.id, run.step_id, run.status, run.attempts, ${notifyOf(db, ['ev1', 'ev2', 'ev3'])} as notified from run`,
  );
  const visit = res.rows[0]!;
  return {
    c: { ...c, status: 'running', current_step_id: next.id, current_step_run_id: visit.id, waiting_for: null, wait_until: null },
    run: { id: visit.id, step_id: visit.step_id, status: visit.status, attempts: visit.attempts },
  };
}

/** A case whose retry is due runs again (it waited for the retry). */
export async function resumeCase(tx: Queryable, id: string): Promise<void> {
  await tx.query(`update applications set status = 'running', waiting_for = null, wait_until = null, updated_at = now() where id = $1`, [id]);
}

/** A failed case retried by staff: running again at its step (pending when it had none), its error and end cleared. */
export async function reopenCase(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    `update applications set status = case when current_step_id is null then 'pending' else 'running' end, error = null, completed_at = null,
            waiting_for = null, wait_until = null, updated_at = now() where id = $1`,
    [id],
  );
}

/** Cancels the visit when it is still open; answers its step (where a cancelled case dropped off), or null. */
export async function cancelOpenVisit(tx: Queryable, runId: string): Promise<{ step_id: string; step_type: string } | null> {
  const res = await tx.query<{ step_id: string; step_type: string }>(
    `update application_steps set status = 'cancelled', completed_at = clock_timestamp() where id = $1 and status in ('running','waiting') returning step_id, step_type`,
    [runId],
  );
  return res.rows[0] ?? null;
}

/** The case ends cancelled. */
export async function markCancelled(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    `update applications set status = 'cancelled', outcome = 'cancelled', waiting_for = null, wait_until = null, completed_at = now(), updated_at = now() where id = $1`,
    [id],
  );
}
