/**
 * One open event stream: it reads the events after its position (woken by LISTEN, polled as a fallback) and sends
 * them, and it ends with a last `closing` event when its caller may no longer receive them. Whether it may is the
 * question every new request answers (authenticateRequest: access token, session, account, permissions), asked
 * again before each delivery, at once when a change notice names its user (logout, revocation, deactivation,
 * deletion, another role: from any process), every 30 s as a backstop, and when its access token expires.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApplicationStreamEvent, StreamClosingReason } from '@admin-portal/contract/applications/api';
import { HttpError } from '../../http/errors.ts';
import { canSee } from '../../http/organization-scope.ts';
import { authenticateRequest } from '../auth/auth.hook.ts';
import type { ApplicationRow } from './applications.queries.ts';
import { eventId, presentEvent, presentSummary } from './applications.presenter.ts';
import { casesNow, eventsAfter, positionId, type StreamedEvent, type StreamFilter, type StreamPosition } from './stream.queries.ts';

const BATCH = 500;
const POLL_MS = 1_000;
/** The backstop: a stream whose caller lost access without a notice reaching this process (a lost connection) ends within this. */
const RECHECK_MS = 30_000;
/** How soon a client should come back after a `closing` (the `retry` field). */
export const RECONNECT_MS = 2_000;

const streamMessage = (e: StreamedEvent, cases: Map<string, ApplicationRow>): { id: string; event: string; data: ApplicationStreamEvent } => {
  const row = cases.get(e.application_id);
  return { id: eventId(e), event: 'application_event', data: { ...presentEvent(e), application: row ? presentSummary(row) : null } };
};

export interface StreamConnectionOptions {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The user who opened it (change notices name users). */
  userId: string;
  filter: StreamFilter;
  position: StreamPosition;
  /** When the access token the stream was opened with expires (ms since the epoch). */
  tokenExpiresAt: number;
}

export class StreamConnection {
  readonly userId: string;
  private readonly app: FastifyInstance;
  private readonly request: FastifyRequest;
  private readonly reply: FastifyReply;
  private readonly filter: StreamFilter;
  private readonly tokenExpiresAt: number;
  private position: StreamPosition;
  private reading: Promise<void> | null = null;
  private again = false;
  private following = false;
  private closed = false;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(options: StreamConnectionOptions) {
    this.app = options.app;
    this.request = options.request;
    this.reply = options.reply;
    this.userId = options.userId;
    this.filter = options.filter;
    this.position = options.position;
    this.tokenExpiresAt = options.tokenExpiresAt;
  }

  /** The position the stream starts from (the `ready` event's id). */
  get start(): string {
    return positionId(this.position);
  }

  /**
   * Why the stream must end now, or null while its caller may still receive it: the same check as a new request's,
   * and the organization it follows still visible to them.
   */
  async closingReason(): Promise<StreamClosingReason | null> {
    if (Date.now() >= this.tokenExpiresAt) return 'token_expired';
    try {
      const auth = await authenticateRequest(this.app, this.request);
      if (!auth) return 'session_ended';
      const organizationId = this.filter.organizationId;
      return (organizationId === null ? auth.isSuperAdmin : canSee(auth, organizationId)) ? null : 'forbidden';
    } catch (error) {
      if (error instanceof HttpError) return error.statusCode === 401 ? 'session_ended' : 'forbidden';
      throw error;
    }
  }

  /**
   * Sends what happened since the position, in batches. Each batch is sent only after the caller's access was
   * checked again (after reading it), so nothing is delivered once the session has ended.
   */
  async drain(): Promise<void> {
    do {
      this.again = false;
      for (;;) {
        const events = await eventsAfter(this.app.db, this.position, this.filter, BATCH);
        if (events.length === 0 || this.closed) return;
        const cases = await casesNow(this.app.db, [...new Set(events.map((e) => e.application_id))]);
        const reason = await this.closingReason();
        if (reason) return this.close(reason);
        for (const e of events) {
          if (this.closed) return;
          await this.reply.sse.send(streamMessage(e, cases));
        }
        const last = events[events.length - 1]!;
        this.position = { tx: last.tx, seq: last.seq };
        if (events.length < BATCH) break;
      }
    } while (this.again && !this.closed);
  }

  /** Whether the stream stopped (closed by the server, or its client went away). */
  get stopped(): boolean {
    return this.closed;
  }

  /** Reads new events (one reader at a time; a wake-up during a read makes it read again), once following. */
  read(): void {
    if (this.closed || !this.following) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.drain()
      .catch((error: unknown) => this.request.log.warn({ err: error }, 'application stream: reading events failed'))
      .finally(() => {
        this.reading = null;
      });
  }

  /** Checks the caller's access now (a change notice named them, or the backstop) and ends the stream if it is gone. */
  recheck(): void {
    if (this.closed) return;
    this.closingReason()
      .then((reason) => (reason ? this.close(reason) : undefined))
      .catch((error: unknown) => this.request.log.warn({ err: error }, 'application stream: checking access failed'));
  }

  /** Keeps the stream open: polls as a fallback to LISTEN, re-checks access, and ends when the access token expires. */
  follow(): void {
    if (this.closed) return;
    this.following = true;
    const every = (ms: number, fn: () => void) => {
      const timer = setInterval(fn, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(POLL_MS, () => this.read());
    every(RECHECK_MS, () => this.recheck());
    const expiry = setTimeout(() => void this.close('token_expired'), Math.max(0, this.tokenExpiresAt - Date.now()));
    expiry.unref();
    this.timers.push(expiry);
    this.read();
  }

  /** Ends the stream with a last `closing` event saying why (and how soon to come back). */
  async close(reason: StreamClosingReason): Promise<void> {
    if (this.closed) return;
    this.stop();
    await this.reply.sse.send({ event: 'closing', data: { reason }, retry: RECONNECT_MS }).catch(() => undefined);
    this.reply.sse.close();
  }

  /** Stops every timer; nothing more is sent (the client went away, or the stream is closing). */
  stop(): void {
    this.closed = true;
    for (const timer of this.timers.splice(0)) clearTimeout(timer);
  }
}
