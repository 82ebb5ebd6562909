/**
 * The runtime's worker: claims due jobs from the database (several processes may run one each), moves each
 * claimed case on with `advanceApplication`, and lets go of the job (ended, or queued again for a timer). It
 * wakes on NOTIFY `jobs`, on `wake()` from this process, at the next known due time, and polls as a fallback.
 * Stopping waits for the cases in hand (up to a deadline) and gives their leases back.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Unlisten } from '../db/client.ts';
import { advanceApplication } from './advance.ts';
import type { RuntimeDeps } from './executors/types.ts';
import {
  ADVANCE,
  backOffJob,
  claimJobs,
  extendLeases,
  JOBS_CHANNEL,
  lastJobError,
  nextDueAt,
  releaseJob,
  requeueJobsOf,
  requeueRunningJobs,
  type ClaimedJob,
} from './jobs.ts';
import { failCase, isOpen, lockCase } from './transitions.ts';

export interface WorkerOptions {
  /** Cases worked on at once by this process. */
  concurrency: number;
  /** How long a claim holds a job before another process may take it (a crashed worker's jobs come back after it). */
  leaseMs: number;
  /** Fallback polling interval (NOTIFY normally wakes the worker at once). */
  pollMs: number;
  /** A job that failed this many claims in a row (a bug, not a step failure) fails its case. */
  maxClaims: number;
  logger?: FastifyBaseLogger;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = { concurrency: 8, leaseMs: 60_000, pollMs: 2_000, maxClaims: 5 };

/** Work of another kind than moving a case on (e.g. an AI generator task), registered with `Runtime.handle`. */
export interface JobHandler {
  run(job: ClaimedJob): Promise<void>;
  /** The job kept failing (a bug, a lost database): record that it will not be done. */
  giveUp(job: ClaimedJob, reason: string): Promise<void>;
}

export class RuntimeWorker {
  readonly id = `worker-${randomUUID()}`;
  private readonly deps: RuntimeDeps;
  private readonly options: WorkerOptions;
  private readonly inHand = new Map<string, Promise<void>>();
  private running = false;
  private wakeRequested = false;
  private loop: Promise<void> | null = null;
  private sleeper: { timer: NodeJS.Timeout; resolve: () => void } | null = null;
  private leaseTimer: NodeJS.Timeout | null = null;
  private unlisten: Unlisten | null = null;

  private readonly handlers: ReadonlyMap<string, JobHandler>;

  constructor(deps: RuntimeDeps, options: Partial<WorkerOptions> = {}, handlers: ReadonlyMap<string, JobHandler> = new Map()) {
    this.deps = deps;
    this.options = { ...DEFAULT_WORKER_OPTIONS, ...options };
    this.handlers = handlers;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    // The embedded database has one process: a job still marked running was held by a process that died.
    if (this.deps.db.kind === 'pglite') await requeueRunningJobs(this.deps.db);
    this.unlisten = await this.deps.db.listen(JOBS_CHANNEL, () => this.wake());
    this.leaseTimer = setInterval(() => void this.keepLeases(), Math.max(1_000, Math.floor(this.options.leaseMs / 3)));
    this.leaseTimer.unref();
    this.loop = this.run();
  }

  /** Looks for work now (after this process queued some). */
  wake(): void {
    this.wakeRequested = true;
    if (this.sleeper) {
      clearTimeout(this.sleeper.timer);
      this.sleeper.resolve();
      this.sleeper = null;
    }
  }

