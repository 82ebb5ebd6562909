import type { Queryable } from '../../db/client.ts';

/** A new session of `userId`, ending `maxHours` after now; answers its id. */
export async function insertSession(db: Queryable, userId: string, ip: string, userAgent: string | null, maxHours: number): Promise<string> {
  const res = await db.query<{ id: string }>(
    `insert into auth_sessions (user_id, ip, user_agent, expires_at)
     values ($1, $2, $3, now() + make_interval(hours => $4)) returning id`,
    [userId, ip, userAgent, maxHours],
  );
  return res.rows[0]!.id;
}

/** Stores a refresh token's digest for the session, ending when the session ends. */
export async function insertRefreshToken(db: Queryable, sessionId: string, tokenHash: string): Promise<void> {
  await db.query(`insert into refresh_tokens (session_id, token_hash, expires_at) select $1, $2, expires_at from auth_sessions where id = $1`, [
    sessionId,
    tokenHash,
  ]);
}

/**
 * SQL, true while session `s` of a user of organization `o` is within its limits (not revoked, not past its end, used
 * within the idle limit, younger than the length limit). `$idle` and `$max` are the placeholders of the limits.
 */
export function sessionLiveSql(idle: string, max: string): string {
  return `s.revoked_at is null and s.expires_at > now()
    and s.last_used_at > now() - make_interval(mins => least(${idle}::int,
          case when jsonb_typeof(o.settings->'session_timeout_minutes') = 'number'
               then greatest((o.settings->>'session_timeout_minutes')::numeric, 1)::int else ${idle}::int end))
    and s.created_at > now() - make_interval(hours => ${max}::int)`;
}

export interface RefreshTokenRow {
  id: string;
  session_id: string;
  user_id: string;
  used_at: Date | null;
  token_expired: boolean;
  session_revoked: boolean;
  /** Past its end, idle too long or older than the length limit. */
  session_expired: boolean;
}

/** The refresh token with this digest and the state of its session, both locked; null when there is none. */
export async function lockRefreshTokenByHash(db: Queryable, tokenHash: string, idleMinutes: number, maxHours: number): Promise<RefreshTokenRow | null> {
  const res = await db.query<RefreshTokenRow>(
    `select rt.id, rt.session_id, s.user_id, rt.used_at,
            rt.expires_at <= now() as token_expired,
            s.revoked_at is not null as session_revoked,
            not (${sessionLiveSql('$2', '$3')}) and s.revoked_at is null as session_expired
       from refresh_tokens rt join auth_sessions s on s.id = rt.session_id
       join users u on u.id = s.user_id join organizations o on o.id = u.organization_id
      where rt.token_hash = $1
      for update of rt, s`,
    [tokenHash, idleMinutes, maxHours],
  );
  return res.rows[0] ?? null;
}

export async function markRefreshTokenSpent(db: Queryable, id: string): Promise<void> {
  await db.query('update refresh_tokens set used_at = now() where id = $1', [id]);
}

/** The session was used now (its idle limit counts from here). */
export async function touchSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('update auth_sessions set last_used_at = now() where id = $1', [sessionId]);
}

/** Revokes the session unless it already was; answers whether this call revoked it. */
export async function revokeSessionRow(db: Queryable, sessionId: string, reason: string): Promise<boolean> {
  const res = await db.query('update auth_sessions set revoked_at = now(), revoked_reason = $2 where id = $1 and revoked_at is null', [sessionId, reason]);
  return res.rowCount > 0;
}

/** Revokes the user's unrevoked sessions except `keepSessionId` (null: all); answers how many. */
export async function revokeSessionsOfUser(db: Queryable, userId: string, reason: string, keepSessionId: string | null): Promise<number> {
  const res = await db.query(
    `update auth_sessions set revoked_at = now(), revoked_reason = $2
      where user_id = $1 and revoked_at is null and ($3::uuid is null or id <> $3::uuid)`,
    [userId, reason, keepSessionId],
  );
  return res.rowCount;
}
