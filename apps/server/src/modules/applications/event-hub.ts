/**
 * One LISTEN on `application_events` per process, fanned out to this process's streams: each stream hears that
 * its organization has new events and reads them from the table (the table, not the message, is what is sent,
 * so nothing depends on a message arriving). With several processes on one PostgreSQL, every process hears
 * every commit.
 */
import type { Db, Unlisten } from '../../db/client.ts';
import { EVENTS_CHANNEL } from '../../engine/commands.ts';

type Listener = (organizationId: string) => void;

export class EventHub {
  private readonly db: Db;
  private readonly listeners = new Set<Listener>();
  private unlisten: Promise<Unlisten> | null = null;

  constructor(db: Db) {
    this.db = db;
  }

  /** Streams following the events on this process. */
  get clients(): number {
    return this.listeners.size;
  }

  async subscribe(listener: Listener): Promise<() => void> {
    this.listeners.add(listener);
    this.unlisten ??= this.db.listen(EVENTS_CHANNEL, (organizationId) => {
      for (const l of this.listeners) l(organizationId);
    });
    await this.unlisten;
    return () => void this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    this.listeners.clear();
    if (unlisten) await (await unlisten)();
  }
}
