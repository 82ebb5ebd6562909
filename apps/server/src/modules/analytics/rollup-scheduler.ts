import type { FastifyBaseLogger } from 'fastify';
import type { Db, Unlisten } from '../../db/client.ts';
import { EVENTS_CHANNEL } from '../../engine/commands.ts';
import { foldStateCounts } from '../applications/state-counts.queries.ts';
import { TOOL_CALLS_CHANNEL } from '../tool-runtime/tool-executions.insert.ts';
import { OPEN_SNAPSHOT_IDLE_MS, refreshOpenCaseCounts } from './open-case-snapshot.ts';
import { refreshAllRollups } from './rollup-refresher.ts';

/** After an event, the rollups are at most this late (events arriving meanwhile are folded together). */
export const ROLLUP_DELAY_MS = 1000;
/** Whatever announced nothing (a NOTIFY lost with a dropped connection) is folded at least this often. */
export const ROLLUP_POLL_MS = 5000;

/**
 * Keeps the analytics rollups current in a process that runs the runtime: once at start (whatever was written while
 * no process ran), then within ROLLUP_DELAY_MS of any application event or tool call (LISTEN on their channels), and
 * every ROLLUP_POLL_MS whatever happens. Refreshes never overlap within a process; across processes the refresher's
 * row lock serialises them. After a fold that found something (and at least every OPEN_SNAPSHOT_IDLE_MS), the
 * open cases are counted again for the "open now" figures. Each run first folds the monitor's state counts
 * (applications/state-counts.queries.ts).
 */
export class RollupScheduler {
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private unlisten: Unlisten[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private poll: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private snapshotAt = 0;

  constructor(db: Db, log: FastifyBaseLogger) {
    this.db = db;
    this.log = log;
  }

  async start(): Promise<void> {
    for (const channel of [EVENTS_CHANNEL, TOOL_CALLS_CHANNEL]) this.unlisten.push(await this.db.listen(channel, () => this.schedule()));
    this.schedule(0);
    this.poll = setInterval(() => this.schedule(0), ROLLUP_POLL_MS);
    this.poll.unref();
  }

  private schedule(delay = ROLLUP_DELAY_MS): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, delay);
  }

  private async run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = foldStateCounts(this.db)
      .catch((err: unknown) => this.log.error({ err }, 'application state counts fold failed'))
      .then(() => refreshAllRollups(this.db))
      .then(async (folded) => {
        if (folded === 0 && Date.now() - this.snapshotAt < OPEN_SNAPSHOT_IDLE_MS) return;
        this.snapshotAt = Date.now();
        await refreshOpenCaseCounts(this.db);
      })
      .catch((err: unknown) => this.log.error({ err }, 'analytics rollup refresh failed'));
    await this.running;
    this.running = null;
    if (this.again) {
      this.again = false;
      this.schedule();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.poll) clearInterval(this.poll);
    this.timer = null;
    this.poll = null;
    const unlisten = this.unlisten;
    this.unlisten = [];
    for (const stop of unlisten) await stop();
    await this.running;
  }
}
