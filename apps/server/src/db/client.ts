import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { tightenModes, type Tightened } from '../security/owner-only.ts';
import { PgliteThread, type EmbeddedEngine } from './pglite-thread.ts';
import { isStalePlan } from './pglite-wire.ts';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
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

type Runner = (sql: string, params?: readonly unknown[]) => Promise<QueryResult<never>>;
/** Runs a script of several statements on the connection a transaction holds. */
type ScriptRunner = (script: string) => Promise<void>;

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

abstract class BaseDb implements Db {
  abstract readonly kind: 'pglite' | 'postgres';
  protected readonly current = new AsyncLocalStorage<Transaction>();
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

  protected abstract runQuery(sql: string, params?: readonly unknown[]): Promise<QueryResult<never>>;
  protected abstract withConnection<T>(fn: (run: Runner, script: ScriptRunner) => Promise<T>): Promise<T>;
  abstract exec(sql: string): Promise<void>;
  abstract poolStats(): PoolStats;
  abstract close(): Promise<void>;

  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
    const tx = this.current.getStore();
    if (tx) return tx.query<T>(sql, params);
    return this.runQuery(sql, params) as Promise<QueryResult<T>>;
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const existing = this.current.getStore();
    if (existing) return fn(existing);
    return this.withConnection(async (run, script) => {
      const tx: Transaction = { query: (sql, params) => run(sql, params) as never, exec: script };
      await run('BEGIN');
      try {
        const result = await this.current.run(tx, () => fn(tx));
        await run('COMMIT');
        return result;
      } catch (err) {
        await run('ROLLBACK').catch(() => undefined);
        throw err;
      }
    });
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

  private async raw(sql: string, params?: readonly unknown[]): Promise<QueryResult<never>> {
    const res = await this.pglite.query<never>(sql, params as unknown[] | undefined);
    return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
  }

  /** Statements sent and not yet answered outside transactions (the pool figures). */
  private inFlight = 0;

  /**
   * A statement outside a transaction does not hold the connection: it is sent in its turn (after the transactions
   * ahead of it) and the next one follows at once, so the engine always has work while this thread is busy. One whose
   * table changed shape since it was prepared is prepared and asked again.
   */
  protected async runQuery(sql: string, params?: readonly unknown[]) {
    try {
      return await this.sendInTurn(sql, params);
    } catch (err) {
      if (!isStalePlan(err)) throw err;
      return this.sendInTurn(sql, params);
    }
  }

  private sendInTurn(sql: string, params?: readonly unknown[]) {
    const values = params as unknown[] | undefined;
    return this.mutex.pass(
      () => this.pglite.sendsAtOnce(sql, values),
      () => {
        this.inFlight += 1;
        return this.raw(sql, params).finally(() => {
          this.inFlight -= 1;
        });
      },
    );
  }

