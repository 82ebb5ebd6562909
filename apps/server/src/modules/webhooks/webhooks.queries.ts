import { WEBHOOK_LIMITS, type DeliveryStatus, type WebhookEventType } from '@admin-portal/contract/webhooks';
import type { Db, Queryable } from '../../db/client.ts';

export interface WebhookRow {
  id: string;
  organization_id: string;
  url: string;
  description: string;
  event_types: WebhookEventType[];
  secret_encrypted: string;
  enabled: boolean;
  disabled_reason: 'failing' | 'manual' | null;
  failing_since: Date | null;
  created_by_email: string | null;
  created_at: Date;
  updated_at: Date;
  last_delivery_status: DeliveryStatus | null;
  last_delivery_at: Date | null;
}

const WEBHOOK_COLUMNS = `w.id, w.organization_id, w.url, w.description, w.event_types, w.secret_encrypted, w.enabled, w.disabled_reason,
  w.failing_since, u.email as created_by_email, w.created_at, w.updated_at, last.status as last_delivery_status, last.created_at as last_delivery_at`;
const WEBHOOK_FROM = `from webhook_subscriptions w
  left join users u on u.id = w.created_by
  left join lateral (select d.status, d.created_at from webhook_deliveries d where d.subscription_id = w.id order by d.created_at desc, d.id desc limit 1) last on true`;

/** The subscriptions of one organization (null: every organization), oldest first. */
export async function findWebhooks(db: Queryable, organizationId: string | null): Promise<WebhookRow[]> {
  const res = await db.query<WebhookRow>(
    `select ${WEBHOOK_COLUMNS} ${WEBHOOK_FROM} where ($1::uuid is null or w.organization_id = $1) order by w.created_at, w.id`,
    [organizationId],
  );
  return res.rows;
}

export async function findWebhookById(db: Queryable, id: string, forUpdate = false): Promise<WebhookRow | null> {
  if (forUpdate) await db.query('select 1 from webhook_subscriptions where id = $1 for update', [id]);
  const res = await db.query<WebhookRow>(`select ${WEBHOOK_COLUMNS} ${WEBHOOK_FROM} where w.id = $1`, [id]);
  return res.rows[0] ?? null;
}

/** How many subscriptions the organization has, its row locked first so two additions cannot pass the limit together. */
export async function countWebhooksLocked(tx: Queryable, organizationId: string): Promise<number> {
  await tx.query('select 1 from organizations where id = $1 for update', [organizationId]);
  const res = await tx.query<{ n: number }>('select count(*)::int as n from webhook_subscriptions where organization_id = $1', [organizationId]);
  return Number(res.rows[0]!.n);
}

