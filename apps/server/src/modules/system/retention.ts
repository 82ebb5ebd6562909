import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { purgeAuditRows } from '../audit/audit.service.ts';
import { forgetOldFailures } from '../accounts/sign-in-throttle.ts';
import { sweepIncompleteFiles } from '../system-config/config-files.queries.ts';
import { forgetOldDeliveries } from '../webhooks/webhooks.queries.ts';
import { deleteFinishedApplicationsBatch, eraseApplicationsToolCallPayloads, recordRetentionPurge } from './retention.queries.ts';
import type { SettingsStore } from './settings.store.ts';

/** How often retention runs (and once a minute after start). */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_RUN_MS = 60 * 1000;
const BATCH = 500;

/**
 * Deletes finished applications (completed, failed, cancelled) that ended more than `days` days ago, with their
 * steps, events, review tasks and files (cascades), in batches, each its own transaction; their tool calls keep
 * their figures without what they carried (as an erased application's). The analytics rollups keep the totals.
 * Writes one audit row per organization and run. Returns how many went. 0 keeps everything.
 */
export async function purgeFinishedApplications(db: Db, days: number): Promise<number> {
  if (days <= 0) return 0;
  let total = 0;
  const perOrganization = new Map<string, number>();
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const deleted = await deleteFinishedApplicationsBatch(tx, days, BATCH);
      if (deleted.length > 0)
        await eraseApplicationsToolCallPayloads(
          tx,
          deleted.map((r) => r.id),
        );
      return deleted;
    });
    for (const row of batch) perOrganization.set(row.organization_id, (perOrganization.get(row.organization_id) ?? 0) + 1);
    total += batch.length;
    if (batch.length < BATCH) break;
  }
  for (const [organizationId, count] of perOrganization) {
    await recordRetentionPurge(db, organizationId, { deleted: count, older_than_days: days });
  }
  return total;
}

/**
 * Applies the retention settings in a process that runs the runtime: finished applications and audit rows older
 * than the settings say, file uploads that never finished, and sign-in counts and sign-up requests nobody will read
 * again. A minute after start, then hourly.
 */
export class RetentionScheduler {
  private readonly db: Db;
  private readonly settings: SettingsStore;
  private readonly log: FastifyBaseLogger;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<unknown> | null = null;

  constructor(db: Db, settings: SettingsStore, log: FastifyBaseLogger) {
    this.db = db;
    this.settings = settings;
    this.log = log;
  }

  start(): void {
    this.schedule(FIRST_RUN_MS);
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .catch((err: unknown) => this.log.error({ err }, 'retention failed'))
        .finally(() => {
          this.running = null;
          if (this.timer) this.schedule(RETENTION_INTERVAL_MS);
        });
    }, delay);
    this.timer.unref();
  }

  /** One pass; answers what went. */
  async runOnce(): Promise<{ applications: number; auditRows: number; incompleteFiles: number; signInLeftovers: number; webhookDeliveries: number }> {
    const settings = await this.settings.get();
    const applications = await purgeFinishedApplications(this.db, settings.application_retention_days);
    const auditRows = await purgeAuditRows(this.db, settings.audit_retention_days);
    const incompleteFiles = await sweepIncompleteFiles(this.db);
    const signInLeftovers = await forgetOldFailures(this.db);
    const webhookDeliveries = await forgetOldDeliveries(this.db);
    if (applications + auditRows + incompleteFiles + signInLeftovers + webhookDeliveries > 0)
      this.log.info({ applications, auditRows, incompleteFiles, signInLeftovers, webhookDeliveries }, 'retention applied');
    return { applications, auditRows, incompleteFiles, signInLeftovers, webhookDeliveries };
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
