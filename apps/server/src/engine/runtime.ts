/**
 * The application runtime of one process: the dependencies steps run with (the database and the engine's ports, given
 * by app.ts), and this process's worker (when RUNTIME_WORKER is on). Services call `wake()` after they queue work, so
 * this process picks it up at once; other processes hear the NOTIFY.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { RuntimeDeps } from './executors/types.ts';
import type { EnginePorts } from './ports.ts';
import { RuntimeWorker, type JobHandler, type WorkerOptions } from './worker.ts';

export interface Runtime {
  readonly deps: RuntimeDeps;
  readonly worker: RuntimeWorker | null;
  start(): Promise<void>;
  stop(deadlineMs?: number): Promise<void>;
  wake(): void;
  /** Runs jobs of `kind` (queued with enqueueJob) on this process's worker. */
  handle(kind: string, handler: JobHandler): void;
}

export interface RuntimeOptions {
  db: Db;
  ports: EnginePorts;
  /** SECRET_KEY: signs webhooks. */
  secretKey: string;
  /** First retry's backoff (RETRY_BASE_MS). */
  retryBaseMs: number;
  /** Whether this process runs a worker (RUNTIME_WORKER), and how. */
  worker: (Partial<WorkerOptions> & { enabled: boolean }) | null;
  logger?: FastifyBaseLogger;
}

export function createRuntime(options: RuntimeOptions): Runtime {
  const deps: RuntimeDeps = { db: options.db, secretKey: options.secretKey, retryBaseMs: options.retryBaseMs, ...options.ports };
  const handlers = new Map<string, JobHandler>();
  const { enabled = false, ...workerOptions } = options.worker ?? {};
  const worker = enabled ? new RuntimeWorker(deps, { logger: options.logger, ...workerOptions }, handlers) : null;
  return {
    deps,
    worker,
    start: async () => worker?.start(),
    async stop(deadlineMs) {
      await worker?.stop(deadlineMs);
      deps.mailer.close();
    },
    wake: () => worker?.wake(),
    handle: (kind, handler) => void handlers.set(kind, handler),
  };
}
