/**
 * The embedded database's engine (PGlite, PostgreSQL compiled to WebAssembly) on a worker thread of its own. On the
 * server's thread its queries took about 70 % of the time under load, and every request waited behind them: at 200
 * users the thread was full and p99 reached 1.7 s. Here the engine and the HTTP work run side by side on two cores.
 * The messages carry what PGlite answers (rows with their Dates, arrays, objects and bytes survive the structured
 * clone); a database error comes back as an Error with PostgreSQL's fields (code, constraint, detail…) on it.
 */
import { Worker } from 'node:worker_threads';

export interface EngineResult {
  rows: unknown[];
  affectedRows?: number | undefined;
}

/** What PgliteDb needs of its engine: PGlite itself, or PGlite on a thread of its own. */
export interface EmbeddedEngine {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number | undefined }>;
  exec(sql: string): Promise<unknown>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression: 'gzip'): Promise<Blob>;
  close(): Promise<void>;
}

export interface EngineStart {
  dataDir: string | undefined;
  loadDataDir: ArrayBuffer | undefined;
}

export type EngineRequest =
  | { op: 'query'; id: number; sql: string; params: unknown[] | undefined }
  | { op: 'exec'; id: number; sql: string }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; listenId: number }
  | { op: 'dump'; id: number }
  | { op: 'close'; id: number };

export interface SerializedError {
  message: string;
  name: string;
  stack?: string | undefined;
  fields: Record<string, unknown>;
}

export type EngineReply =
  | { kind: 'ready' }
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'result'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: SerializedError }
  | { kind: 'notification'; listenId: number; payload: string };

function rebuildError(e: SerializedError, callerStack: string | undefined): Error {
  const err = Object.assign(new Error(e.message), e.fields);
  err.name = e.name;
  err.stack = `${e.name}: ${e.message}\n    (on the database thread)${callerStack ? `\n${callerStack.split('\n').slice(1).join('\n')}` : ''}`;
  return err;
}

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void; stack: string | undefined };

export class PgliteThread implements EmbeddedEngine {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private exited: Error | null = null;

  private constructor(worker: Worker) {
    this.worker = worker;
    // The thread keeps the process alive only while it is answering (a script awaiting a query must not end early;
    // a server's listeners alone must not hold the process open).
    worker.unref();
    worker.on('message', (message: EngineReply) => this.onMessage(message));
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', (code) => this.fail(new Error(`The embedded database's thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and opens the database in it (a folder, or in memory when dataDir is undefined). */
  static async start(options: { dataDir: string | undefined; loadDataDir?: Blob | File | undefined }): Promise<PgliteThread> {
    const start: EngineStart = { dataDir: options.dataDir, loadDataDir: options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined };
    const worker = new Worker(new URL('./pglite-thread.worker.ts', import.meta.url), { workerData: start });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`The embedded database's thread stopped while opening (exit code ${code})`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (message: EngineReply) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (message.kind === 'ready') resolve();
        else if (message.kind === 'failed') {
          void worker.terminate();
          reject(rebuildError(message.error, undefined));
        }
      });
    });
    return new PgliteThread(worker);
  }

  private onMessage(message: EngineReply): void {
    if (message.kind === 'notification') {
      this.listeners.get(message.listenId)?.(message.payload);
      return;
    }
    if (message.kind !== 'result' && message.kind !== 'error') return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if (message.kind === 'result') waiting.resolve(message.value);
    else waiting.reject(rebuildError(message.error, waiting.stack));
  }

  private fail(err: Error): void {
    this.exited ??= err;
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }

  private send<T>(request: WithoutId<EngineRequest>): Promise<T> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, stack: new Error().stack });
      this.worker.postMessage({ ...request, id });
    });
  }

  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number | undefined }> {
    return this.send({ op: 'query', sql, params });
  }

  exec(sql: string): Promise<unknown> {
    return this.send({ op: 'exec', sql });
  }

  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    const listenId = await this.send<number>({ op: 'listen', channel });
    this.listeners.set(listenId, onMessage);
    return async () => {
      this.listeners.delete(listenId);
      await this.send({ op: 'unlisten', listenId });
    };
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.send<ArrayBuffer>({ op: 'dump' })]);
  }

  async close(): Promise<void> {
    if (!this.exited) await this.send({ op: 'close' });
    await this.worker.terminate();
  }
}
