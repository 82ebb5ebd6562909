/**
 * What both databases share: the statements of a transaction run on the connection it holds, `db.query` inside one
 * joins it (AsyncLocalStorage), and NOTIFY channels are named within the schema.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, PoolStats, QueryOptions, QueryResult, Queryable, Transaction, Unlisten } from './db-types.ts';

export type Runner = (sql: string, params?: readonly unknown[], options?: QueryOptions) => Promise<QueryResult<never>>;
/** Runs a script of several statements on the connection a transaction holds. */
export type ScriptRunner = (script: string) => Promise<void>;

export abstract class BaseDb implements Db {
  abstract readonly kind: 'pglite' | 'postgres';
  protected readonly current = new AsyncLocalStorage<Transaction>();
  /**
   * The transactions not yet committed or rolled back. Work started inside one and still running after it ended (a
   * background read, a notice's handler) keeps it in its AsyncLocalStorage; its statements then go to the database as
   * anybody's do, never to a connection the transaction has given back.
   */
  private readonly open = new WeakSet<Transaction>();
  /** Prefixes channel names (the schema of a test suite), so NOTIFYs stay within one schema. */
  protected readonly channelPrefix: string;
  constructor(channelPrefix = '') {
    this.channelPrefix = channelPrefix;
  }

  protected channel(name: string): string {
    return `${this.channelPrefix}${name}`;
  }

  channelName(name: string): string {
    return this.channel(name);
  }

  abstract listen(channel: string, onMessage: (payload: string) => void): Promise<Unlisten>;

  /** One connection (the embedded database) never loses its listeners. */
  onListenGap(_handler: () => void): () => void {
    return () => undefined;
  }

  async notify(channel: string, payload: string, tx?: Queryable): Promise<void> {
    await (tx ?? this).query('select pg_notify($1, $2)', [this.channel(channel), payload]);
  }

  protected abstract runQuery(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<never>>;
  protected abstract withConnection<T>(fn: (run: Runner, script: ScriptRunner) => Promise<T>): Promise<T>;
  abstract exec(sql: string): Promise<void>;
  abstract poolStats(): PoolStats;
  abstract close(): Promise<void>;

  private openTransaction(): Transaction | undefined {
    const tx = this.current.getStore();
    return tx && this.open.has(tx) ? tx : undefined;
  }

  /**
   * Whether the caller runs inside one of this database's open transactions. A cache whose read may be shared with
   * other callers asks it: such a read, begun outside, can be queued behind this very transaction for the embedded
   * database's one connection, so a caller inside must read on its own (ADR 0061).
   */
  inTransaction(): boolean {
    return this.openTransaction() !== undefined;
  }

  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<T>> {
    const tx = this.openTransaction();
    if (tx) return tx.query<T>(sql, params, options);
    return this.runQuery(sql, params, options) as Promise<QueryResult<T>>;
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const existing = this.openTransaction();
    if (existing) return fn(existing);
    return this.withConnection(async (run, script) => {
      const tx: Transaction = { query: (sql, params, options) => run(sql, params, options) as never, exec: script };
      await run('BEGIN');
      this.open.add(tx);
      try {
        const result = await this.current.run(tx, () => fn(tx));
        this.open.delete(tx);
        await run('COMMIT');
        return result;
      } catch (err) {
        this.open.delete(tx);
        await run('ROLLBACK').catch(() => undefined);
        throw err;
      }
    });
  }
}
