/**
 * The application runtime of one process: the dependencies steps run with, and this process's worker (when
 * RUNTIME_WORKER is on). Services call `wake()` after they queue work, so this process picks it up at once;
 * other processes hear the NOTIFY.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { OpenAiClient } from '../ai/openai-client.ts';
import { builtinAiProvider } from './ai/builtin-provider.ts';
import { OpenAiStepProvider } from './ai/openai-step-provider.ts';
import type { RuntimeDeps } from './executors/types.ts';
import { createMailer } from './mailer.ts';
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

export function createRuntime(options: { db: Db; config: Config; secretKey: string; logger?: FastifyBaseLogger; worker?: Partial<WorkerOptions> }): Runtime {
  const { db, config } = options;
  const mailer = createMailer(config.smtpUrl, config.smtpFrom);
  const deps: RuntimeDeps = {
    db,
    secretKey: options.secretKey,
    allowedHosts: config.toolAllowedHosts,
    mailer,
    ai: config.aiBaseUrl && config.aiModel
      ? new OpenAiStepProvider(new OpenAiClient({ baseUrl: config.aiBaseUrl, apiKey: config.aiApiKey, model: config.aiModel, timeoutMs: config.aiTimeoutMs }))
      : builtinAiProvider,
    retryBaseMs: config.retryBaseMs,
  };
  const handlers = new Map<string, JobHandler>();
  const worker = config.runtimeWorker
    ? new RuntimeWorker(deps, { concurrency: config.runtimeConcurrency, leaseMs: config.runtimeLeaseMs, logger: options.logger, ...options.worker }, handlers)
    : null;
  return {
    deps,
    worker,
    start: async () => worker?.start(),
    async stop(deadlineMs) {
      await worker?.stop(deadlineMs);
      mailer.close();
    },
    wake: () => worker?.wake(),
    handle: (kind, handler) => void handlers.set(kind, handler),
  };
}
