import type { Queryable } from '../../db/client.ts';

/** Failures older than this are forgotten. */
const FORGET_AFTER = '1 day';
/** Addresses the account signed in from within this many days count as its own. */
const FAMILIAR_DAYS = 90;

export interface SignInWaitsRow {
  /** Seconds the e-mail must still wait from this address (null: none). */
  pair_wait: number | null;
  /** Seconds the e-mail must still wait from unfamiliar addresses (null: none). */
  account_wait: number | null;
  /** The user has signed in from this address lately. */
  familiar: boolean;
}

/** In one statement: the address's wait (`pairKey`), the e-mail's wait (`accountKey`) and whether `ip` is familiar to `userId`. */
export async function findSignInWaits(db: Queryable, pairKey: string, accountKey: string, userId: string | null, ip: string): Promise<SignInWaitsRow> {
  const res = await db.query<SignInWaitsRow>(
    `select (select extract(epoch from wait_until - now())::float8 from sign_in_failures
              where key = $1 and wait_until > now() and last_failed_at > now() - interval '${FORGET_AFTER}') as pair_wait,
            (select extract(epoch from wait_until - now())::float8 from sign_in_failures
              where key = $2 and wait_until > now() and last_failed_at > now() - interval '${FORGET_AFTER}') as account_wait,
            exists (select 1 from auth_sessions s where s.user_id = $3::uuid and s.ip = $4
                     and s.created_at > now() - make_interval(days => ${FAMILIAR_DAYS})) as familiar`,
    [pairKey, accountKey, userId, ip],
  );
  return res.rows[0]!;
}

/** Adds one failure under `key` (restarting a forgotten count); answers the count and the wait it had so far. */
export async function addFailure(db: Queryable, key: string): Promise<{ failures: number; wait_until: Date | null }> {
  const res = await db.query<{ failures: number; wait_until: Date | null }>(
    `insert into sign_in_failures as f (key, failures, last_failed_at, wait_until) values ($1, 1, now(), null)
     on conflict (key) do update
       set failures = case when f.last_failed_at > now() - interval '${FORGET_AFTER}' then f.failures + 1 else 1 end,
           last_failed_at = now()
     returning failures, wait_until`,
    [key],
  );
  return res.rows[0]!;
}

/** Sets the wait under `key` to end `seconds` from now; answers its end. */
export async function setWaitUntil(db: Queryable, key: string, seconds: number): Promise<Date> {
  const res = await db.query<{ wait_until: Date }>(
    `update sign_in_failures set wait_until = now() + make_interval(secs => $2) where key = $1 returning wait_until`,
    [key, seconds],
  );
  return res.rows[0]!.wait_until;
}

export async function deleteFailureCounts(db: Queryable, keys: readonly string[]): Promise<void> {
  await db.query('delete from sign_in_failures where key = any($1::text[])', [keys]);
}

export async function deleteFailureCount(db: Queryable, key: string): Promise<void> {
  await db.query('delete from sign_in_failures where key = $1', [key]);
}

/** Deletes the count under `key` and every count whose key starts with `prefix`. */
export async function deleteFailureCountsWithPrefix(db: Queryable, key: string, prefix: string): Promise<void> {
  await db.query(`delete from sign_in_failures where key = $1 or key like $2`, [key, `${prefix}%`]);
}

/** Seconds still to wait under `key` (null when there is no wait). */
export async function findWait(db: Queryable, key: string): Promise<number | null> {
  const res = await db.query<{ wait: number | null }>(
    `select extract(epoch from wait_until - now())::float8 as wait from sign_in_failures
      where key = $1 and wait_until > now() and last_failed_at > now() - interval '${FORGET_AFTER}'`,
    [key],
  );
  return res.rows[0]?.wait ?? null;
}

/** Deletes counts whose last failure is older than a day; answers how many. */
export async function deleteForgottenFailures(db: Queryable): Promise<number> {
  const res = await db.query(`delete from sign_in_failures where last_failed_at < now() - interval '${FORGET_AFTER}'`);
  return res.rowCount;
}

/** Deletes sign-up requests a week past their link's expiry; answers how many. */
export async function deleteStaleRegistrationRequests(db: Queryable): Promise<number> {
  const res = await db.query(`delete from registration_requests where expires_at < now() - interval '7 days'`);
  return res.rowCount;
}
