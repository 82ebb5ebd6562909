/**
 * The webhook sender (ADR 0068): claims due deliveries in batches from the outbox (webhook_deliveries, FOR UPDATE
 * SKIP LOCKED under a lease, so several processes share the work and a killed one's deliveries come back when its
 * lease runs out), posts each through the SSRF guard, and records the batch's attempts in one statement. A failed
 * attempt is retried on the Standard Webhooks schedule until 24 hours after the event; a subscription that has failed
 * for 24 hours is turned off and its organization's administrators are told.
 *
 * It wakes when an application event is committed (their deliveries are written by the same transaction), when this
 * process queues one (`wake()`), at the next due attempt, and polls as a fallback.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from '@admin-portal/contract/webhooks';
import type { Db, Unlisten } from '../../db/client.ts';
import { EVENTS_CHANNEL } from '../../engine/commands.ts';
import { decryptText } from '../../security/encryption.ts';
import { createGuardedFetch, type GuardedFetch } from '../tool-runtime/guarded-fetch.ts';
import { findSsrfRefusal } from '../tool-runtime/ssrf-guard.ts';
import { WEBHOOK_FIXED_HEADERS, webhookSigner, type WebhookSigner } from './webhook-signing.ts';
import {
  claimDeliveries,
  extendDeliveryLeases,
  nextDeliveryDueAt,
  notifyAdministrators,
  recordAttempts,
  releaseDeliveriesOf,
  type AttemptOutcome,
  type ClaimedDelivery,
} from './webhooks.queries.ts';

/** This process's own wake-ups (a test event, a resend), besides the events channel. */
export const WEBHOOKS_CHANNEL = 'webhooks';

export interface WebhookSenderOptions {
  secretKey: string;
  allowedHosts: readonly string[];
  /** The waits between attempts (config.webhookRetryDelaysMs). */
  retryDelaysMs: readonly number[];
  /** Deliveries claimed at once. */
  batchSize?: number;
  /** Requests in flight at once, per batch. */
  concurrency?: number;
  /** Batches in hand at once (claiming the next while the last is being sent and recorded). */
  pipelines?: number;
  leaseMs?: number;
  pollMs?: number;
  logger?: FastifyBaseLogger;
}

const WINDOW_MS = WEBHOOK_LIMITS.retryWindowHours * 3_600_000;
/** How long the batches share one SSRF guard (its host checks and connections) before hosts are checked again. */
const GUARD_REFRESH_MS = 60_000;
/** Signers kept at once (one per subscription's secret). */
const MAX_SIGNERS = 1_000;

/** When to try a delivery again after its `attempts`-th attempt failed (null: the 24 hours are over). */
export function nextAttemptAt(createdAt: Date, attempts: number, delays: readonly number[], now = new Date()): Date | null {
  const end = createdAt.getTime() + WINDOW_MS;
  if (now.getTime() >= end) return null;
  const delay = delays[Math.min(attempts - 1, delays.length - 1)] ?? delays[delays.length - 1] ?? 0;
  // The schedule's last wait repeats; the final attempt is when the window ends.
  return new Date(Math.min(now.getTime() + delay, end));
}

export class WebhookSender {
  readonly id = `webhooks-${randomUUID()}`;
  private readonly db: Db;
  private readonly options: Required<Omit<WebhookSenderOptions, 'logger'>> & { logger?: FastifyBaseLogger };
  private readonly inHand = new Set<Promise<void>>();
  /** The deliveries of the batches in hand (their leases are renewed while they are sent). */
  private readonly held = new Set<ClaimedDelivery[]>();
  private guard: { fetch: GuardedFetch; since: number; users: number } | null = null;
  /** A signer per stored (encrypted) secret: decrypting and preparing a key once, not on every delivery. */
  private readonly signers = new Map<string, WebhookSigner>();
  private running = false;
  private wakeRequested = false;
  private loop: Promise<void> | null = null;
  private sleeper: { timer: NodeJS.Timeout; resolve: () => void } | null = null;
  private unlisten: Unlisten[] = [];
  private leaseTimer: NodeJS.Timeout | null = null;

