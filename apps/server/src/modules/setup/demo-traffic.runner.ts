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
import { DemoTraffic } from './demo-traffic.ts';
import { activeWorkflowIds, claimLeftRuns, countTraffic, releaseLeases, renewLeases, type DemoTrafficRun } from './demo-traffic.queries.ts';

export const DEMO_TRAFFIC_LEASE_SECONDS = 10;
const TICK_MS = 2_000;
const CHANNEL = 'demo_traffic';

/** Tells every process to look at the runs now (after a switch off or a released lease). */
export function announceDemoTrafficChange(app: FastifyInstance): Promise<void> {
  return app.db.notify(CHANNEL, 'changed').catch((error: Error) => app.log.warn({ err: error }, 'demo traffic: the announcement failed'));
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
      workflowIds: async () => (!(await allowed()) ? [] : activeWorkflowIds(db, organizationId)),
      onError: (error) => this.app.log.warn({ err: error }, 'demo traffic: a call failed'),
      onCount: (what) => {
        void countTraffic(db, organizationId, what === 'started' ? 'started' : 'forms_answered').catch((error: Error) =>
          this.app.log.warn({ err: error }, 'demo traffic: counting failed'),
        );
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
    const mine = new Set(await renewLeases(db, this.owner, DEMO_TRAFFIC_LEASE_SECONDS));
    for (const organizationId of [...this.running.keys()]) if (!mine.has(organizationId)) this.stop(organizationId);
    if (this.closed || !ownBaseUrl(this.app)) return;
    for (const row of await claimLeftRuns(db, this.owner, DEMO_TRAFFIC_LEASE_SECONDS)) this.run(row);
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
    const released = await releaseLeases(this.app.db, this.owner).catch((error: Error) => {
      this.app.log.warn({ err: error }, 'demo traffic: releasing the lease failed');
      return 0;
    });
    if (released) await announceDemoTrafficChange(this.app);
  }
}
