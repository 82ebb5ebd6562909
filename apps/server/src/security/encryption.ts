import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * Secrets at rest (DESIGN §7): AES-256-GCM with a key derived from SECRET_KEY. The stored text is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url, so a changed format can be told apart later.
 */

const VERSION = 'v1';

const keyFrom = (secretKey: string) => createHash('sha256').update(`admin-portal:secrets:${secretKey}`).digest();

export function encryptText(plain: string, secretKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secretKey), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Throws when the text was not made with this key (tampered, or SECRET_KEY changed). */
export function decryptText(stored: string, secretKey: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secretKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export const encryptJson = (value: unknown, secretKey: string) => encryptText(JSON.stringify(value), secretKey);
export const decryptJson = <T>(stored: string, secretKey: string): T => JSON.parse(decryptText(stored, secretKey)) as T;
