/**
 * The Standard Webhooks signature (https://www.standardwebhooks.com): `webhook-signature: v1,<base64 HMAC-SHA256>`
 * of `<webhook-id>.<webhook-timestamp>.<body>` with the secret's key (the base64 after `whsec_`). Made with
 * node:crypto rather than the `standardwebhooks` package (its SHA-256 is JavaScript; this is on every delivery);
 * the tests verify deliveries with that package, so the two agree.
 */
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret: 24 random bytes (192 bits), as Standard Webhooks writes them. */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The first characters of a secret, to tell it apart in a list (never enough to use). */
export const secretHint = (secret: string) => `${secret.slice(0, PREFIX.length + 4)}…`;

const keyOf = (secret: string): KeyObject => createSecretKey(Buffer.from(secret.slice(PREFIX.length), 'base64'));

function signatureWith(key: KeyObject, messageId: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

export function webhookSignature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  return signatureWith(keyOf(secret), messageId, timestampSeconds, body);
}

/** The request headers every delivery has, besides its id, timestamp and signature. */
export const WEBHOOK_FIXED_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/json',
  'user-agent': 'AdminPortal-Webhooks/1.0',
});

/** Signs a subscription's deliveries: the key is prepared once (the sender keeps one signer per secret). */
export type WebhookSigner = (messageId: string, body: string, now?: Date) => Record<string, string>;

export function webhookSigner(secret: string): WebhookSigner {
  const key = keyOf(secret);
  return (messageId, body, now = new Date()) => {
    const timestamp = Math.floor(now.getTime() / 1000);
    return {
      ...WEBHOOK_FIXED_HEADERS,
      'webhook-id': messageId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureWith(key, messageId, timestamp, body),
    };
  };
}

/** The headers of one attempt: id, timestamp (seconds), signature, and that the body is JSON. */
export function webhookHeaders(secret: string, messageId: string, body: string, now = new Date()): Record<string, string> {
  return webhookSigner(secret)(messageId, body, now);
}
