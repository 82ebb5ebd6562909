import { z } from 'zod';
import { listQuerySchema, listResponseSchema, uuidSchema } from './common.ts';
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES } from './webhook-texts.ts';

export * from './webhook-texts.ts';

/**
 * An endpoint's address: https://, or http:// to this machine (a receiver a developer or a test runs beside the
 * portal; the SSRF guard lets it through only when TOOL_ALLOWED_HOSTS names it).
 */
const endpointUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(https:\/\/[^\s/?#]+|http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?)(\/[^\s#]*)?$/, WEBHOOK_MESSAGES.url);

const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, WEBHOOK_MESSAGES.eventTypesRequired)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((types) => new Set(types).size === types.length, 'Name each event once')
  .meta({ uniqueItems: true });

export const createWebhookSchema = z
  .object({
    url: endpointUrlSchema,
    description: z.string().trim().max(200).default(''),
    event_types: eventTypesSchema,
  })
  .strict();
export type CreateWebhook = z.input<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .object({
    url: endpointUrlSchema.optional(),
    description: z.string().trim().max(200).optional(),
    event_types: eventTypesSchema.optional(),
    /** Off: nothing is sent (deliveries wait). On again: what waited is sent, and the failing clock starts over. */
    enabled: z.boolean().optional(),
  })
  .strict();
export type UpdateWebhook = z.input<typeof updateWebhookSchema>;

export const webhookSchema = z.object({
  id: uuidSchema,
  organization_id: uuidSchema,
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  disabled_reason: z.enum(['failing', 'manual']).nullable(),
  failing_since: z.string().nullable(),
  /** The secret's first characters, to tell it apart (whsec_ab12…). */
  secret_hint: z.string(),
  last_delivery: z.object({ status: z.enum(DELIVERY_STATUSES), at: z.string() }).nullable(),
  created_by_email: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.object({ items: z.array(webhookSchema) });

/** A new subscription, or a rotated secret: the only time the signing secret is shown. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string().describe('whsec_… : verify each delivery with it (Standard Webhooks)') });

export const webhookDeliveryParamsSchema = z.object({ id: uuidSchema, delivery_id: uuidSchema });

export const webhookDeliveryQuerySchema = listQuerySchema.pick({ limit: true, offset: true }).extend({
  status: z.enum(DELIVERY_STATUSES).optional(),
});

export const webhookDeliverySchema = z.object({
  id: uuidSchema,
  subscription_id: uuidSchema,
  message_id: z.string(),
  event_type: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z
    .string()
    .nullable()
    .describe('When the next attempt is due, while the delivery is pending (null while it is being sent, and once it succeeded or failed)'),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = listResponseSchema(webhookDeliverySchema);

export const webhookAttemptSchema = z.object({
  id: uuidSchema,
  attempted_at: z.string(),
  trigger: z.enum(['automatic', 'resend']),
  request_headers: z.record(z.string(), z.string()),
  response_status: z.number().int().nullable(),
  response_headers: z.record(z.string(), z.string()).nullable(),
  response_body: z.string().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** One delivery with the body it sends and every attempt, newest first. */
export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  request_body: z.string(),
  attempts_made: z.array(webhookAttemptSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;
