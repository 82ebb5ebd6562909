/**
 * The job queue of the runtime (ADR 0020): one row per application in `jobs`, claimed with
 * `FOR UPDATE SKIP LOCKED` under an expiring lease, so several processes share the work, a crashed worker's job
 * runs again when its lease runs out, and enqueueing happens in the same transaction as the state change that
 * asks for it. A NOTIFY on `jobs` wakes workers; they also poll.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Queryable } from '../db/client.ts';

export const JOBS_CHANNEL = 'jobs';
export const ADVANCE = 'advance_application';

export interface ClaimedJob {
  id: string;
  /** `advance_application`, or the kind of another piece of work a handler was registered for (e.g. an AI task). */
  kind: string;
  /** The case (advance_application only). */
  application_id: string;
  organization_id: string | null;
  attempts: number;
  payload: Record<string, unknown>;
}

/** The id of the HTTP request being served (x-request-id), carried into the payload of the jobs it queues. */
const requestIds = new AsyncLocalStorage<string>();

/** Runs `fn` (a request's handler) so that the jobs it queues carry `requestId` in their payload. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requestIds.run(requestId, fn);
}

/** What a queued job's payload records of the request that queued it: `{ request_id }`, or nothing outside a request. */
export function requestPayload(): { request_id?: string } {
  const requestId = requestIds.getStore();
  return requestId ? { request_id: requestId } : {};
}

/** Queues a piece of work other than moving a case on, for the handler registered for its kind (any process's worker). */
export async function enqueueJob(tx: Queryable, db: Db, job: { organizationId: string | null; kind: string; payload: Record<string, unknown> }): Promise<void> {
  await tx.query(`insert into jobs (organization_id, kind, payload) values ($1, $2, $3)`, [
    job.organizationId,
    job.kind,
    JSON.stringify({ ...requestPayload(), ...job.payload }),
  ]);
  await db.notify(JOBS_CHANNEL, '', tx);
}

/**
 * Asks for the application to be moved on at `runAt` (default now). A job already queued keeps the earlier time;
 * one being worked on is marked to run again when its worker lets go of it. The payload keeps the id of the last
 * request that asked (see `requestPayload`).
 */
export async function enqueueApplication(tx: Queryable, db: Db, application: { id: string; organization_id: string }, runAt?: Date): Promise<void> {
  await tx.query(
    `insert into jobs (organization_id, kind, application_id, run_at, payload)
     values ($1, '${ADVANCE}', $2, coalesce($3::timestamptz, now()), $4::jsonb)
     on conflict (application_id) where application_id is not null do update
       set payload = jobs.payload || excluded.payload,
           run_at = case when jobs.status = 'queued' then least(jobs.run_at, excluded.run_at) else jobs.run_at end,
           rerun = jobs.status = 'running' or jobs.rerun,
           updated_at = now()`,
    [application.organization_id, application.id, runAt ?? null, JSON.stringify(requestPayload())],
  );
  await db.notify(JOBS_CHANNEL, '', tx);
}

/** Claims up to `limit` due jobs (or jobs whose lease ran out) for `workerId`, each for `leaseMs`. */
export async function claimJobs(db: Db, workerId: string, limit: number, leaseMs: number): Promise<ClaimedJob[]> {
  const res = await db.query<ClaimedJob>(
    `update jobs set status = 'running', locked_by = $1, locked_at = now(), locked_until = now() + make_interval(secs => $3::float8 / 1000),
            attempts = attempts + 1, rerun = false, updated_at = now()
      where id in (
        select id from jobs
         where (status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now())
         order by run_at
         limit $2
         for update skip locked)
     returning id, kind, application_id, organization_id, attempts, payload`,
    [workerId, limit, leaseMs],
  );
  return res.rows;
}

/** Keeps this worker's leases on jobs it is still working on. */
export async function extendLeases(db: Db, workerId: string, ids: readonly string[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `update jobs set locked_until = now() + make_interval(secs => $3::float8 / 1000)
      where id = any($2::uuid[]) and locked_by = $1 and status = 'running'`,
    [workerId, [...ids], leaseMs],
  );
}

/**
 * Lets go of a job: ends it when nothing more is due, or queues it again for `runAt` (a delay, a retry's
 * backoff). A job asked for again meanwhile (`rerun`) is queued to run now. A job this worker no longer holds
 * (its lease ran out and another took it) is left alone. `q` may be the transaction of the case's last change.
 */
export async function releaseJob(q: Queryable, db: Db, workerId: string, job: ClaimedJob, runAt: Date | null): Promise<void> {
  // One statement: end the job, or queue it again (now when it was asked for meanwhile), waking workers when due.
  await q.query(
    `with ended as (
       delete from jobs where id = $1 and locked_by = $2 and status = 'running' and not rerun and $3::timestamptz is null returning id),
     queued as (
       update jobs set status = 'queued', run_at = case when rerun or $3::timestamptz is null then now() else $3::timestamptz end,
              locked_by = null, locked_at = null, locked_until = null, rerun = false, attempts = 0, updated_at = now()
        where id = $1 and locked_by = $2 and status = 'running' and not exists (select 1 from ended)
        returning run_at)
     select case when (select run_at from queued) <= now() then pg_notify($4, '') end as woke`,
    [job.id, workerId, runAt, db.channelName(JOBS_CHANNEL)],
  );
}

/** A job that failed in a way the runtime could not record (a bug, a lost database): tried again after `delayMs`. */
export async function backOffJob(db: Db, workerId: string, job: ClaimedJob, error: string, delayMs: number): Promise<void> {
  await db.query(
    `update jobs set status = 'queued', run_at = now() + make_interval(secs => $3::float8 / 1000), locked_by = null, locked_at = null,
            locked_until = null, last_error = $4, updated_at = now()
      where id = $1 and locked_by = $2`,
    [job.id, workerId, delayMs, error.slice(0, 2000)],
  );
}

/** When the next queued job falls due (null: none queued). */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const res = await db.query<{ at: Date | null }>(`select min(run_at) as at from jobs where status = 'queued'`);
  return res.rows[0]?.at ?? null;
}

/** Drops the case's queued job (a cancelled case runs no more). */
export async function dropQueuedJobs(tx: Queryable, applicationId: string): Promise<void> {
  await tx.query('delete from jobs where application_id = $1 and status = $2', [applicationId, 'queued']);
}

/** The embedded database has one process: a job still marked running was held by a process that died, and goes back to the queue. */
export async function requeueRunningJobs(db: Db): Promise<void> {
  await db.query(`update jobs set status = 'queued', locked_by = null, locked_until = null, run_at = least(run_at, now()) where status = 'running'`);
}

/** The jobs a worker still holds go back to the queue now (it stops), rather than when their lease runs out. */
export async function requeueJobsOf(db: Db, workerId: string): Promise<void> {
  await db.query(`update jobs set status = 'queued', locked_by = null, locked_until = null, run_at = now() where locked_by = $1 and status = 'running'`, [
    workerId,
  ]);
}

/** The error the job's last attempt left, or null. */
export async function lastJobError(q: Queryable, id: string): Promise<string | null> {
  const res = await q.query<{ last_error: string | null }>('select last_error from jobs where id = $1', [id]);
  return res.rows[0]?.last_error ?? null;
}
