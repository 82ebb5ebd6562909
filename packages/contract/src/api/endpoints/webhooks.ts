import { idParamsSchema, successSchema } from '../../common.ts';
import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '../../webhooks.ts';
import { ADMINS } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';

/**
 * Webhook subscriptions (issue 38 item 4, ADR 0068): an organization's administrators subscribe HTTPS endpoints to
 * event types. Each delivery is a POST of `{type, timestamp, data}` signed the Standard Webhooks way
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`), retried for 24 hours; a
 * subscription failing for a day is turned off and its organization's administrators are told. Administrators only,
 * like API keys.
 */
const tags = ['Webhooks'] as const;

export const WEBHOOK_ENDPOINTS = defineEndpoints({
  listWebhooks: {
    method: 'GET',
    path: '/api/admin/webhooks',
    tags,
    summary: "List the organization's webhook subscriptions",
    description: 'Each with whether it is on, since when it fails, and its last delivery. The secrets are never shown here.',
    access: ADMINS,
    responses: { 200: webhookListSchema },
  },
  createWebhook: {
    method: 'POST',
    path: '/api/admin/webhooks',
    tags,
    summary: 'Subscribe an endpoint to events',
    description:
      'At most 20 subscriptions an organization. The answer holds the signing secret (whsec_…), the only time it is shown. ' +
      'The address is https:// (http:// only to this machine); every request to it goes through the same guard as tools (no private addresses unless TOOL_ALLOWED_HOSTS names them).',
    access: ADMINS,
    body: createWebhookSchema,
    responses: { 201: webhookWithSecretSchema },
  },
  getWebhook: {
    method: 'GET',
    path: '/api/admin/webhooks/:id',
    tags,
    summary: 'Get a webhook subscription',
    access: ADMINS,
    params: idParamsSchema,
    responses: { 200: webhookSchema },
  },
  updateWebhook: {
    method: 'PUT',
    path: '/api/admin/webhooks/:id',
    tags,
    summary: 'Change a webhook subscription, or turn it off or on',
    description: 'Turned on again, it sends what waited meanwhile and its failing clock starts over.',
    access: ADMINS,
    params: idParamsSchema,
    body: updateWebhookSchema,
    responses: { 200: webhookSchema },
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/api/admin/webhooks/:id',
    tags,
    summary: 'Delete a webhook subscription',
    description: 'Its deliveries and their attempts go with it.',
    access: ADMINS,
    params: idParamsSchema,
    responses: { 200: successSchema },
  },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/api/admin/webhooks/:id/rotate-secret',
    tags,
    summary: "Replace a subscription's signing secret",
    description: 'The answer holds the new secret, the only time it is shown; deliveries sent from now on are signed with it.',
    access: ADMINS,
    params: idParamsSchema,
    responses: { 200: webhookWithSecretSchema },
  },
  sendWebhookTest: {
    method: 'POST',
    path: '/api/admin/webhooks/:id/test',
    tags,
    summary: 'Send a test event',
    description: 'A `webhook.test` delivery, whatever the events subscribed to; it shows in the deliveries like any other.',
    access: ADMINS,
    params: idParamsSchema,
    responses: { 202: webhookDeliverySchema },
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/api/admin/webhooks/:id/deliveries',
    tags,
    summary: "List a subscription's deliveries",
    description: 'Newest first, optionally of one status.',
    access: ADMINS,
    params: idParamsSchema,
    query: webhookDeliveryQuerySchema,
    responses: { 200: webhookDeliveryListSchema },
  },
  getWebhookDelivery: {
    method: 'GET',
    path: '/api/admin/webhooks/:id/deliveries/:delivery_id',
    tags,
    summary: 'Get a delivery with its attempts',
    description:
      'The body it sends, and each attempt: the request headers (signature included), the answer (its status, headers and first 4 KiB) or the error.',
    access: ADMINS,
    params: webhookDeliveryParamsSchema,
    responses: { 200: webhookDeliveryDetailSchema },
  },
  resendWebhookDelivery: {
    method: 'POST',
    path: '/api/admin/webhooks/:id/deliveries/:delivery_id/resend',
    tags,
    summary: 'Send a delivery again',
    description: 'With the same webhook-id (receivers de-duplicate by it) and a new timestamp and signature. 409 while the subscription is turned off.',
    access: ADMINS,
    params: webhookDeliveryParamsSchema,
    responses: { 202: webhookDeliverySchema },
  },
});
