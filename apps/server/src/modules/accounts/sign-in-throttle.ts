/**
 * Growing delays after failed password checks (issue 31, ADR 0040), which a stranger cannot turn into a lockout of
 * somebody else:
 * - per e-mail and address: after `threshold` failures in a row from one address for one e-mail, each further try
 *   from there waits 1 s, 2 s, 4 s, … up to `maxWaitMinutes`;
 * - per e-mail, across every address (a guess spread over many machines): after four times as many, tries wait the
 *   same way, but only from addresses the account has never signed in from; its owner's usual addresses go on.
 * Counted by the e-mail as typed, known or not, so a throttled answer tells nothing about which e-mails exist. Keys are
 * digests (the table holds no address), counts restart a day after the last failure, a success clears them.
 * Re-entering one's password while signed in (a password or e-mail change) is counted per user the same way.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import {
  addFailure,
  deleteFailureCount,
  deleteFailureCounts,
  deleteFailureCountsWithPrefix,
  deleteForgottenFailures,
  deleteStaleRegistrationRequests,
  findSignInWaits,
  findWait,
  setWaitUntil,
} from './sign-in-throttle.queries.ts';
import { deleteOldChallenges } from './sign-in-challenges.queries.ts';

export interface ThrottleSettings {
  /** Failures before the first wait (the system settings' lockout_threshold). */
  threshold: number;
  /** The longest wait (lockout_minutes). */
  maxWaitMinutes: number;
}

/** How many times the per-address threshold, across all addresses, before unfamiliar addresses wait. */
export const ACCOUNT_THRESHOLD_FACTOR = 4;

const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const normalEmail = (email: string) => email.trim().toLowerCase();

const pairPrefix = (email: string) => `pair:${digest(normalEmail(email))}:`;
export const pairKey = (email: string, ip: string) => `${pairPrefix(email)}${digest(ip)}`;
export const accountKey = (email: string) => `account:${digest(normalEmail(email))}`;
export const reauthKey = (userId: string) => `reauth:${userId}`;
/** Wrong second-factor codes of a user, across their sign-in challenges (issue 37 item 1). */
export const secondFactorKey = (userId: string) => `second-factor:${userId}`;

/** Seconds to wait after `failures` failures (0 below the threshold): 1, 2, 4, … capped at the longest wait. */
export function waitSeconds(failures: number, threshold: number, maxWaitMinutes: number): number {
  if (failures < threshold) return 0;
  return Math.min(2 ** Math.min(failures - threshold, 30), maxWaitMinutes * 60);
}

export interface Verdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

const ALLOWED: Verdict = { allowed: true, retryAfterSeconds: 0 };

/**
 * Whether a sign-in for `email` from `ip` may be checked now. One statement whatever the e-mail: the address's wait,
 * the e-mail's wait across addresses and whether `userId` (null for an unknown e-mail) has signed in from `ip`.
 */
export async function signInVerdict(db: Queryable, email: string, ip: string, userId: string | null): Promise<Verdict> {
  const row = await findSignInWaits(db, pairKey(email, ip), accountKey(email), userId, ip);
  const waits = [row.pair_wait ?? 0, row.familiar ? 0 : (row.account_wait ?? 0)];
  const wait = Math.max(...waits);
  return wait > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(wait) } : ALLOWED;
}

/**
 * Counts one failure under `key`; sets its wait from the new count. Returns the count and the end of the wait (null
 * when there is none yet).
 */
export async function countFailure(
  db: Queryable,
  key: string,
  threshold: number,
  maxWaitMinutes: number,
): Promise<{ failures: number; waitUntil: Date | null }> {
  const { failures } = await addFailure(db, key);
  const wait = waitSeconds(failures, threshold, maxWaitMinutes);
  if (wait === 0) return { failures, waitUntil: null };
  return { failures, waitUntil: await setWaitUntil(db, key, wait) };
}

/** A failed sign-in for `email` from `ip`: counted for the address and for the e-mail. Returns the e-mail's wait end. */
export async function countSignInFailure(db: Queryable, email: string, ip: string, settings: ThrottleSettings): Promise<Date | null> {
  await countFailure(db, pairKey(email, ip), settings.threshold, settings.maxWaitMinutes);
  const account = await countFailure(db, accountKey(email), settings.threshold * ACCOUNT_THRESHOLD_FACTOR, settings.maxWaitMinutes);
  return account.waitUntil;
}

/** A sign-in succeeded: its address's count and the e-mail's count start again. */
export async function clearSignInFailures(db: Queryable, email: string, ip: string): Promise<void> {
  await deleteFailureCounts(db, [pairKey(email, ip), accountKey(email)]);
}

/** An administrator's Unlock: every wait of the e-mail ends, from every address. */
export async function clearAllWaitsFor(db: Queryable, email: string): Promise<void> {
  await deleteFailureCountsWithPrefix(db, accountKey(email), pairPrefix(email));
}

/** A signed-in user's password check succeeded: their count starts again. */
export async function clearReauthFailures(db: Queryable, userId: string): Promise<void> {
  await deleteFailureCount(db, reauthKey(userId));
}

/** Whether a signed-in user may check their password again now (a password or e-mail change). */
export async function reauthVerdict(db: Queryable, userId: string): Promise<Verdict> {
  return keyVerdict(db, reauthKey(userId));
}

/** Whether a user may try a second-factor code now. */
export async function secondFactorVerdict(db: Queryable, userId: string): Promise<Verdict> {
  return keyVerdict(db, secondFactorKey(userId));
}

export async function clearSecondFactorFailures(db: Queryable, userId: string): Promise<void> {
  await deleteFailureCount(db, secondFactorKey(userId));
}

async function keyVerdict(db: Queryable, key: string): Promise<Verdict> {
  const wait = (await findWait(db, key)) ?? 0;
  return wait > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(wait) } : ALLOWED;
}

/**
 * Removes what nobody will read again: counts older than a day (failures, and the mails a sign-up address was sent),
 * sign-up requests a week past their link's expiry, and sign-ins under way (second-factor challenges, passkey
 * ceremonies, single sign-ons) a day past theirs. Part of the hourly
 * retention pass.
 */
export async function forgetOldFailures(db: Queryable): Promise<number> {
  const counts = await deleteForgottenFailures(db);
  const requests = await deleteStaleRegistrationRequests(db);
  const challenges = await deleteOldChallenges(db);
  return counts + requests + challenges;
}
