/**
 * Webhooks' event types, their labels and the limits, without zod: the Webhooks page lists them before any form
 * needs a schema. webhooks.ts has the schemas.
 */

/** What an organization's systems can be told (issue 38 item 4), as each delivery's `type` names it. */
export const WEBHOOK_EVENT_TYPES = [
  'application.started',
  'application.waiting',
  'application.decided',
  'application.completed',
  'application.failed',
  'application.cancelled',
  'review.overdue',
  'tool.approved',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'application.started': 'An application started',
  'application.waiting': 'An application waits (for a form, a review, a delay or a retry)',
  'application.decided': 'A review was decided',
  'application.completed': 'An application completed',
  'application.failed': 'An application failed',
  'application.cancelled': 'An application was cancelled',
  'review.overdue': 'A review is overdue (escalated)',
  'tool.approved': 'A tool was approved',
};

/** The type of the event "Send a test event" sends, whatever the subscription's types. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_LIMITS = {
  /** Subscriptions an organization may have. */
  subscriptions: 20,
  /** How long a delivery is retried after the event, and how long a subscription may fail before it is turned off. */
  retryWindowHours: 24,
  /** An endpoint's time to answer. */
  timeoutMs: 10_000,
  /** How much of an answer's body each attempt keeps. */
  responseBodyBytes: 4096,
  /** How long the deliveries log keeps a finished delivery and its attempts (the hourly retention pass forgets older ones). */
  logDays: 30,
} as const;

/**
 * The waits between attempts (the Standard Webhooks schedule): at once, then after 5 s, 5 min, 30 min, 2 h, 5 h and
 * 10 h, and a last attempt when the 24 hours end.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000] as const;

export const DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const WEBHOOK_MESSAGES = {
  tooMany: `An organization can have at most ${WEBHOOK_LIMITS.subscriptions} webhook subscriptions`,
  url: 'Enter the endpoint’s https:// URL, e.g. https://crm.example.com/hooks/portal',
  eventTypesRequired: 'Choose at least one event',
  disabled: 'This subscription is turned off: turn it on to send to it',
  resent: 'Sending again',
  deleted: 'Webhook subscription deleted',
  turnedOff: (url: string) => `The webhook to ${url} failed for a day and was turned off. Fix the endpoint, then turn it on again.`,
  turnedOffTitle: 'A webhook was turned off',
} as const;
