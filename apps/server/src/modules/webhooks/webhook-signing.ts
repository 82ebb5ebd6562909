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

/** The request headers every delivery has, besides its id, timestamp and signature. */
export const WEBHOOK_FIXED_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/json',
  'user-agent': 'AdminPortal-Webhooks/1.0',
});

/** One signed request: its headers, and the two that are its own (the record keeps only those). */
export interface SignedRequest {
  headers: Record<string, string>;
  signed: { timestamp: string; signature: string };
}

/** Signs a subscription's deliveries: the key is prepared once (the sender keeps one signer per secret). */
export type WebhookSigner = (messageId: string, body: string, now?: Date) => SignedRequest;

export function webhookSigner(secret: string): WebhookSigner {
  const key = keyOf(secret);
  return (messageId, body, now = new Date()) => {
    const seconds = Math.floor(now.getTime() / 1000);
    const signed = { timestamp: String(seconds), signature: signatureWith(key, messageId, seconds, body) };
    return {
      headers: { ...WEBHOOK_FIXED_HEADERS, 'webhook-id': messageId, 'webhook-timestamp': signed.timestamp, 'webhook-signature': signed.signature },
      signed,
    };
  };
}
