import {
  DELIVERY_STATUSES,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TEST_EVENT,
  type DeliveryStatus,
} from '@admin-portal/contract/webhook-texts';
import type { Webhook, WebhookAttempt, WebhookDelivery } from '@admin-portal/contract/webhooks';
import { dateSettings, zonedFormat, type DatePreferences } from '../../../shared/lib/date-formats.ts';

/*
 * How webhook subscriptions and their deliveries read on the Webhooks page: a subscription's state, event labels,
 * delivery statuses, attempts and the bodies and headers they carried. Zod-free: the page loads it before any form.
 */

/** On; on but failing (retrying); off by an administrator; off because it failed for a day. */
export type WebhookState = 'on' | 'failing' | 'off' | 'turned-off';

export function webhookState(w: Pick<Webhook, 'enabled' | 'disabled_reason' | 'failing_since'>): WebhookState {
  if (w.enabled) return w.failing_since ? 'failing' : 'on';
  return w.disabled_reason === 'failing' ? 'turned-off' : 'off';
}

/** Bootstrap's subtle/emphasis pairs switch with data-bs-theme, so each badge stays readable in both themes. */
export const WEBHOOK_STATE_CLASSES: Readonly<Record<WebhookState, string>> = {
  on: 'badge rounded-pill border bg-success-subtle text-success-emphasis border-success-subtle',
  failing: 'badge rounded-pill border bg-warning-subtle text-warning-emphasis border-warning-subtle',
  off: 'badge rounded-pill border bg-secondary-subtle text-secondary-emphasis border-secondary-subtle',
  'turned-off': 'badge rounded-pill border bg-danger-subtle text-danger-emphasis border-danger-subtle',
};

/** "On", "Off", "Failing since Nov 22, 18:29", "Turned off after failing for a day". */
export function webhookStateLabel(w: Pick<Webhook, 'enabled' | 'disabled_reason' | 'failing_since'>, format: Intl.DateTimeFormat): string {
  switch (webhookState(w)) {
    case 'on':
      return 'On';
    case 'failing':
      return `Failing since ${format.format(new Date(w.failing_since!))}`;
    case 'off':
      return 'Off';
    case 'turned-off':
      return 'Turned off after failing for a day';
  }
}

/** An event type as people read it ("A tool was approved"); the test event and unknown types by name. */
export function eventLabel(type: string): string {
  if (type === WEBHOOK_TEST_EVENT) return 'Test event';
  return (WEBHOOK_EVENT_LABELS as Readonly<Record<string, string>>)[type] ?? type;
}

