import { announceChange } from '../../db/change-notices.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { hashToken, newOpaqueToken } from '../../security/tokens.ts';

/**
 * A session is one refresh-token family (DESIGN §4). It ends on the server, whatever the browser does: when nobody
 * used it for the idle limit, and at the length limit after its sign-in (the system settings' session_idle_minutes,
 * or an organization's shorter session_timeout_minutes, and session_max_hours), checked on every request and every
 * refresh. Its `expires_at` is the length limit in force at sign-in; its refresh tokens end with it.
 */
export async function openSession(db: Queryable, userId: string, ip: string, userAgent: string | undefined, maxHours: number) {
  const res = await db.query<{ id: string }>(
    `insert into auth_sessions (user_id, ip, user_agent, expires_at)
     values ($1, $2, $3, now() + make_interval(hours => $4)) returning id`,
    [userId, ip, userAgent?.slice(0, 500) ?? null, maxHours],
  );
  const sessionId = res.rows[0]!.id;
  const refreshToken = await issueRefreshToken(db, sessionId);
  return { sessionId, refreshToken };
}

/** A new refresh token of the session, good until the session's end. */
export async function issueRefreshToken(db: Queryable, sessionId: string): Promise<string> {
  const token = newOpaqueToken();
  await db.query(`insert into refresh_tokens (session_id, token_hash, expires_at) select $1, $2, expires_at from auth_sessions where id = $1`, [
    sessionId,
    hashToken(token),
  ]);
  return token;
}

export interface SessionLimits {
  /** The product's idle limit; an organization's session_timeout_minutes may shorten it. */
  idleMinutes: number;
  maxHours: number;
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

export async function lockRefreshToken(db: Queryable, token: string, limits: SessionLimits): Promise<RefreshTokenRow | null> {
  const res = await db.query<RefreshTokenRow>(
    `select rt.id, rt.session_id, s.user_id, rt.used_at,
            rt.expires_at <= now() as token_expired,
            s.revoked_at is not null as session_revoked,
            not (${sessionLiveSql('$2', '$3')}) and s.revoked_at is null as session_expired
       from refresh_tokens rt join auth_sessions s on s.id = rt.session_id
       join users u on u.id = s.user_id join organizations o on o.id = u.organization_id
      where rt.token_hash = $1
      for update of rt, s`,
    [hashToken(token), limits.idleMinutes, limits.maxHours],
  );
  return res.rows[0] ?? null;
}

/** A refresh: the token is spent and the session was used now. Its end stays where sign-in put it. */
export async function markRefreshTokenUsed(db: Queryable, id: string, sessionId: string): Promise<void> {
  await db.query('update refresh_tokens set used_at = now() where id = $1', [id]);
  await db.query('update auth_sessions set last_used_at = now() where id = $1', [sessionId]);
}

export async function revokeSession(db: Queryable, sessionId: string, reason: string): Promise<boolean> {
  const res = await db.query('update auth_sessions set revoked_at = now(), revoked_reason = $2 where id = $1 and revoked_at is null', [sessionId, reason]);
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
