/**
 * The embedded database's engine (PGlite, PostgreSQL compiled to WebAssembly) on a worker thread of its own. On the
 * server's thread its queries took about 70 % of the time under load, and every request waited behind them: at 200
 * users the thread was full and p99 reached 1.7 s. Here the engine and the HTTP work run side by side on two cores.
 * Statements cross as PostgreSQL wire messages, built and read here (pglite-wire.ts, ADR 0035): the engine's thread
 * runs the bytes and hands back the bytes PostgreSQL wrote, so its core goes to the database's work. A database error
 * comes back as an Error with PostgreSQL's fields (code, constraint, detail…) on it.
 */
import { Worker } from 'node:worker_threads';
import type { QueryOptions } from './db-types.ts';
import { isStalePlan, simpleQuery, WireStatements, type WireResult } from './pglite-wire.ts';

/** What PgliteDb needs of its engine. */
export interface EmbeddedEngine {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: T[]; affectedRows?: number | undefined }>;
  /**
   * Whether `query(sql, params, options)` sends its one message at once. When it does not (a text seen for the first
   * time, or one not to prepare, is prepared first: one more exchange), the caller must keep others from sending in
   * between.
   */
  sendsAtOnce(sql: string, params?: unknown[], options?: QueryOptions): boolean;
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
  { op: 'wire'; id: number; bytes: ArrayBuffer } | { op: 'exec'; id: number; sql: string } | { op: 'dump'; id: number } | { op: 'close'; id: number };

export interface SerializedError {
  message: string;
  name: string;
  stack?: string | undefined;
  fields: Record<string, unknown>;
}

export type EngineReply =
  | { kind: 'ready'; arrayTypes: { oid: number; typarray: number }[] }
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'result'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: SerializedError };

function rebuildError(e: SerializedError, callerStack: string | undefined): Error {
  const err = Object.assign(new Error(e.message), e.fields);
  err.name = e.name;
  err.stack = `${e.name}: ${e.message}\n    (on the database thread)${callerStack ? `\n${callerStack.split('\n').slice(1).join('\n')}` : ''}`;
  return err;
}

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
/** A request waiting for its answer; `caller.stack` is formatted only if it fails. */
type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void; caller: { stack?: string } };

export class PgliteThread implements EmbeddedEngine {
  private readonly worker: Worker;
  private readonly wire: WireStatements;
  private readonly pending = new Map<number, Pending>();
  /** Handlers by channel: notifications arrive inside the answers to statements and are handed out here. */
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private exited: Error | null = null;

  private constructor(worker: Worker, arrayTypes: { oid: number; typarray: number }[]) {
    this.worker = worker;
    this.wire = new WireStatements(arrayTypes);
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
    const arrayTypes = await new Promise<{ oid: number; typarray: number }[]>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`The embedded database's thread stopped while opening (exit code ${code})`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (message: EngineReply) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (message.kind === 'ready') resolve(message.arrayTypes);
        else if (message.kind === 'failed') {
          void worker.terminate();
          reject(rebuildError(message.error, undefined));
        }
      });
    });
    return new PgliteThread(worker, arrayTypes);
  }

  private onMessage(message: EngineReply): void {
    if (message.kind !== 'result' && message.kind !== 'error') return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if (message.kind === 'result') waiting.resolve(message.value);
    else waiting.reject(rebuildError(message.error, waiting.caller.stack));
  }

  private fail(err: Error): void {
    this.exited ??= err;
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }

  /**
   * Posts the request now (synchronously), and resolves with the answer. `caller` holds the stack a failure is told
   * with (captured here unless the caller captured it already).
   */
  private send<T>(request: WithoutId<EngineRequest>, transfer: ArrayBuffer[] = [], caller = captureCaller(this.send)): Promise<T> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, caller });
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }

  /**
   * Sends wire messages (the buffer is handed over: a message must own all of its buffer) and reads the answer; an
   * error PostgreSQL answered is thrown with the caller's stack.
   */
  private async exchange(message: Uint8Array): Promise<{ result: WireResult; parameterTypes: number[] }> {
    const buffer = message.buffer as ArrayBuffer;
    const caller = captureCaller(this.exchange);
    const answer = await this.send<ArrayBuffer>({ op: 'wire', bytes: buffer }, [buffer], caller);
    const decoded = this.wire.decode(answer);
    // As PGlite hands them out: after this turn's code, before whoever awaits the statement goes on.
    for (const { channel, payload } of decoded.notifications) {
      for (const handler of this.channels.get(channel) ?? []) queueMicrotask(() => handler(payload));
    }
    if (decoded.error) {
      const trace = caller.stack?.split('\n').slice(1).join('\n');
      decoded.error.stack = `${decoded.error.name}: ${decoded.error.message}\n    (in the embedded database)${trace ? `\n${trace}` : ''}`;
      throw decoded.error;
    }
    return decoded;
  }

  sendsAtOnce(sql: string, params?: unknown[], options?: QueryOptions): boolean {
    return params === undefined || (options?.prepare !== false && this.wire.has(sql));
  }

  async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: T[]; affectedRows: number }> {
    const keep = options?.prepare !== false;
    let message = keep || params === undefined ? this.wire.statement(sql, params) : null;
    if (!message) {
      // First time this text is seen, or one not to keep: prepared (and its parameters' types learnt), then run.
      const { name, message: prepare } = this.wire.prepare(sql);
      const { parameterTypes } = await this.exchange(prepare);
      message = this.wire.prepared(sql, name, parameterTypes, params!, keep);
    }
    try {
      return (await this.exchange(message)).result as { rows: T[]; affectedRows: number };
    } catch (err) {
      if (isStalePlan(err)) this.wire.drop(sql);
      throw err;
    }
  }

  async exec(sql: string): Promise<unknown> {
    // A script may change tables (migrations): every prepared statement is forgotten with it.
    this.wire.clear();
    return this.send({ op: 'exec', sql });
  }

  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    let handlers = this.channels.get(channel);
    if (!handlers) {
      await this.exchange(simpleQuery(`LISTEN ${quoteIdentifier(channel)}`));
      this.channels.set(channel, (handlers = new Set()));
    }
    handlers.add(onMessage);
    return async () => {
      handlers.delete(onMessage);
      if (handlers.size === 0 && this.channels.get(channel) === handlers) {
        this.channels.delete(channel);
        await this.exchange(simpleQuery(`UNLISTEN ${quoteIdentifier(channel)}`));
      }
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

/** The caller's stack, captured now and formatted only if read (a failure). */
function captureCaller(above: (...args: never[]) => unknown): { stack?: string } {
  const caller: { stack?: string } = {};
  Error.captureStackTrace(caller, above);
  return caller;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