  constructor(db: Db, options: WebhookSenderOptions) {
    this.db = db;
    // Leases are renewed every third of their length while batches are in hand (a batch whose endpoints each take
    // their 10 s can outlast one); a killed process's deliveries come back within one lease.
    this.options = { batchSize: 500, concurrency: 64, pipelines: 4, leaseMs: 30_000, pollMs: 2_000, ...options };
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.unlisten = [await this.db.listen(EVENTS_CHANNEL, () => this.wake()), await this.db.listen(WEBHOOKS_CHANNEL, () => this.wake())];
    this.leaseTimer = setInterval(() => {
      if (this.held.size === 0) return;
      const ids = [...this.held].flatMap((batch) => batch.map((d) => d.id));
      extendDeliveryLeases(this.db, this.id, ids, this.options.leaseMs).catch((error: unknown) =>
        this.options.logger?.warn({ err: error }, 'webhooks: extending leases failed'),
      );
    }, this.options.leaseMs / 3);
    this.leaseTimer.unref();
    this.loop = this.run();
  }

  /** Looks for work now. */
  wake(): void {
    this.wakeRequested = true;
    if (this.sleeper) {
      clearTimeout(this.sleeper.timer);
      this.sleeper.resolve();
      this.sleeper = null;
    }
  }

  /** Stops after the batch in hand, giving back what it still holds. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    for (const unlisten of this.unlisten.splice(0)) await unlisten().catch(() => undefined);
    await this.loop;
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    await releaseDeliveriesOf(this.db, this.id).catch(() => undefined);
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.wakeRequested = false;
      if (this.inHand.size >= this.options.pipelines) {
        await Promise.race(this.inHand);
        continue;
      }
      let claimed: ClaimedDelivery[] = [];
      try {
        claimed = await claimDeliveries(this.db, this.id, this.options.batchSize, this.options.leaseMs);
      } catch (error) {
        this.options.logger?.error({ err: error }, 'webhooks: claiming deliveries failed');
      }
      if (claimed.length > 0) {
        this.held.add(claimed);
        const work = this.sendBatch(claimed)
          .catch((error: unknown) => this.options.logger?.error({ err: error }, 'webhooks: a batch failed'))
          .finally(() => {
            this.held.delete(claimed);
            this.inHand.delete(work);
            this.wake();
          });
        this.inHand.add(work);
      }
      if (!this.running) break;
      // A full batch may mean more is due: claim again at once (when there is room).
      if (claimed.length === this.options.batchSize || this.wakeRequested) continue;
      await this.sleep(await this.untilNextDue());
    }
    await Promise.allSettled(this.inHand);
    await this.guard?.fetch.close().catch(() => undefined);
  }

  /**
   * The SSRF guard's fetch, shared by the batches of a minute: each host is checked (and its addresses pinned) once
   * for them, and connections are reused. A minute on, a new one checks hosts again; the old one closes when the
   * batches using it are done.
   */
  private acquireGuard(): { fetch: GuardedFetch; release: () => void } {
    if (!this.guard || Date.now() - this.guard.since > GUARD_REFRESH_MS) {
      const old = this.guard;
      if (old && old.users === 0) void old.fetch.close().catch(() => undefined);
      else if (old) old.since = -1;
      this.guard = { fetch: createGuardedFetch({ allowedHosts: this.options.allowedHosts }), since: Date.now(), users: 0 };
    }
    const held = this.guard;
    held.users += 1;
    return {
      fetch: held.fetch,
      release: () => {
        held.users -= 1;
        // A retired guard (since -1) closes with its last batch.
        if (held.users === 0 && held.since === -1) void held.fetch.close().catch(() => undefined);
      },
    };
  }

