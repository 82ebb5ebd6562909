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

export interface ThrottleSettings {
  /** Failures before the first wait (the system settings' lockout_threshold). */
  threshold: number;
  /** The longest wait (lockout_minutes). */
  maxWaitMinutes: number;
}

/** How many times the per-address threshold, across all addresses, before unfamiliar addresses wait. */
export const ACCOUNT_THRESHOLD_FACTOR = 4;
/** Failures older than this are forgotten. */
const FORGET_AFTER = '1 day';
/** Addresses the account signed in from within this many days count as its own. */
const FAMILIAR_DAYS = 90;

const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const normalEmail = (email: string) => email.trim().toLowerCase();

const pairPrefix = (email: string) => `pair:${digest(normalEmail(email))}:`;
export const pairKey = (email: string, ip: string) => `${pairPrefix(email)}${digest(ip)}`;
export const accountKey = (email: string) => `account:${digest(normalEmail(email))}`;
export const reauthKey = (userId: string) => `reauth:${userId}`;

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
  const res = await db.query<{ pair_wait: number | null; account_wait: number | null; familiar: boolean }>(
    `select (select extract(epoch from wait_until - now())::float8 from sign_in_failures
              where key = $1 and wait_until > now() and last_failed_at > now() - interval '${FORGET_AFTER}') as pair_wait,
            (select extract(epoch from wait_until - now())::float8 from sign_in_failures
              where key = $2 and wait_until > now() and last_failed_at > now() - interval '${FORGET_AFTER}') as account_wait,
            exists (select 1 from auth_sessions s where s.user_id = $3::uuid and s.ip = $4
                     and s.created_at > now() - make_interval(days => ${FAMILIAR_DAYS})) as familiar`,
    [pairKey(email, ip), accountKey(email), userId, ip],
  );
  const row = res.rows[0]!;
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
  const res = await db.query<{ failures: number; wait_until: Date | null }>(
    `insert into sign_in_failures as f (key, failures, last_failed_at, wait_until) values ($1, 1, now(), null)
     on conflict (key) do update
       set failures = case when f.last_failed_at > now() - interval '${FORGET_AFTER}' then f.failures + 1 else 1 end,
           last_failed_at = now()
     returning failures, wait_until`,
    [key],
  );
  const failures = res.rows[0]!.failures;
  const wait = waitSeconds(failures, threshold, maxWaitMinutes);
  if (wait === 0) return { failures, waitUntil: null };
  const set = await db.query<{ wait_until: Date }>(
    `update sign_in_failures set wait_until = now() + make_interval(secs => $2) where key = $1 returning wait_until`,
    [key, wait],
  );
  return { failures, waitUntil: set.rows[0]!.wait_until };
}

/** A failed sign-in for `email` from `ip`: counted for the address and for the e-mail. Returns the e-mail's wait end. */
export async function countSignInFailure(db: Queryable, email: string, ip: string, settings: ThrottleSettings): Promise<Date | null> {
  await countFailure(db, pairKey(email, ip), settings.threshold, settings.maxWaitMinutes);
  const account = await countFailure(db, accountKey(email), settings.threshold * ACCOUNT_THRESHOLD_FACTOR, settings.maxWaitMinutes);
  return account.waitUntil;
}

/** A sign-in succeeded: its address's count and the e-mail's count start again. */
export async function clearSignInFailures(db: Queryable, email: string, ip: string): Promise<void> {
  await db.query('delete from sign_in_failures where key = any($1::text[])', [[pairKey(email, ip), accountKey(email)]]);
}

/** An administrator's Unlock: every wait of the e-mail ends, from every address. */
export async function clearAllWaitsFor(db: Queryable, email: string): Promise<void> {
  await db.query(`delete from sign_in_failures where key = $1 or key like $2`, [accountKey(email), `${pairPrefix(email)}%`]);
}

/** Whether a signed-in user may check their password again now (a password or e-mail change). */
export async function reauthVerdict(db: Queryable, userId: string): Promise<Verdict> {
  const res = await db.query<{ wait: number | null }>(
    `select extract(epoch from wait_until - now())::float8 as wait from sign_in_failures
      where key = $1 and wait_until > now() and last_failed_at > now() - interval '${FORGET_AFTER}'`,
    [reauthKey(userId)],
  );
  const wait = res.rows[0]?.wait ?? 0;
  return wait > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(wait) } : ALLOWED;
}

/**
 * Removes what nobody will read again: counts older than a day (failures, and the mails a sign-up address was sent),
 * and sign-up requests a week past their link's expiry. Part of the hourly retention pass.
 */
export async function forgetOldFailures(db: Queryable): Promise<number> {
  const counts = await db.query(`delete from sign_in_failures where last_failed_at < now() - interval '${FORGET_AFTER}'`);
  const requests = await db.query(`delete from registration_requests where expires_at < now() - interval '7 days'`);
  return counts.rowCount + requests.rowCount;
}
