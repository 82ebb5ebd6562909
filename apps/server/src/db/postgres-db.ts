/** A PostgreSQL server (DATABASE_URL): a pool of connections, one more that LISTENs, statements prepared by name. */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { BaseDb, type Runner, type ScriptRunner } from './base-db.ts';
import type { PoolStats, QueryOptions, Unlisten } from './db-types.ts';

export class PostgresDb extends BaseDb {
  readonly kind = 'postgres' as const;
  private readonly pool: pg.Pool;
  private readonly connectionString: string;
  /** One connection for every LISTEN of this process, opened on first use. */
  private listener: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  constructor(pool: pg.Pool, connectionString: string, schema: string | undefined) {
    super(schema ? `${schema}_` : '');
    this.pool = pool;
    this.connectionString = connectionString;
  }

  private listenerClient(): Promise<pg.Client> {
    this.listener ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString });
      client.on('notification', (message) => {
        for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      // A lost listening connection (a restarted or failed-over server, a killed backend) is opened again, its
      // channels listened to again, and the gap announced: what was sent meanwhile is lost, so the listeners catch up.
      let lost = false;
      const onLost = () => {
        if (lost) return;
        lost = true;
        if (this.listener === opening) this.listener = null;
        client.end().catch(() => undefined);
        this.scheduleRelisten();
      };
      client.on('error', onLost);
      client.on('end', onLost);
      await client.connect();
      return client;
    })();
    const opening = this.listener;
    opening.catch(() => {
      if (this.listener === opening) this.listener = null;
    });
    return opening;
  }

  private closed = false;
  private relistenTimer: NodeJS.Timeout | null = null;
  private relistenDelayMs = 250;
  private readonly gapHandlers = new Set<() => void>();

  override onListenGap(handler: () => void): () => void {
    this.gapHandlers.add(handler);
    return () => this.gapHandlers.delete(handler);
  }

  /** Opens the listening connection again (backing off up to 10 s while the server is away) and re-LISTENs. */
  private scheduleRelisten(): void {
    if (this.closed || this.relistenTimer || this.handlers.size === 0) return;
    this.relistenTimer = setTimeout(() => {
      this.relistenTimer = null;
      if (this.closed) return;
      const names = [...this.handlers.keys()];
      const relisten = async () => {
        for (const name of names) await this.onListener(`LISTEN ${pg.escapeIdentifier(name)}`);
      };
      relisten().then(
        () => {
          this.relistenDelayMs = 250;
          for (const handler of this.gapHandlers) handler();
        },
        () => {
          this.relistenDelayMs = Math.min(this.relistenDelayMs * 2, 10_000);
          this.scheduleRelisten();
        },
      );
    }, this.relistenDelayMs);
    this.relistenTimer.unref();
  }

  /** LISTEN and UNLISTEN one at a time on the listening connection (a pg client runs one query at a time). */
  private listenerQueue: Promise<unknown> = Promise.resolve();
  private onListener(sql: string): Promise<void> {
    const run = this.listenerQueue.then(async () => {
      await (await this.listenerClient()).query(sql);
    });
    this.listenerQueue = run.catch(() => undefined);
    return run;
  }

  async listen(channel: string, onMessage: (payload: string) => void): Promise<Unlisten> {
    const name = this.channel(channel);
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
      await this.onListener(`LISTEN ${pg.escapeIdentifier(name)}`);
    }
    set.add(onMessage);
    return async () => {
      set.delete(onMessage);
      if (set.size === 0 && this.handlers.get(name) === set) {
        this.handlers.delete(name);
        await this.onListener(`UNLISTEN ${pg.escapeIdentifier(name)}`).catch(() => undefined);
      }
    };
  }

  protected async runQuery(sql: string, params?: readonly unknown[], options?: QueryOptions) {
    const res = await this.pool.query(prepared(sql, params, options));
    return { rows: res.rows as never[], rowCount: res.rowCount ?? res.rows.length };
  }

  protected async withConnection<T>(fn: (run: Runner, script: ScriptRunner) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // A transaction's client runs one query at a time: queries issued together (Promise.all) wait their turn.
    let queue: Promise<unknown> = Promise.resolve();
    const inTurn = <R>(work: () => Promise<R>): Promise<R> => {
      const run = queue.then(work);
      queue = run.catch(() => undefined);
      return run;
    };
    try {
      return await fn(
        (sql, params, options) =>
          inTurn(async () => {
            const res = await client.query(prepared(sql, params, options));
            return { rows: res.rows as never[], rowCount: res.rowCount ?? res.rows.length };
          }),
        // A query without values goes by the simple protocol, which runs several statements.
        (script) => inTurn(async () => void (await client.query(script))),
      );
    } finally {
      client.release();
    }
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  poolStats(): PoolStats {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.relistenTimer) clearTimeout(this.relistenTimer);
    const listener = this.listener;
    this.listener = null;
    if (listener) await (await listener.catch(() => null))?.end().catch(() => undefined);
    await this.pool.end();
  }
}

/**
 * Statement names by SQL text: a query given a parameter list (even an empty one, as a list without filters passes)
 * is prepared once per connection and then only executed, so PostgreSQL plans it once, not on every request. One
 * sent with `prepare: false` goes as the unnamed statement, planned for its values on every run (a custom plan); one
 * given no list at all is sent as it is (several statements at once).
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 2_000;

function prepared(sql: string, params?: readonly unknown[], options?: QueryOptions): pg.QueryConfig {
  const values = params as unknown[] | undefined;
  if (!values) return { text: sql };
  if (options?.prepare === false) return { text: sql, values };
  let name = statementNames.get(sql);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `s${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name ? { name, text: sql, values } : { text: sql, values };
}