  /** Stops claiming, waits up to `deadlineMs` for the cases in hand, and gives back the leases of the rest. */
  async stop(deadlineMs = 10_000): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await this.unlisten?.().catch(() => undefined);
    const pending = Promise.allSettled([...this.inHand.values()]);
    const timeout = new Promise((resolve) => setTimeout(resolve, deadlineMs).unref());
    await Promise.race([pending, timeout]);
    await this.loop;
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    // Jobs still in hand go back to the queue now rather than when their lease runs out.
    if (this.inHand.size > 0) {
      await requeueJobsOf(this.deps.db, this.id).catch(() => undefined);
    }
  }

  get busy(): number {
    return this.inHand.size;
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.wakeRequested = false;
      const free = this.options.concurrency - this.inHand.size;
      // Claim in batches: while more than half the slots are busy, wait for cases to finish (each wakes the loop).
      if (free <= 0 || (this.inHand.size > 0 && free < this.options.concurrency / 2)) {
        await Promise.race(this.inHand.values());
        continue;
      }
      let claimed: ClaimedJob[] = [];
      try {
        claimed = await claimJobs(this.deps.db, this.id, free, this.options.leaseMs);
      } catch (error) {
        this.options.logger?.error({ err: error }, 'runtime: claiming jobs failed');
      }
      for (const job of claimed) this.track(job);
      if (!this.running) break;
      // A full batch may mean more is due: look again at once (when there is room).
      if (claimed.length > 0 && claimed.length === free) continue;
      if (this.wakeRequested) continue;
      await this.sleep(await this.untilNextDue());
    }
  }

  private track(job: ClaimedJob): void {
    const work = this.work(job).finally(() => {
      this.inHand.delete(job.id);
      // Room for another case: claim again.
      this.wake();
    });
    this.inHand.set(job.id, work);
  }

  /** Log lines about one job, with what finds them: the job, its kind, its case and the request that queued it. */
  private jobLog(job: ClaimedJob): FastifyBaseLogger | undefined {
    const requestId = typeof job.payload?.request_id === 'string' ? job.payload.request_id : undefined;
    return this.options.logger?.child({ job_id: job.id, kind: job.kind, application_id: job.application_id ?? undefined, request_id: requestId });
  }

  private async work(job: ClaimedJob): Promise<void> {
    if (job.kind !== ADVANCE) return this.workOther(job);
    const log = this.jobLog(job);
    try {
      const db = this.deps.db;
      if (job.attempts > this.options.maxClaims) {
        await this.giveUp(job);
        await releaseJob(db, db, this.id, job, null);
        return;
      }
      const result = await advanceApplication(this.deps, job.application_id, (tx, next) => releaseJob(tx, db, this.id, job, next), {
        jobId: job.id,
        workerId: this.id,
      });
      if (!result.released) await releaseJob(db, db, this.id, job, result.next);
      log?.info({ attempt: job.attempts, next_run_at: result.next?.toISOString() ?? null }, 'runtime: case moved on');
    } catch (error) {
      log?.error({ err: error }, 'runtime: a case could not be moved on');
      await backOffJob(this.deps.db, this.id, job, (error as Error).message ?? String(error), 1_000 * 2 ** Math.min(job.attempts, 6)).catch(() => undefined);
    }
  }

  /** A job of a registered kind: run, then ended; retried with backoff when it throws, given up after maxClaims. */
  private async workOther(job: ClaimedJob): Promise<void> {
    const db = this.deps.db;
    const handler = this.handlers.get(job.kind);
    const log = this.jobLog(job);
    try {
      if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}" in this process`);
      if (job.attempts > this.options.maxClaims) {
        await handler.giveUp(job, (await lastJobError(db, job.id)) ?? 'unknown error');
      } else {
        await handler.run(job);
      }
      await releaseJob(db, db, this.id, job, null);
      log?.info({ attempt: job.attempts }, 'runtime: job done');
    } catch (error) {
      log?.error({ err: error }, 'runtime: a job failed');
      await backOffJob(db, this.id, job, (error as Error).message ?? String(error), 1_000 * 2 ** Math.min(job.attempts, 6)).catch(() => undefined);
    }
  }

  /** The case's job kept failing outside any step's control: the case fails with the reason, for staff to retry. */
  private async giveUp(job: ClaimedJob): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const c = await lockCase(tx, job.application_id);
      if (!c || !isOpen(c)) return;
      const reason = (await lastJobError(tx, job.id)) ?? 'unknown error';
      await failCase(tx, this.deps.db, c, null, null, `The runtime could not move this case on after ${job.attempts - 1} attempts: ${reason}`);
    });
  }

  private async keepLeases(): Promise<void> {
    if (this.inHand.size === 0) return;
    await extendLeases(this.deps.db, this.id, [...this.inHand.keys()], this.options.leaseMs).catch((error: unknown) => {
      this.options.logger?.warn({ err: error }, 'runtime: extending leases failed');
    });
  }

  private async untilNextDue(): Promise<number> {
    try {
      const at = await nextDueAt(this.deps.db);
      if (!at) return this.options.pollMs;
      return Math.max(0, Math.min(this.options.pollMs, at.getTime() - Date.now()));
    } catch {
      return this.options.pollMs;
    }
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0 || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleeper = null;
        resolve();
      }, ms);
      this.sleeper = { timer, resolve };
    });
  }
}
