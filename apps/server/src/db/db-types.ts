/** What a database is to the rest of the server: statements, transactions, notifications (db/client.ts opens one). */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/**
 * How a statement is sent. `prepare: false` plans it for its values every time instead of preparing it once by name:
 * for the lists whose best plan depends on the value (a rare role, status or search word would otherwise be read by a
 * generic plan that suits no value in particular).
 */
export interface QueryOptions {
  prepare?: boolean;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
}

/** A transaction: its statements, and whole scripts run in it. */
export interface Transaction extends Queryable {
  /** Runs a script of several statements, without parameters, in this transaction (a migration). */
  exec(script: string): Promise<void>;
}

export type Unlisten = () => Promise<void>;

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Calls `onMessage` with each NOTIFY payload sent on `channel` (after the sending transaction commits), from
   * any process on the same database. Channels are named within the database's schema, so test suites that
   * share a PostgreSQL server do not hear each other. Send with `notify`.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<Unlisten>;
  /**
   * Calls `handler` after the connection that listens was lost and opened again (PostgreSQL): NOTIFYs sent in
   * between were missed, so whoever relies on them should catch up (drop caches, re-read). Returns an unsubscribe.
   */
  onListenGap(handler: () => void): () => void;
  /** Sends a NOTIFY on `channel` (inside a transaction: delivered when it commits). */
  notify(channel: string, payload: string, tx?: Queryable): Promise<void>;
  /** The name `channel` has in the database (for a `pg_notify` inside a larger statement). */
  channelName(channel: string): string;
  /** Runs fn in one transaction. Inside it, `db.query` (and nested `transaction`) use the same transaction. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Whether the caller runs inside one of this database's open transactions (see BaseDb.inTransaction). */
  inTransaction(): boolean;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /** Connections now (metrics): open, idle, and callers waiting for one (the embedded database: its one connection). */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}