  protected withConnection<T>(fn: (run: Runner, script: ScriptRunner) => Promise<T>): Promise<T> {
    return this.mutex.run(() =>
      fn(
        (sql, params) => this.raw(sql, params),
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

class PostgresDb extends BaseDb {
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

  protected async runQuery(sql: string, params?: readonly unknown[]) {
    const res = await this.pool.query(prepared(sql, params));
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
        (sql, params) =>
          inTurn(async () => {
            const res = await client.query(prepared(sql, params));
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
 * is prepared once per connection and then only executed, so PostgreSQL plans it once, not on every request. A
 * query given no list at all is sent as it is and planned each time: SQL carrying its values as literals
 * (db/literals.ts), EXPLAIN, several statements at once.
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 2_000;

function prepared(sql: string, params?: readonly unknown[]): pg.QueryConfig {
  const values = params as unknown[] | undefined;
  if (!values) return { text: sql };
  let name = statementNames.get(sql);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `s${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name ? { name, text: sql, values } : { text: sql, values };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lock files this process holds: the file names our own pid, so it cannot tell a second opening here from a stale lock. */
const heldLocks = new Set<string>();

function releaseDataDirLock(lockFile: string): void {
  heldLocks.delete(lockFile);
  fs.rmSync(lockFile, { force: true });
}

/**
 * When a process started (clock ticks since boot: /proc/<pid>/stat, field 22), where the system tells (Linux); null
 * elsewhere. Recorded in the lock with the pid, it tells the process that wrote the lock from a later process that
 * was given the same pid (after a crash and a container restart, pids are reused — often the very same one).
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count the fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** What a lock file says: "<pid> <start time>" (or "<pid>" alone, from a system without /proc or an older version). */
function lockContent(pid: number): string {
  const started = processStartTime(pid);
  return started ? `${pid} ${started}` : String(pid);
}

/** Whether the process a lock names still runs: its pid is alive and, when the lock recorded it, started at the same time. */
function lockHolderRuns(content: string): number | null {
  const [pidText, started] = content.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return null;
  if (started) {
    const now = processStartTime(pid);
    if (now !== null && now !== started) return null; // the pid was given to another process since
  }
  return pid;
}

/** The pid of a live process that has the embedded database in `dataDir` open, or null (none, or a stale lock). */
export function dataDirHolder(dataDir: string): number | null {
  try {
    return lockHolderRuns(fs.readFileSync(path.join(path.resolve(dataDir), 'portal.lock'), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * One process per DATA_DIR, and one opening in it: a second one is refused instead of corrupting the embedded
 * database. A lock left by a process that died (SIGKILL, a crash, a power cut) is stale and taken over.
 */
function takeDataDirLock(dataDir: string): string {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockFile = path.join(path.resolve(dataDir), 'portal.lock');
  if (heldLocks.has(lockFile)) {
    throw new Error(`The embedded database in ${dataDir} is already open in this process. Close it before opening it again.`);
  }
  const taken = () => {
    heldLocks.add(lockFile);
    return lockFile;
  };
  const mine = lockContent(process.pid);
  try {
    fs.writeFileSync(lockFile, mine, { flag: 'wx', mode: 0o600 });
    return taken();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const holder = lockHolderRuns(fs.readFileSync(lockFile, 'utf8'));
  if (holder !== null) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by another process (pid ${holder}). ` +
        'Stop that process, choose another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
    );
  }
  fs.writeFileSync(lockFile, mine);
  return taken();
}

export interface DbOptions {
  /** PostgreSQL connection string; unset = embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; unset with no databaseUrl = in memory (tests). */
  dataDir?: string;
  /** PostgreSQL schema to use (tests run each suite in a fresh schema). */
  schema?: string;
  poolSize?: number;
  /** PGlite: a tarball from `dumpDataDir()` to create the data directory from (a restore). */
  loadDataDir?: Blob;
  /**
   * PGlite in a folder: told when the folder held files or folders the group or others could open (an install from
   * before ADR 0038, a copy made with loose modes), after they were made owner-only, or could not be.
   */
  onLooseModes?: (found: Tightened) => void;
}

export async function createDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: options.schema ? `-c search_path=${options.schema}` : undefined,
    });
    pool.on('error', () => undefined); // an idle client's error must not crash the process; the next query reports it
    await pool.query('select 1');
    return new PostgresDb(pool, options.databaseUrl, options.schema);
  }
  const lockFile = options.dataDir ? takeDataDirLock(options.dataDir) : undefined;
  try {
    // Owner-only data (ADR 0038): what an earlier run left open is closed before the engine reads it...
    if (options.dataDir) {
      const found = tightenModes(options.dataDir);
      if (found.tightened > 0 || found.failed.length > 0) options.onLooseModes?.(found);
    }
    // On a worker thread of its own (pglite-thread.ts), with pg_trgm for the lists' free-text indexes.
    const engine = await PgliteThread.start({ dataDir: options.dataDir ? path.join(options.dataDir, 'pglite') : undefined, loadDataDir: options.loadDataDir });
    // ...and what the engine wrote while opening (a first start's whole data directory comes out 0666) right after.
    if (options.dataDir) tightenModes(options.dataDir);
    return new PgliteDb(engine, lockFile, options.dataDir);
  } catch (err) {
    if (lockFile) releaseDataDirLock(lockFile);
    throw err;
  }
}
