import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import os from 'node:os';

/**
 * Password hashes computed at once: one core fewer than the machine has (at least one). Each scrypt takes tens of
 * milliseconds of a core; a burst of sign-ins running four at a time (libuv's threads) on a small machine would take
 * every core from the event loop — and from the embedded database, which runs on it — so every other request would
 * wait behind them. Queued here, sign-ins wait for each other instead.
 */
const HASH_CONCURRENCY = Math.max(1, os.availableParallelism() - 1);
let hashing = 0;
const waiting: (() => void)[] = [];

/** Hashes running now and the most allowed at once (tests). */
export function hashingNow(): { running: number; queued: number; limit: number } {
  return { running: hashing, queued: waiting.length, limit: HASH_CONCURRENCY };
}

/** The caller left while its password check waited its turn (see `verifyPassword`'s `stillWanted`). */
export class HashAbandoned extends Error {
  /** Answered 408 (nobody is there to read it), never logged as a failure. */
  readonly statusCode = 408;
  constructor() {
    super('The password check was abandoned: its caller went away while it waited');
  }
}

async function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions, stillWanted?: () => boolean): Promise<Buffer> {
  if (hashing >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing += 1;
  try {
    // Under a burst, a client may give up while its check waits: its turn goes to the next one instead.
    if (stillWanted && !stillWanted()) throw new HashAbandoned();
    return await new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));
  } finally {
    // Hand the slot to the next in line (the count stays), or free it.
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
}

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/** scrypt from node:crypto, parameters stored with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** `stillWanted`: asked when the check's turn comes; false (its client went away) rejects with HashAbandoned. */
export async function verifyPassword(password: string, stored: string, stillWanted?: () => boolean): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(
    password,
    Buffer.from(saltB64, 'base64'),
    expected.length,
    {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: 64 * 1024 * 1024,
    },
    stillWanted,
  );
  return timingSafeEqual(key, expected);
}

/** A hash that never matches, used to spend the same time when the email is unknown. */
export const DUMMY_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;

/** Readable generated password: 20 characters from an unambiguous alphabet. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(20);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
