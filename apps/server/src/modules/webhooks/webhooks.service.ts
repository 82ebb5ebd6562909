import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type CreateWebhook,
  type DeliveryStatus,
  type UpdateWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookEventType,
} from '@admin-portal/contract/webhooks';
import type { Db, Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { actingOrganization, assertVisible, canSee, listScope } from '../../http/organization-scope.ts';
import { decryptText, encryptText } from '../../security/encryption.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { newWebhookSecret, secretHint } from './webhook-signing.ts';
import { WEBHOOKS_CHANNEL } from './webhook-sender.ts';
import {
  countWebhooksLocked,
  deleteWebhookRow,
  findAttempts,
  findDeliveries,
  findDelivery,
  findWebhookById,
  findWebhooks,
  insertDelivery,
  insertWebhook,
  queueWebhookEvent,
  requestResend,
  setWebhookSecret,
  updateWebhookRow,
  type DeliveryRow,
  type WebhookRow,
} from './webhooks.queries.ts';

/*
 * Webhook subscriptions (issue 38 item 4, ADR 0068): administrators of an organization subscribe endpoints to event
 * types. The signing secret is encrypted with SECRET_KEY and shown only when made or rotated.
 */

export function presentWebhook(r: WebhookRow, secretKey: string): Webhook {
  return {
    id: r.id,
    organization_id: r.organization_id,
    url: r.url,
    description: r.description,
    event_types: r.event_types,
    enabled: r.enabled,
    disabled_reason: r.disabled_reason,
    failing_since: r.failing_since?.toISOString() ?? null,
    secret_hint: secretHint(decryptText(r.secret_encrypted, secretKey)),
    last_delivery: r.last_delivery_status && r.last_delivery_at ? { status: r.last_delivery_status, at: r.last_delivery_at.toISOString() } : null,
    created_by_email: r.created_by_email,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export function presentDelivery(r: DeliveryRow): WebhookDelivery {
  return {
    id: r.id,
    subscription_id: r.subscription_id,
    message_id: r.message_id,
    event_type: r.event_type,
    status: r.status,
    attempts: r.attempts,
    // (A delivery being sent has no next attempt of its own: its next_attempt_at is when its sender's lease ends.)
    next_attempt_at: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
    last_status: r.last_status,
    last_error: r.last_error,
    created_at: r.created_at.toISOString(),
  };
}

async function visibleWebhook(db: Queryable, auth: AuthContext, id: string, forUpdate = false): Promise<WebhookRow> {
  const row = await findWebhookById(db, id, forUpdate);
  assertVisible(auth, row, 'Webhook subscription');
  return row;
}

export async function listWebhooks(db: Db, auth: AuthContext, secretKey: string) {
  return { items: (await findWebhooks(db, listScope(auth))).map((r) => presentWebhook(r, secretKey)) };
}

export async function getWebhook(db: Db, auth: AuthContext, secretKey: string, id: string) {
  return presentWebhook(await visibleWebhook(db, auth, id), secretKey);
}

export async function createWebhook(db: Db, request: FastifyRequest, auth: AuthContext, secretKey: string, body: CreateWebhook) {
  const organizationId = actingOrganization(auth);
  if (!canSee(auth, organizationId)) throw forbidden();
  const secret = newWebhookSecret();
  const id = await db.transaction(async (tx) => {
    if ((await countWebhooksLocked(tx, organizationId)) >= WEBHOOK_LIMITS.subscriptions) throw conflict(WEBHOOK_MESSAGES.tooMany);
    const eventTypes = [...new Set(body.event_types)];
    const id = await insertWebhook(tx, {
      organization_id: organizationId,
      url: body.url,
      description: body.description ?? '',
      event_types: eventTypes,
      secret_encrypted: encryptText(secret, secretKey),
      created_by: auth.userId,
    });
    await recordAudit(tx, request, {
      action: 'webhook.create',
      targetType: 'webhook',
      targetId: id,
      targetName: body.url,
      organizationId,
      changes: { url: body.url, event_types: eventTypes },
    });
    return id;
  });
  return { ...presentWebhook((await findWebhookById(db, id))!, secretKey), secret };
}

export async function updateWebhook(db: Db, request: FastifyRequest, auth: AuthContext, secretKey: string, id: string, body: UpdateWebhook) {
  await db.transaction(async (tx) => {
    const row = await visibleWebhook(tx, auth, id, true);
    await updateWebhookRow(tx, id, { ...body, event_types: body.event_types ? [...new Set(body.event_types)] : undefined });
    const action = body.enabled === true && !row.enabled ? 'webhook.enable' : body.enabled === false && row.enabled ? 'webhook.disable' : 'webhook.update';
    await recordAudit(tx, request, {
      action,
      targetType: 'webhook',
      targetId: id,
      targetName: body.url ?? row.url,
      organizationId: row.organization_id,
      changes: body,
    });
    // Turned on: what waited is due now, here or in another process.
    if (body.enabled) await db.notify(WEBHOOKS_CHANNEL, '', tx);
  });
  return getWebhook(db, auth, secretKey, id);
}

export async function deleteWebhook(db: Db, request: FastifyRequest, auth: AuthContext, id: string) {
  await db.transaction(async (tx) => {
    const row = await visibleWebhook(tx, auth, id, true);
    await deleteWebhookRow(tx, id);
    await recordAudit(tx, request, { action: 'webhook.delete', targetType: 'webhook', targetId: id, targetName: row.url, organizationId: row.organization_id });
  });
  return { success: true, message: WEBHOOK_MESSAGES.deleted };
}

export async function rotateWebhookSecret(db: Db, request: FastifyRequest, auth: AuthContext, secretKey: string, id: string) {
  const secret = newWebhookSecret();
  await db.transaction(async (tx) => {
    const row = await visibleWebhook(tx, auth, id, true);
    await setWebhookSecret(tx, id, encryptText(secret, secretKey));
    await recordAudit(tx, request, {
      action: 'webhook.rotate_secret',
      targetType: 'webhook',
      targetId: id,
      targetName: row.url,
      organizationId: row.organization_id,
    });
  });
  return { ...(await getWebhook(db, auth, secretKey, id)), secret };
}

/**
 * Queues an event (other than an application's, which a trigger queues) for the organization's subscriptions to its
 * type, in the caller's transaction, and wakes the senders when any was queued.
 */
export async function queueEvent(
  tx: Queryable,
  db: Db,
  event: { organizationId: string; type: WebhookEventType; data: Record<string, unknown> },
): Promise<void> {
  const queued = await queueWebhookEvent(tx, { ...event, messageId: `msg_${randomUUID().replaceAll('-', '')}` });
  if (queued > 0) await db.notify(WEBHOOKS_CHANNEL, '', tx);
}

export async function sendTestEvent(db: Db, auth: AuthContext, id: string): Promise<WebhookDelivery> {
  const row = await visibleWebhook(db, auth, id);
  if (!row.enabled) throw conflict(WEBHOOK_MESSAGES.disabled);
  const deliveryId = await db.transaction(async (tx) => {
    const deliveryId = await insertDelivery(tx, {
      subscriptionId: id,
      organizationId: row.organization_id,
      messageId: `msg_${randomUUID().replaceAll('-', '')}`,
      type: WEBHOOK_TEST_EVENT,
      data: { subscription_id: id, sent_by: auth.email },
    });
    await db.notify(WEBHOOKS_CHANNEL, '', tx);
    return deliveryId;
  });
  return presentDelivery((await findDelivery(db, id, deliveryId))!);
}

export async function listDeliveries(db: Db, auth: AuthContext, id: string, q: { status?: DeliveryStatus | undefined; limit: number; offset: number }) {
  await visibleWebhook(db, auth, id);
  const { rows, total } = await findDeliveries(db, id, q);
  return { items: rows.map(presentDelivery), total, limit: q.limit, offset: q.offset };
}

export async function getDelivery(db: Db, auth: AuthContext, id: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
  await visibleWebhook(db, auth, id);
  const row = await findDelivery(db, id, deliveryId);
  if (!row) throw notFound('Delivery');
  const attempts = await findAttempts(db, deliveryId);
  return {
    ...presentDelivery(row),
    request_body: row.body,
    attempts_made: attempts.map((a) => ({
      id: a.id,
      attempted_at: a.attempted_at.toISOString(),
      trigger: a.trigger,
      request_headers: a.request_headers,
      response_status: a.response_status,
      response_headers: a.response_headers,
      response_body: a.response_body,
      duration_ms: a.duration_ms,
      error: a.error,
    })),
  };
}

export async function resendDelivery(db: Db, request: FastifyRequest, auth: AuthContext, id: string, deliveryId: string): Promise<WebhookDelivery> {
  await db.transaction(async (tx) => {
    const row = await visibleWebhook(tx, auth, id, true);
    if (!row.enabled) throw conflict(WEBHOOK_MESSAGES.disabled);
    if (!(await findDelivery(tx, id, deliveryId))) throw notFound('Delivery');
    await requestResend(tx, deliveryId, auth.userId);
    await recordAudit(tx, request, {
      action: 'webhook.resend',
      targetType: 'webhook',
      targetId: id,
      targetName: row.url,
      organizationId: row.organization_id,
      changes: { delivery_id: deliveryId },
    });
    await db.notify(WEBHOOKS_CHANNEL, '', tx);
  });
  return presentDelivery((await findDelivery(db, id, deliveryId))!);
}