/** A subscription's event types in the catalogue's order (as the dialog lists them), whatever order they were saved in. */
export function orderedEventTypes(types: readonly string[]): string[] {
  const rank = (t: string) => {
    const i = (WEBHOOK_EVENT_TYPES as readonly string[]).indexOf(t);
    return i === -1 ? WEBHOOK_EVENT_TYPES.length : i;
  };
  return [...types].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export const DELIVERY_STATUS_LABELS: Readonly<Record<DeliveryStatus, string>> = {
  pending: 'Pending',
  sending: 'Sending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** The deliveries filter's choices: a pending delivery may be one waiting for its first attempt or for a retry. */
export const DELIVERY_FILTER_LABELS: Readonly<Record<DeliveryStatus, string>> = {
  ...DELIVERY_STATUS_LABELS,
  pending: 'Pending or retrying',
};

export const DELIVERY_FILTERS: readonly DeliveryStatus[] = DELIVERY_STATUSES;

const DELIVERY_STATUS_CLASSES: Readonly<Record<DeliveryStatus | 'retrying', string>> = {
  pending: 'badge rounded-pill border bg-secondary-subtle text-secondary-emphasis border-secondary-subtle',
  sending: 'badge rounded-pill border bg-info-subtle text-info-emphasis border-info-subtle',
  retrying: 'badge rounded-pill border bg-warning-subtle text-warning-emphasis border-warning-subtle',
  succeeded: 'badge rounded-pill border bg-success-subtle text-success-emphasis border-success-subtle',
  failed: 'badge rounded-pill border bg-danger-subtle text-danger-emphasis border-danger-subtle',
};

/** A delivery's badge: "Retrying" for one that failed and waits for its next attempt, else its status. */
export function deliveryBadge(d: Pick<WebhookDelivery, 'status' | 'attempts'>): { label: string; className: string } {
  if (d.status === 'pending' && d.attempts > 0) return { label: 'Retrying', className: DELIVERY_STATUS_CLASSES.retrying };
  return { label: DELIVERY_STATUS_LABELS[d.status], className: DELIVERY_STATUS_CLASSES[d.status] };
}

/** Whether a delivery may still change by itself (its next attempt is to come, or one is under way). */
export const isWaiting = (status: DeliveryStatus): boolean => status === 'pending' || status === 'sending';

/** Whether anything on screen is still on its way: the page then asks again every few seconds. */
export const anyWaiting = (items: readonly { status: DeliveryStatus }[] | undefined): boolean => (items ?? []).some((d) => isWaiting(d.status));

/** How often the page asks again while a delivery is on its way. */
export const WAITING_REFRESH_MS = 2_000;

/** Whether a subscription's last delivery is still on its way. */
export const lastDeliveryWaiting = (webhooks: readonly Pick<Webhook, 'last_delivery'>[] | undefined): boolean =>
  (webhooks ?? []).some((w) => w.last_delivery !== null && isWaiting(w.last_delivery.status));

/** An attempt as one line: "HTTP 200", "HTTP 500", or the error when no answer came ("No answer within 10 s"). */
export function attemptOutcome(a: Pick<WebhookAttempt, 'response_status' | 'error'>): { ok: boolean; text: string } {
  if (a.response_status !== null) return { ok: a.response_status >= 200 && a.response_status < 300, text: `HTTP ${a.response_status}` };
  return { ok: false, text: a.error ?? 'No answer' };
}

export const TRIGGER_LABELS: Readonly<Record<WebhookAttempt['trigger'], string>> = { automatic: 'Automatic', resend: 'Resend' };

/** Milliseconds as a person reads them: "85 ms", "1.25 s", "10 s". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  return `${s < 10 ? Number(s.toFixed(2)) : Number(s.toFixed(1))} s`;
}

/** A body as sent or received: indented when it is JSON, else as it is. */
export function prettyBody(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}

/** How many more subscriptions the organization may add (never below 0). */
export const subscriptionsLeft = (count: number): number => Math.max(0, WEBHOOK_LIMITS.subscriptions - count);

/** "3 of 20 webhooks". */
export const subscriptionCount = (count: number): string => `${count} of ${WEBHOOK_LIMITS.subscriptions} webhooks`;

/** Why a test event or a resend cannot be sent now (the server refuses both while the subscription is off), or null. */
export const sendBlockedReason = (w: Pick<Webhook, 'enabled'>): string | null => (w.enabled ? null : WEBHOOK_MESSAGES.disabled);

/** The address without its scheme, for tight places and dialog titles: "crm.example.com/hooks/portal". */
export const shortUrl = (url: string): string => url.replace(/^https?:\/\//, '');

export interface WebhookDates {
  /** "Nov 22, 2026, 18:29": lists. */
  dateTime: Intl.DateTimeFormat;
  /** "Nov 22, 2026, 18:29:05": attempts, seconds apart. */
  precise: Intl.DateTimeFormat;
  /** The whole instant with its zone, for tooltips. */
  full: Intl.DateTimeFormat;
}

/** Dates in the user's chosen time zone and clock (Settings), else the browser's. */
export function webhookDates(prefs: DatePreferences | undefined): WebhookDates {
  const { timeZone, hour12 } = dateSettings(prefs);
  return {
    dateTime: zonedFormat({ dateStyle: 'medium', timeStyle: 'short', hour12 }, timeZone),
    precise: zonedFormat({ dateStyle: 'medium', timeStyle: 'medium', hour12 }, timeZone),
    full: zonedFormat({ dateStyle: 'full', timeStyle: 'long', hour12 }, timeZone),
  };
}

/** A wait in words: "5 seconds", "30 minutes", "2 hours". */
export function waitInWords(ms: number): string {
  const [n, unit] = ms < 60_000 ? [ms / 1000, 'second'] : ms < 3_600_000 ? [ms / 60_000, 'minute'] : [ms / 3_600_000, 'hour'];
  const rounded = Number(n.toFixed(1));
  return `${rounded} ${unit}${rounded === 1 ? '' : 's'}`;
}

/** When a failed delivery is tried again, from the contract's schedule. */
export function retrySchedule(delays: readonly number[] = WEBHOOK_RETRY_DELAYS_MS, windowHours: number = WEBHOOK_LIMITS.retryWindowHours): string {
  const waits = delays.map(waitInWords);
  const list = waits.length > 1 ? `${waits.slice(0, -1).join(', ')} and ${waits.at(-1)}` : (waits[0] ?? '');
  return `A failed delivery is tried again after ${list}, then a last time when ${windowHours} hour${windowHours === 1 ? '' : 's'} have passed since the event.`;
}
