/** The embedded database (PGlite on a worker thread): one connection, shared in turns (ADR 0035). */
import { tightenModes } from '../security/owner-only.ts';
import { BaseDb, type Runner, type ScriptRunner } from './base-db.ts';
import type { PoolStats, QueryOptions, QueryResult, Unlisten } from './db-types.ts';
import { releaseDataDirLock } from './data-dir-lock.ts';
import type { EmbeddedEngine } from './pglite-thread.ts';
import { isStalePlan } from './pglite-wire.ts';

/**
 * Serialises access to a single connection: PGlite is one connection, so a transaction holds it while others wait;
 * a statement outside one only waits for its turn to be sent (`pass`, ADR 0035).
 */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  /** Callers in line (the one holding the connection included). */
  queued = 0;
  async run<T>(fn: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const previous = this.tail;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    this.queued += 1;
    await previous;
    try {
      return await fn();
    } finally {
      this.queued -= 1;
      release();
    }
  }

  /**
   * Sends a statement in its turn without holding the connection while it runs. The engine answers in the order it
   * was sent, so whoever comes next (a transaction's BEGIN, another statement) is queued behind it there; with no one
   * holding or waiting, it is sent at once. The engine is never left idle waiting for this thread to send the next.
   * A statement that cannot be sent in one message (`sendsAtOnce` false, decided in its turn) holds the connection
   * until it is answered, so nothing is sent between its messages.
   */
  async pass<T>(sendsAtOnce: () => boolean, send: () => Promise<T>): Promise<T> {
    if (this.queued === 0 && sendsAtOnce()) return send();
    let sent!: Promise<T>;
    await this.run(async () => {
      const atOnce = sendsAtOnce();
      sent = send();
      if (!atOnce) await sent.catch(() => undefined);
    });
    return sent;
  }
}

export class PgliteDb extends BaseDb {
  readonly kind = 'pglite' as const;
  private readonly mutex = new Mutex();
  private readonly pglite: EmbeddedEngine;
  private readonly lockFile: string | undefined;
  private readonly dataDir: string | undefined;
  constructor(pglite: EmbeddedEngine, lockFile: string | undefined, dataDir?: string) {
    super();
    this.pglite = pglite;
    this.lockFile = lockFile;
    this.dataDir = dataDir;
  }

  async listen(channel: string, onMessage: (payload: string) => void): Promise<Unlisten> {
    const unlisten = await this.mutex.run(() => this.pglite.listen(this.channel(channel), onMessage));
    return () => this.mutex.run(() => unlisten());
  }

  private async raw(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<never>> {
    const res = await this.pglite.query<never>(sql, params as unknown[] | undefined, options);
    return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
  }

  /** Statements sent and not yet answered outside transactions (the pool figures). */
  private inFlight = 0;

  /**
   * A statement outside a transaction does not hold the connection: it is sent in its turn (after the transactions
   * ahead of it) and the next one follows at once, so the engine always has work while this thread is busy. One whose
   * table changed shape since it was prepared is prepared and asked again.
   */
  protected async runQuery(sql: string, params?: readonly unknown[], options?: QueryOptions) {
    try {
      return await this.sendInTurn(sql, params, options);
    } catch (err) {
      if (!isStalePlan(err)) throw err;
      return this.sendInTurn(sql, params, options);
    }
  }

  private sendInTurn(sql: string, params?: readonly unknown[], options?: QueryOptions) {
    const values = params as unknown[] | undefined;
    return this.mutex.pass(
      () => this.pglite.sendsAtOnce(sql, values, options),
      () => {
        this.inFlight += 1;
        return this.raw(sql, params, options).finally(() => {
          this.inFlight -= 1;
        });
      },
    );
  }

  protected withConnection<T>(fn: (run: Runner, script: ScriptRunner) => Promise<T>): Promise<T> {
    return this.mutex.run(() =>
      fn(
        (sql, params, options) => this.raw(sql, params, options),
        async (script) => void (await this.pglite.exec(script)),
      ),
    );
  }

  async exec(sql: string): Promise<void> {
    await this.mutex.run(() => this.pglite.exec(sql));
  }

  poolStats(): PoolStats {
    const busy = this.mutex.queued + this.inFlight;
    return { total: 1, idle: busy === 0 ? 1 : 0, waiting: Math.max(0, busy - 1) };
  }

  /** The whole database as a gzipped tarball of its data directory (consistent: taken between queries). */
  async dumpDataDir(): Promise<Blob> {
    return this.mutex.run(() => this.pglite.dumpDataDir('gzip'));
  }

  async close(): Promise<void> {
    await this.mutex.run(() => this.pglite.close());
    // What the engine wrote with its own modes while open (ADR 0038), before another process may take the folder.
    if (this.dataDir) tightenModes(this.dataDir);
    if (this.lockFile) releaseDataDirLock(this.lockFile);
  }
}
