import { announceChange } from '../../db/change-notices.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { hashToken, newOpaqueToken, REFRESH_TOKEN_TTL_SECONDS } from '../../security/tokens.ts';

/** A session is one refresh-token family (DESIGN §4). */
export async function openSession(db: Queryable, userId: string, ip: string, userAgent: string | undefined) {
  const res = await db.query<{ id: string }>(
    `insert into auth_sessions (user_id, ip, user_agent, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4)) returning id`,
    [userId, ip, userAgent?.slice(0, 500) ?? null, REFRESH_TOKEN_TTL_SECONDS],
  );
  const sessionId = res.rows[0]!.id;
  const refreshToken = await issueRefreshToken(db, sessionId);
  return { sessionId, refreshToken };
}

export async function issueRefreshToken(db: Queryable, sessionId: string): Promise<string> {
  const token = newOpaqueToken();
  await db.query(
    `insert into refresh_tokens (session_id, token_hash, expires_at) values ($1, $2, now() + make_interval(secs => $3))`,
    [sessionId, hashToken(token), REFRESH_TOKEN_TTL_SECONDS],
  );
  return token;
}

export interface RefreshTokenRow {
  id: string;
  session_id: string;
  user_id: string;
  used_at: Date | null;
  token_expired: boolean;
  session_revoked: boolean;
  session_expired: boolean;
}

export async function lockRefreshToken(db: Queryable, token: string): Promise<RefreshTokenRow | null> {
  const res = await db.query<RefreshTokenRow>(
    `select rt.id, rt.session_id, s.user_id, rt.used_at,
            rt.expires_at <= now() as token_expired,
            s.revoked_at is not null as session_revoked,
            s.expires_at <= now() as session_expired
       from refresh_tokens rt join auth_sessions s on s.id = rt.session_id
      where rt.token_hash = $1
      for update of rt, s`,
    [hashToken(token)],
  );
  return res.rows[0] ?? null;
}

export async function markRefreshTokenUsed(db: Queryable, id: string, sessionId: string): Promise<void> {
  await db.query('update refresh_tokens set used_at = now() where id = $1', [id]);
  await db.query(
    'update auth_sessions set last_used_at = now(), expires_at = now() + make_interval(secs => $2) where id = $1',
    [sessionId, REFRESH_TOKEN_TTL_SECONDS],
  );
}

export async function revokeSession(db: Queryable, sessionId: string, reason: string): Promise<boolean> {
  const res = await db.query(
    'update auth_sessions set revoked_at = now(), revoked_reason = $2 where id = $1 and revoked_at is null',
    [sessionId, reason],
  );
  return res.rowCount > 0;
}

/** Revokes every live session of a user except `keepSessionId` (password change, admin reset, deletion). */
export async function revokeUserSessions(db: Queryable, userId: string, reason: string, keepSessionId?: string): Promise<number> {
  const res = await db.query(
    `update auth_sessions set revoked_at = now(), revoked_reason = $2
      where user_id = $1 and revoked_at is null and ($3::uuid is null or id <> $3::uuid)`,
    [userId, reason, keepSessionId ?? null],
  );
  return res.rowCount;
}

/**
 * Tells every process, when `tx` commits, that a user's sessions, account or permissions changed (a session revoked,
 * the user deactivated, deleted or given another role): their open event streams check again at once and end if
 * they may no longer run. Call it in the transaction that makes the change.
 */
export function announceAccessChange(db: Db, tx: Queryable, userId: string): Promise<void> {
  return announceChange(db, tx, 'access', userId);
}
