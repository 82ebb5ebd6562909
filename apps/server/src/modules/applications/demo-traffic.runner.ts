/**
 * Runs the live demo traffic (setup/demo-traffic.ts) of the organizations whose row in `demo_traffic_runs` this
 * process holds the lease of, so that with several processes on one database exactly one runs each organization's:
 * - every couple of seconds it renews its leases; a row no longer on or no longer its own (switched off through any
 *   process) has its generator stopped;
 * - it takes over rows that are on but whose lease expired (their owner died) or was released (their owner closed),
 *   so the traffic resumes;
 * - each applicant started or form answered is counted in the row, so any process answers the status from it;
 * - on close it stops its generators and releases its leases for another process to take over at once.
 * A switch off and a released lease are also announced (NOTIFY `demo_traffic`), so the processes react within
 * moments rather than at their next renewal; the renewal alone is enough when a notification is lost.
 * Only a process listening on a port runs traffic: the generator calls the portal's own public intake API there.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { decryptText } from '../../security/encryption.ts';
import { DemoTraffic } from '../setup/demo-traffic.ts';

export const DEMO_TRAFFIC_LEASE_SECONDS = 10;
const TICK_MS = 2_000;
const CHANNEL = 'demo_traffic';

/** Tells every process to look at the runs now (after a switch off or a released lease). */
export function announceDemoTrafficChange(app: FastifyInstance): Promise<void> {
  return app.db.notify(CHANNEL, 'changed').catch((error: Error) => app.log.warn({ err: error }, 'demo traffic: the announcement failed'));
}

export interface DemoTrafficRun {
  organization_id: string;
  enabled: boolean;
  per_minute: number;
  api_key_id: string | null;
  api_key_secret: string | null;
  since: Date | string | null;
  started: number;
  forms_answered: number;
}

/** The address the portal can call itself on, or null when it does not listen. */
export function ownBaseUrl(app: FastifyInstance): string | null {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address !== 'object') return null;
  const host =
    address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host}:${address.port}`;
}

export class DemoTrafficRunner {
  readonly owner = `${process.pid}-${randomUUID()}`;
  private readonly running = new Map<string, DemoTraffic>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private closed = false;
  private unlisten: Promise<(() => Promise<void>) | null> | null = null;
  private readonly app: FastifyInstance;

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  /** Starts renewing and taking over (once the app listens). */
  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
    this.unlisten = this.app.db
      .listen(CHANNEL, () => void this.tick())
      .catch((error: Error) => {
        this.app.log.warn({ err: error }, 'demo traffic: listening for changes failed (the renewal still notices them)');
        return null;
      });
    void this.tick();
  }

  isRunning(organizationId: string): boolean {
    return this.running.has(organizationId);
  }

  /** Runs the generator of a row this process just claimed (its lease is this process's). */
  run(row: DemoTrafficRun): void {
    const baseUrl = ownBaseUrl(this.app);
    if (this.closed || !baseUrl || !row.api_key_secret || this.running.has(row.organization_id)) return;
    const organizationId = row.organization_id;
    const db = this.app.db;
    const allowed = () => this.app.effectiveConfig.flag('features.demo_traffic', organizationId, this.app.config.environment, true);
    const traffic = new DemoTraffic({
      baseUrl,
      apiKey: decryptText(row.api_key_secret, this.app.secrets.secretKey),
      perMinute: row.per_minute,
      // Turned off in System Configuration while running: no new applicants until it is on again.
      workflowIds: async () =>
        !(await allowed())
          ? []
          : (await db.query<{ id: string }>(`select id from workflows where organization_id = $1 and status = 'active'`, [organizationId])).rows.map(
              (w) => w.id,
            ),
      onError: (error) => this.app.log.warn({ err: error }, 'demo traffic: a call failed'),
      onCount: (what) => {
        const column = what === 'started' ? 'started' : 'forms_answered';
        void db
          .query(`update demo_traffic_runs set ${column} = ${column} + 1 where organization_id = $1 and enabled`, [organizationId])
          .catch((error: Error) => this.app.log.warn({ err: error }, 'demo traffic: counting failed'));
      },
    });
    this.running.set(organizationId, traffic);
    traffic.start();
  }

  /** Stops this process's generator of an organization (switched off). */
  stop(organizationId: string): void {
    this.running.get(organizationId)?.stop();
    this.running.delete(organizationId);
  }

  /** Renews this process's leases, stops what is no longer its own, and takes over what was left. */
  tick(): Promise<void> {
    this.ticking ??= this.renewAndClaim()
      .catch((error: Error) => this.app.log.warn({ err: error }, 'demo traffic: renewing the lease failed'))
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }

  private async renewAndClaim(): Promise<void> {
    if (this.closed) return;
    const db = this.app.db;
    const lease = `${DEMO_TRAFFIC_LEASE_SECONDS} seconds`;
    const kept = await db.query<{ organization_id: string }>(
      `update demo_traffic_runs set lease_until = now() + $2::interval where owner = $1 and enabled returning organization_id`,
      [this.owner, lease],
    );
    const mine = new Set(kept.rows.map((r) => r.organization_id));
    for (const organizationId of [...this.running.keys()]) if (!mine.has(organizationId)) this.stop(organizationId);
    if (this.closed || !ownBaseUrl(this.app)) return;
    const claimed = await db.query<DemoTrafficRun>(
      `update demo_traffic_runs set owner = $1, lease_until = now() + $2::interval
       where organization_id in (select organization_id from demo_traffic_runs
                                 where enabled and (owner is null or lease_until is null or lease_until < now())
                                 for update skip locked)
       returning *`,
      [this.owner, lease],
    );
    for (const row of claimed.rows) this.run(row);
  }

  /** Stops every generator and releases the leases so another process takes over at once. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    const unlisten = await this.unlisten;
    await unlisten?.().catch(() => undefined);
    for (const traffic of this.running.values()) traffic.stop();
    this.running.clear();
    const released = await this.app.db
      .query(`update demo_traffic_runs set owner = null, lease_until = null where owner = $1`, [this.owner])
      .catch((error: Error) => {
        this.app.log.warn({ err: error }, 'demo traffic: releasing the lease failed');
        return null;
      });
    if (released?.rowCount) await announceDemoTrafficChange(this.app);
  }
}
