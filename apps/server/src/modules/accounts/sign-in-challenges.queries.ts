import type { Queryable } from '../../db/client.ts';

/** A challenge: a sign-in whose password was right, waiting for its second factor. */
export type ChallengePurpose = 'verify' | 'enrol';

export async function insertChallenge(db: Queryable, userId: string, tokenHash: string, ip: string, minutes: number, purpose: ChallengePurpose): Promise<void> {
  await db.query(`insert into sign_in_challenges (user_id, token_hash, ip, expires_at, purpose) values ($1, $2, $3, now() + make_interval(mins => $4), $5)`, [
    userId,
    tokenHash,
    ip,
    minutes,
    purpose,
  ]);
}

export interface ChallengeRow {
  id: string;
  user_id: string;
  failures: number;
  purpose: ChallengePurpose;
  /** Used, past its end, or out of tries. */
  spent: boolean;
}

/** The challenge with this digest, locked; null when there is none. */
export async function lockChallenge(tx: Queryable, tokenHash: string, maxFailures: number): Promise<ChallengeRow | null> {
  const res = await tx.query<ChallengeRow>(
    `select id, user_id, failures, purpose, (used_at is not null or expires_at <= now() or failures >= $2) as spent
       from sign_in_challenges where token_hash = $1 for update`,
    [tokenHash, maxFailures],
  );
  return res.rows[0] ?? null;
}

export async function countChallengeFailure(db: Queryable, id: string): Promise<void> {
  await db.query('update sign_in_challenges set failures = failures + 1 where id = $1', [id]);
}

export async function markChallengeUsed(tx: Queryable, id: string): Promise<void> {
  await tx.query('update sign_in_challenges set used_at = now() where id = $1', [id]);
}

/** Spends the challenge with this id if it is still good (unused, within its time and tries); answers whether it was. */
export async function spendChallengeById(tx: Queryable, id: string, maxFailures: number): Promise<boolean> {
  const res = await tx.query('update sign_in_challenges set used_at = now() where id = $1 and used_at is null and expires_at > now() and failures < $2', [
    id,
    maxFailures,
  ]);
  return res.rowCount > 0;
}

/**
 * Sign-ins under way that are a day past their end: second-factor challenges, passkey ceremonies, single sign-ons
 * and their hand-offs. Nobody brings them back. Part of the hourly retention pass.
 */
export async function deleteOldChallenges(db: Queryable): Promise<number> {
  let deleted = 0;
  for (const table of ['sign_in_challenges', 'webauthn_challenges', 'sso_requests', 'sso_handoffs']) {
    deleted += (await db.query(`delete from ${table} where expires_at < now() - interval '1 day'`)).rowCount;
  }
  return deleted;
}

/** The identity provider's name when the organization's staff may sign in only through it (ADR 0066); else null. */
export async function ssoOnlyProvider(db: Queryable, organizationId: string): Promise<string | null> {
  const res = await db.query<{ provider_name: string }>('select provider_name from organization_sso where organization_id = $1 and enabled and sso_only', [
    organizationId,
  ]);
  return res.rows[0]?.provider_name ?? null;
}
