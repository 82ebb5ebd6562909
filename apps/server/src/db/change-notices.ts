/**
 * Tells every process on the database that something it may hold in memory changed (the system settings, the
 * configuration entries, a user's sessions and access), so caches and open event streams stay correct with several
 * processes on one PostgreSQL. A write publishes its topic (with a subject, e.g. the user concerned) inside its
 * transaction (PostgreSQL delivers the NOTIFY when it commits, to every listening process, this one included); each
 * cache subscribes to its topic and forgets its copy when told. The embedded database is one process, but goes the
 * same way (PGlite delivers NOTIFY within the instance).
 */
import type { Db, Queryable, Unlisten } from './client.ts';

export const CHANGES_CHANNEL = 'cache_changes';

/** settings, config: cached values; access: a user's sessions, account or permissions (subject: the user id). */
export type ChangeTopic = 'settings' | 'config' | 'access';

/** A handler hears the notice's subject, or null when anything under the topic may have changed. */
export type ChangeHandler = (subject: string | null) => void;

/**
 * Announces, inside the transaction `tx`, that `topic` changed (for `subject`): every process hears it when `tx`
 * commits, and nothing if it rolls back.
 */
export function announceChange(db: Db, tx: Queryable, topic: ChangeTopic, subject?: string): Promise<void> {
  return db.notify(CHANGES_CHANNEL, subject ? `${topic}:${subject}` : topic, tx);
}

export class ChangeNotices {
  private readonly db: Db;
  private readonly handlers = new Map<string, Set<ChangeHandler>>();
  private unlisten: Unlisten | null = null;
  private stopGap: (() => void) | null = null;

  constructor(db: Db) {
    this.db = db;
  }

  /** Starts hearing the other processes' notices. */
  async start(): Promise<void> {
    this.unlisten ??= await this.db.listen(CHANGES_CHANNEL, (topic) => this.deliver(topic));
    // Notices sent while the listening connection was lost are gone: every cache starts over.
    this.stopGap ??= this.db.onListenGap(() => {
      for (const topic of this.handlers.keys()) this.deliver(topic);
    });
  }

  async stop(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    this.stopGap?.();
    this.stopGap = null;
    await unlisten?.().catch(() => undefined);
  }

  /** Calls `handler` whenever `topic` changes, here or in another process. Returns a function that stops it. */
  on(topic: ChangeTopic, handler: ChangeHandler): () => void {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  /**
   * Runs `fn` in a transaction that changes `topic`: when it commits, every process hears of it (NOTIFY), and this
   * process's caches forget at once (so the writer reads its own write on its next request).
   */
  async changing<T>(topic: ChangeTopic, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const result = await this.db.transaction(async (tx) => {
      const out = await fn(tx);
      await this.db.notify(CHANGES_CHANNEL, topic, tx);
      return out;
    });
    this.deliver(topic);
    return result;
  }

  /** A notice (`topic` or `topic:subject`) arrived, or this process wrote: every subscriber of the topic hears it. */
  deliver(notice: string): void {
    const colon = notice.indexOf(':');
    const topic = colon < 0 ? notice : notice.slice(0, colon);
    const subject = colon < 0 ? null : notice.slice(colon + 1);
    for (const handler of this.handlers.get(topic) ?? []) handler(subject);
  }
}
