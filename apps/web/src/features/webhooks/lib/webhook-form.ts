import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@admin-portal/contract/webhook-texts';
import { createWebhookSchema, type CreateWebhook, type UpdateWebhook, type Webhook } from '@admin-portal/contract/webhooks';

/*
 * The "Add a webhook" / "Edit" form: its values, the contract's own checks (the server's words), and what an edit
 * changes. It imports the endpoint's zod schema, so only the dialog (downloaded when first opened) loads it.
 */

export interface WebhookFormValues {
  url: string;
  description: string;
  event_types: WebhookEventType[];
}

export const WEBHOOK_FORM_FIELDS = ['url', 'description', 'event_types'] as const;
export type WebhookFormField = (typeof WEBHOOK_FORM_FIELDS)[number];
export type WebhookFormErrors = Partial<Record<WebhookFormField, string>>;

export const EMPTY_WEBHOOK_FORM: WebhookFormValues = { url: '', description: '', event_types: [] };

export const formValuesOf = (w: Webhook | null): WebhookFormValues =>
  w ? { url: w.url, description: w.description, event_types: orderEvents(w.event_types) } : EMPTY_WEBHOOK_FORM;

const orderEvents = (types: readonly WebhookEventType[]): WebhookEventType[] => WEBHOOK_EVENT_TYPES.filter((t) => types.includes(t));

/** Adds or removes one event type, keeping the catalogue's order. */
export function toggleEvent(types: readonly WebhookEventType[], type: WebhookEventType, on: boolean): WebhookEventType[] {
  const next = new Set(types);
  if (on) next.add(type);
  else next.delete(type);
  return orderEvents([...next]);
}

/** Every event type, or none when every one is chosen already. */
export const toggleAllEvents = (types: readonly WebhookEventType[]): WebhookEventType[] =>
  types.length === WEBHOOK_EVENT_TYPES.length ? [] : [...WEBHOOK_EVENT_TYPES];

/**
 * The form's errors by field from a list of `{field, message}` (the server's validation_errors, or the schema's
 * issues): an event's own error (`event_types.2`) shows on the checklist; the first message per field wins.
 */
export function formErrorsOf(errors: readonly { field: string; message: string }[]): WebhookFormErrors {
  const out: WebhookFormErrors = {};
  for (const { field, message } of errors) {
    const name = field.split('.')[0] as WebhookFormField;
    if ((WEBHOOK_FORM_FIELDS as readonly string[]).includes(name) && !(name in out)) out[name] = message;
  }
  return out;
}

export type WebhookFormCheck = { ok: true; value: CreateWebhook & { description: string } } | { ok: false; errors: WebhookFormErrors };

/** The contract's createWebhookSchema, checked before sending, with its messages. */
export function checkWebhookForm(values: WebhookFormValues): WebhookFormCheck {
  const parsed = createWebhookSchema.safeParse(values);
  if (parsed.success) return { ok: true, value: { ...parsed.data, description: parsed.data.description } };
  return { ok: false, errors: formErrorsOf(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }))) };
}

/** What an edit changes, as the update's body (only the fields that differ); null when nothing does. */
export function changesOf(original: Webhook, value: { url: string; description: string; event_types: readonly WebhookEventType[] }): UpdateWebhook | null {
  const body: UpdateWebhook = {};
  if (value.url !== original.url) body.url = value.url;
  if (value.description !== original.description) body.description = value.description;
  const before = orderEvents(original.event_types);
  const after = orderEvents(value.event_types);
  if (before.length !== after.length || before.some((t, i) => t !== after[i])) body.event_types = after;
  return Object.keys(body).length === 0 ? null : body;
}