export async function insertWebhook(
  tx: Queryable,
  w: { organization_id: string; url: string; description: string; event_types: string[]; secret_encrypted: string; created_by: string },
): Promise<string> {
  const res = await tx.query<{ id: string }>(
    `insert into webhook_subscriptions (organization_id, url, description, event_types, secret_encrypted, created_by)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [w.organization_id, w.url, w.description, w.event_types, w.secret_encrypted, w.created_by],
  );
  return res.rows[0]!.id;
}

/** Changes what is given; turning on clears the failing clock and the reason it was off. */
export async function updateWebhookRow(
  tx: Queryable,
  id: string,
  change: { url?: string | undefined; description?: string | undefined; event_types?: string[] | undefined; enabled?: boolean | undefined },
): Promise<void> {
  await tx.query(
    `update webhook_subscriptions set
       url = coalesce($2, url), description = coalesce($3, description), event_types = coalesce($4, event_types),
       enabled = coalesce($5, enabled),
       disabled_reason = case when $5 is null then disabled_reason when $5 then null else 'manual' end,
       failing_since = case when $5 then null else failing_since end,
       updated_at = now()
     where id = $1`,
    [id, change.url ?? null, change.description ?? null, change.event_types ?? null, change.enabled ?? null],
  );
}

export async function setWebhookSecret(tx: Queryable, id: string, secretEncrypted: string): Promise<void> {
  await tx.query('update webhook_subscriptions set secret_encrypted = $2, updated_at = now() where id = $1', [id, secretEncrypted]);
}

export async function deleteWebhookRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from webhook_subscriptions where id = $1', [id]);
}

// ---------------------------------------------------------------------------------------------
// Deliveries

export interface DeliveryRow {
  id: string;
  subscription_id: string;
  organization_id: string;
  message_id: string;
  event_type: string;
  payload: Record<string, unknown>;
  /** The payload as the text sent (PostgreSQL's own JSON text: what is signed, byte for byte). */
  body: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date;
  last_status: number | null;
  last_error: string | null;
  created_at: Date;
}

const DELIVERY_COLUMNS = `d.id, d.subscription_id, d.organization_id, d.message_id, d.event_type, d.payload, d.payload::text as body, d.status, d.attempts, d.next_attempt_at,
  d.last_status, d.last_error, d.created_at`;

/**
 * Queues an event for every enabled subscription of the organization that takes its type, in the caller's
 * transaction (the outbox: committed with the change it tells of). Application events are queued by a trigger on
 * application_events (migration 0035); this is for the others (a tool approved). Returns how many were queued.
 */
export async function queueWebhookEvent(
  tx: Queryable,
  event: { organizationId: string; messageId: string; type: WebhookEventType; data: Record<string, unknown> },
): Promise<number> {
  const res = await tx.query<{ id: string }>(
    `insert into webhook_deliveries (subscription_id, organization_id, message_id, event_type, payload)
     select s.id, s.organization_id, $2, $3, jsonb_build_object('type', $3::text, 'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', $4::jsonb)
       from webhook_subscriptions s
      where s.organization_id = $1 and s.enabled and $3 = any (s.event_types)
     returning id`,
    [event.organizationId, event.messageId, event.type, JSON.stringify(event.data)],
  );
  return res.rows.length;
}

/** A delivery to one subscription (a test event), whatever its types. */
export async function insertDelivery(
  tx: Queryable,
  d: { subscriptionId: string; organizationId: string; messageId: string; type: string; data: Record<string, unknown> },
): Promise<string> {
  const res = await tx.query<{ id: string }>(
    `insert into webhook_deliveries (subscription_id, organization_id, message_id, event_type, payload)
     values ($1, $2, $3, $4, jsonb_build_object('type', $4::text, 'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', $5::jsonb))
     returning id`,
    [d.subscriptionId, d.organizationId, d.messageId, d.type, JSON.stringify(d.data)],
  );
  return res.rows[0]!.id;
}

export async function findDeliveries(
  db: Queryable,
  subscriptionId: string,
  q: { status?: DeliveryStatus | undefined; limit: number; offset: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.query<DeliveryRow>(
      `select ${DELIVERY_COLUMNS} from webhook_deliveries d where d.subscription_id = $1 and ($2::text is null or d.status = $2)
        order by d.created_at desc, d.id desc limit $3 offset $4`,
      [subscriptionId, q.status ?? null, q.limit, q.offset],
    ),
    db.query<{ n: number }>(`select count(*)::int as n from webhook_deliveries where subscription_id = $1 and ($2::text is null or status = $2)`, [
      subscriptionId,
      q.status ?? null,
    ]),
  ]);
  return { rows: rows.rows, total: Number(total.rows[0]!.n) };
}

export async function findDelivery(db: Queryable, subscriptionId: string, id: string): Promise<DeliveryRow | null> {
  const res = await db.query<DeliveryRow>(`select ${DELIVERY_COLUMNS} from webhook_deliveries d where d.id = $1 and d.subscription_id = $2`, [
    id,
    subscriptionId,
  ]);
  return res.rows[0] ?? null;
}

export interface AttemptRow {
  id: string;
  attempted_at: Date;
  trigger: 'automatic' | 'resend';
  request_headers: Record<string, string>;
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
  duration_ms: number;
  error: string | null;
}

export async function findAttempts(db: Queryable, deliveryId: string): Promise<AttemptRow[]> {
  const res = await db.query<AttemptRow>(
    `select id, attempted_at, trigger, request_headers, response_status, response_headers, response_body, duration_ms, error
       from webhook_attempts where delivery_id = $1 order by attempted_at desc, id desc`,
    [deliveryId],
  );
  return res.rows;
}

/** Asks for the delivery to be sent again at once (a person's resend): the next attempt is recorded as one. */
export async function requestResend(tx: Queryable, id: string, userId: string): Promise<void> {
  await tx.query(
    `update webhook_deliveries set status = 'pending', next_attempt_at = now(), resend_requested_by = $2, locked_by = null, locked_until = null, updated_at = now()
      where id = $1`,
    [id, userId],
  );
}

// ---------------------------------------------------------------------------------------------
// The sender's queue

/**
 * The sender's own bookkeeping (claims, records of attempts) commits without waiting for the disk: what the database
 * could lose of it in a crash only makes a delivery go out again (at least once, as promised; its receiver knows it
 * by webhook-id), never lose one. The deliveries themselves are written durably, with their events.
 */
function withoutWaitingForDisk<T>(db: Db, statement: (tx: Queryable) => Promise<T>, settings = ''): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('synchronous_commit', 'off', true)${settings}`);
    return statement(tx);
  });
}

/**
 * The claim reads the due index in its order and stops at its batch, whatever the statistics say: with a stale
 * estimate of what is due, the planner would rather collect every due row and sort them, which costs as much as the
 * backlog is long, just when there is one.
 */