  /** One batch: send each claimed delivery, then record every attempt in one statement. */
  private async sendBatch(claimed: ClaimedDelivery[]): Promise<void> {
    const { fetch: guarded, release } = this.acquireGuard();
    try {
      const outcomes: AttemptOutcome[] = new Array(claimed.length);
      let next = 0;
      const worker = async () => {
        while (next < claimed.length) {
          const index = next++;
          outcomes[index] = await this.attempt(guarded, claimed[index]!);
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.options.concurrency, claimed.length) }, worker));
      const turnedOff = await recordAttempts(this.db, this.id, outcomes, WINDOW_MS, WEBHOOK_FIXED_HEADERS);
      for (const subscription of turnedOff) {
        this.options.logger?.warn({ subscription_id: subscription.id }, 'webhooks: a subscription failed for a day and was turned off');
        await notifyAdministrators(this.db, subscription.organization_id, WEBHOOK_MESSAGES.turnedOffTitle, WEBHOOK_MESSAGES.turnedOff(subscription.url));
      }
    } finally {
      release();
    }
  }

  private async attempt(guarded: GuardedFetch, d: ClaimedDelivery): Promise<AttemptOutcome> {
    const body = d.body;
    const started = performance.now();
    let signed: AttemptOutcome['signed'] = null;
    const base = { deliveryId: d.id, trigger: d.resend ? ('resend' as const) : ('automatic' as const) };
    try {
      const request = this.signerOf(d.secret_encrypted)(d.message_id, body);
      signed = request.signed;
      // A redirect is an answer like any other that is not 2xx: the delivery is not followed elsewhere.
      const response = await guarded.post(d.url, {
        body,
        headers: request.headers,
        timeoutMs: WEBHOOK_LIMITS.timeoutMs,
        maxBodyBytes: WEBHOOK_LIMITS.responseBodyBytes,
      });
      const succeeded = response.status >= 200 && response.status < 300;
      return {
        ...base,
        signed,
        responseStatus: response.status,
        responseHeaders: response.headers,
        responseBody: response.bodyStart,
        durationMs: Math.round(performance.now() - started),
        error: succeeded ? null : `The endpoint answered ${response.status}`,
        succeeded,
        retryAt: succeeded ? null : nextAttemptAt(d.created_at, d.attempts, this.options.retryDelaysMs),
      };
    } catch (error) {
      const refusal = findSsrfRefusal(error);
      const message = refusal
        ? refusal.message
        : (error as Error).name === 'TimeoutError'
          ? `No answer within ${WEBHOOK_LIMITS.timeoutMs / 1000} s`
          : (error as Error).message;
      return {
        ...base,
        signed,
        responseStatus: null,
        responseHeaders: null,
        responseBody: null,
        durationMs: Math.round(performance.now() - started),
        error: message.slice(0, 1000),
        succeeded: false,
        retryAt: nextAttemptAt(d.created_at, d.attempts, this.options.retryDelaysMs),
      };
    }
  }

  private signerOf(secretEncrypted: string): WebhookSigner {
    let signer = this.signers.get(secretEncrypted);
    if (!signer) {
      // A rotated secret is a new text: the old one's signer just stops being asked for (the map is kept small).
      if (this.signers.size >= MAX_SIGNERS) this.signers.clear();
      signer = webhookSigner(decryptText(secretEncrypted, this.options.secretKey));
      this.signers.set(secretEncrypted, signer);
    }
    return signer;
  }

  private async untilNextDue(): Promise<number> {
    try {
      const at = await nextDeliveryDueAt(this.db);
      if (!at) return this.options.pollMs;
      return Math.max(0, Math.min(this.options.pollMs, at.getTime() - Date.now()));
    } catch {
      return this.options.pollMs;
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.wakeRequested || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleeper = null;
        resolve();
      }, ms);
      this.sleeper = { timer, resolve };
    });
  }
}
