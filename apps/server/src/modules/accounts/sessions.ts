import { announceChange } from '../../db/change-notices.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { hashToken, newOpaqueToken } from '../../security/tokens.ts';
import {
  insertRefreshToken,
  insertSession,
  lockRefreshTokenByHash,
  markRefreshTokenSpent,
  revokeSessionRow,
  revokeSessionsOfUser,
  touchSession,
  type RefreshTokenRow,
} from './sessions.queries.ts';

/**
 * A session is one refresh-token family (DESIGN §4). It ends on the server, whatever the browser does: when nobody
 * used it for the idle limit, and at the length limit after its sign-in (the system settings' session_idle_minutes,
 * or an organization's shorter session_timeout_minutes, and session_max_hours), checked on every request and every
 * refresh. Its `expires_at` is the length limit in force at sign-in; its refresh tokens end with it.
 */
export async function openSession(db: Queryable, userId: string, ip: string, userAgent: string | undefined, maxHours: number) {
  const sessionId = await insertSession(db, userId, ip, userAgent?.slice(0, 500) ?? null, maxHours);
  const refreshToken = await issueRefreshToken(db, sessionId);
  return { sessionId, refreshToken };
}

/** A new refresh token of the session, good until the session's end. */
export async function issueRefreshToken(db: Queryable, sessionId: string): Promise<string> {
  const token = newOpaqueToken();
  await insertRefreshToken(db, sessionId, hashToken(token));
  return token;
}

export interface SessionLimits {
  /** The product's idle limit; an organization's session_timeout_minutes may shorten it. */
  idleMinutes: number;
  maxHours: number;
}

/** The session limits of the product settings. */
export const sessionLimitsOf = (settings: { session_idle_minutes: number; session_max_hours: number }): SessionLimits => ({
  idleMinutes: settings.session_idle_minutes,
  maxHours: settings.session_max_hours,
});

export async function lockRefreshToken(db: Queryable, token: string, limits: SessionLimits): Promise<RefreshTokenRow | null> {
  return lockRefreshTokenByHash(db, hashToken(token), limits.idleMinutes, limits.maxHours);
}

/** A refresh: the token is spent and the session was used now. Its end stays where sign-in put it. */
export async function markRefreshTokenUsed(db: Queryable, id: string, sessionId: string): Promise<void> {
  await markRefreshTokenSpent(db, id);
  await touchSession(db, sessionId);
}

export async function revokeSession(db: Queryable, sessionId: string, reason: string): Promise<boolean> {
  return revokeSessionRow(db, sessionId, reason);
}

/** Revokes every live session of a user except `keepSessionId` (password change, admin reset, deletion). */
export async function revokeUserSessions(db: Queryable, userId: string, reason: string, keepSessionId?: string): Promise<number> {
  return revokeSessionsOfUser(db, userId, reason, keepSessionId ?? null);
}

/**
 * Tells every process, when `tx` commits, that a user's sessions, account or permissions changed (a session revoked,
 * the user deactivated, deleted or given another role): their open event streams check again at once and end if
 * they may no longer run. Call it in the transaction that makes the change.
 */
export function announceAccessChange(db: Db, tx: Queryable, userId: string): Promise<void> {
  return announceChange(db, tx, 'access', userId);
}