const IN_DUE_ORDER = `, set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`;

export interface ClaimedDelivery {
  id: string;
  subscription_id: string;
  organization_id: string;
  message_id: string;
  /** The body to send: the payload as PostgreSQL writes it (the same bytes on every attempt). */
  body: string;
  attempts: number;
  created_at: Date;
  resend: boolean;
  url: string;
  secret_encrypted: string;
}

/**
 * Claims up to `limit` due deliveries of enabled subscriptions for `senderId`, each for `leaseMs`, with what sending
 * needs (the address and the secret). A claimed delivery is due again when the lease ends (its next_attempt_at is the
 * lease's end), so one whose sender died comes back by the same condition, and the claim reads the due index in its
 * order, stopping at `limit`, however many wait behind.
 */
export async function claimDeliveries(db: Db, senderId: string, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const res = await withoutWaitingForDisk(
    db,
    (tx) =>
      tx.query<ClaimedDelivery>(
        `update webhook_deliveries d set status = 'sending', locked_by = $1, locked_until = now() + make_interval(secs => $3::float8 / 1000),
            next_attempt_at = now() + make_interval(secs => $3::float8 / 1000), attempts = d.attempts + 1, updated_at = now()
       from webhook_subscriptions s
      where s.id = d.subscription_id and d.id in (
        select x.id from webhook_deliveries x join webhook_subscriptions xs on xs.id = x.subscription_id and xs.enabled
         where x.status in ('pending', 'sending') and x.next_attempt_at <= now()
         order by x.next_attempt_at
         limit $2
         for update of x skip locked)
     returning d.id, d.subscription_id, d.organization_id, d.message_id, d.payload::text as body, d.attempts, d.created_at,
               d.resend_requested_by is not null as resend, s.url, s.secret_encrypted`,
        [senderId, limit, leaseMs],
      ),
    IN_DUE_ORDER,
  );
  return res.rows;
}

export interface AttemptOutcome {
  deliveryId: string;
  trigger: 'automatic' | 'resend';
  /**
   * The request's signature headers (null: it was not signed, so not sent). The other request headers are the
   * signer's fixed ones (`fixedHeaders` of recordAttempts) and `webhook-id`, the delivery's message id: the record
   * rebuilds them rather than carry the same text for every attempt.
   */
  signed: { timestamp: string; signature: string } | null;
  responseStatus: number | null;
  responseHeaders: Record<string, string> | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
  succeeded: boolean;
  /** When to try again (null: no more attempts; a failure then fails the delivery). */
  retryAt: Date | null;
}

/** A subscription that failed again now, having failed since before the window began. */
const FAILED_FOR_WINDOW = `(not c.any_success and s.failing_since is not null and s.failing_since < now() - make_interval(secs => $3::float8 / 1000))`;

/**
 * Records a batch of attempts in one statement: each attempt's row, its delivery's new state (succeeded, pending
 * again at `retryAt`, or failed), and its subscription's failing clock (cleared by a success, started by a failure).
 * Only deliveries this sender still holds change. Returns the subscriptions that have now failed for `windowMs`
 * (turned off here, for the caller to tell their administrators).
 *
 * The attempts travel as one JSON array of arrays (positions, not names: a batch of 500 is a third of the text, and
 * the text is most of what recording costs at thousands a second).
 */
export async function recordAttempts(
  db: Db,
  senderId: string,
  outcomes: readonly AttemptOutcome[],
  windowMs: number,
  fixedHeaders: Readonly<Record<string, string>>,
): Promise<{ id: string; organization_id: string; url: string }[]> {
  if (outcomes.length === 0) return [];
  const rows = JSON.stringify(
    outcomes.map((o) => [
      o.deliveryId,
      o.trigger === 'resend',
      o.signed?.timestamp ?? null,
      o.signed?.signature ?? null,
      o.responseStatus,
      o.responseHeaders,
      o.responseBody,
      o.durationMs,
      o.error,
      o.succeeded,
      o.retryAt?.toISOString() ?? null,
    ]),
  );
  const res = await withoutWaitingForDisk(db, (tx) =>
    tx.query<{ id: string; organization_id: string; url: string }>(
      `with input as (
       select (r ->> 0)::uuid as delivery_id, (r ->> 1)::boolean as resend, r ->> 2 as signed_at, r ->> 3 as signature,
              (r ->> 4)::int as response_status, nullif(r -> 5, 'null'::jsonb) as response_headers, r ->> 6 as response_body,
              (r ->> 7)::int as duration_ms, r ->> 8 as error, (r ->> 9)::boolean as succeeded, (r ->> 10)::timestamptz as retry_at
         from jsonb_array_elements($2::jsonb) r),
     held as (
       update webhook_deliveries d set
              status = case when i.succeeded then 'succeeded' when i.retry_at is not null then 'pending' else 'failed' end,
              next_attempt_at = coalesce(i.retry_at, d.next_attempt_at), locked_by = null, locked_until = null, resend_requested_by = null,
              last_status = i.response_status, last_error = i.error, updated_at = now()
         from input i where d.id = i.delivery_id and d.locked_by = $1
       returning d.id, d.subscription_id, d.message_id),
     attempts as (
       insert into webhook_attempts (delivery_id, trigger, request_headers, response_status, response_headers, response_body, duration_ms, error)
       select h.id, case when i.resend then 'resend' else 'automatic' end,
              case when i.signature is null then '{}'::jsonb
                   else $4::jsonb || jsonb_build_object('webhook-id', h.message_id, 'webhook-timestamp', i.signed_at, 'webhook-signature', i.signature) end,
              i.response_status, i.response_headers, i.response_body, i.duration_ms, i.error
         from input i join held h on h.id = i.delivery_id),
     clocks as (
       select h.subscription_id, bool_or(i.succeeded) as any_success from input i join held h on h.id = i.delivery_id group by h.subscription_id),
     turned_off as (
       -- One update per subscription (a row may not be changed twice in a statement): its failing clock, and off when
       -- it has now failed for the whole window.
       update webhook_subscriptions s set
              failing_since = case when c.any_success then null else coalesce(s.failing_since, now()) end,
              enabled = s.enabled and not (${FAILED_FOR_WINDOW}),
              disabled_reason = case when ${FAILED_FOR_WINDOW} and s.enabled then 'failing' else s.disabled_reason end,
              updated_at = case when ${FAILED_FOR_WINDOW} and s.enabled then now() else s.updated_at end
         from clocks c
        where s.id = c.subscription_id
          -- Only the subscriptions whose clock changes (cleared, started) or that are turned off now: a batch of
          -- successes to a healthy endpoint writes (and locks) no subscription.
          and ((c.any_success and s.failing_since is not null) or (not c.any_success and s.failing_since is null) or (${FAILED_FOR_WINDOW} and s.enabled))
       returning s.id, s.organization_id, s.url, s.enabled, s.disabled_reason, s.updated_at)
     select id, organization_id, url from turned_off where not enabled and disabled_reason = 'failing' and updated_at = now()`,
      [senderId, rows, windowMs, JSON.stringify(fixedHeaders)],
    ),
  );
  return res.rows;
}

/**
 * Keeps this sender's leases on the deliveries it is still sending (a batch waiting on slow endpoints outlasts one
 * lease): only those named, so one whose record was lost comes back when its lease ends.
 */
export async function extendDeliveryLeases(db: Db, senderId: string, ids: readonly string[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `update webhook_deliveries set locked_until = now() + make_interval(secs => $3::float8 / 1000), next_attempt_at = now() + make_interval(secs => $3::float8 / 1000)
      where id = any($2::uuid[]) and locked_by = $1 and status = 'sending'`,
    [senderId, ids, leaseMs],
  );
}

/** Lets go of deliveries this sender still holds (it stops): they are due again at once, for any process. */
export async function releaseDeliveriesOf(db: Db, senderId: string): Promise<void> {
  await db.query(
    `update webhook_deliveries set status = 'pending', locked_by = null, locked_until = null, next_attempt_at = now(), attempts = greatest(attempts - 1, 0)
    where locked_by = $1 and status = 'sending'`,
    [senderId],
  );
}

/** When the next delivery of an enabled subscription falls due (null: none waits). */
export async function nextDeliveryDueAt(db: Db): Promise<Date | null> {
  const res = await db.query<{ at: Date | null }>(
    `select min(d.next_attempt_at) as at from webhook_deliveries d join webhook_subscriptions s on s.id = d.subscription_id and s.enabled
      where d.status = 'pending'`,
  );
  return res.rows[0]?.at ?? null;
}

/** Tells an organization's administrators that a subscription was turned off for failing. */
export async function notifyAdministrators(tx: Queryable, organizationId: string, title: string, body: string): Promise<void> {
  await tx.query(`insert into staff_notifications (organization_id, recipient_role, title, body) values ($1, 'admin', $2, $3)`, [organizationId, title, body]);
}

/** Forgets finished deliveries (and their attempts) older than the log keeps them (WEBHOOK_LIMITS.logDays). */
export async function forgetOldDeliveries(db: Queryable): Promise<number> {
  const res = await db.query<{ id: string }>(
    `delete from webhook_deliveries where status in ('succeeded', 'failed') and created_at < now() - make_interval(days => $1) returning id`,
    [WEBHOOK_LIMITS.logDays],
  );
  return res.rows.length;
}
