import type { Role } from '@admin-portal/contract/roles';
import type { Queryable } from '../../db/client.ts';
import { sessionLiveSql } from '../accounts/sessions.queries.ts';

export interface PrincipalRow {
  id: string;
  email: string;
  role: Role;
  permissions: string[];
  organization_id: string;
  /** The user is active, approved, and the session is live (sessions.ts: revoked, ended, idle, too old). */
  allowed: boolean;
  /** The session was last marked used over a minute ago. */
  touch: boolean;
}

/** How often a session's last use is written: at most once a minute, not on every request. */
const TOUCH_SECONDS = 60;

/** The user of an access token with whether they and their session (`sessionId`, theirs) may go on; null when there is none. */
export async function findPrincipal(
  db: Queryable,
  userId: string,
  sessionId: string,
  limits: { idleMinutes: number; maxHours: number },
): Promise<PrincipalRow | null> {
  const res = await db.query<PrincipalRow>(
    `select u.id, u.email, u.role, u.permissions, u.organization_id,
            u.is_active and not u.pending_approval and ${sessionLiveSql('$3', '$4')} as allowed,
            s.last_used_at < now() - interval '${TOUCH_SECONDS} seconds' as touch
       from users u join organizations o on o.id = u.organization_id
       join auth_sessions s on s.id = $2 and s.user_id = u.id
      where u.id = $1`,
    [userId, sessionId, limits.idleMinutes, limits.maxHours],
  );
  return res.rows[0] ?? null;
}

/** A successful sign-in: the user's failure count and lock are cleared, the sign-in time kept. */
export async function markUserSignedIn(tx: Queryable, userId: string): Promise<void> {
  await tx.query('update users set failed_logins = 0, locked_until = null, last_login_at = now() where id = $1', [userId]);
}

/** Counts a failed sign-in on the user, locked until `lockedUntil` if given; answers their count (undefined: no such user). */
export async function countFailedLogin(tx: Queryable, userId: string, lockedUntil: Date | null): Promise<number | undefined> {
  const res = await tx.query<{ failed_logins: number }>(
    `update users set failed_logins = failed_logins + 1, locked_until = coalesce($2::timestamptz, locked_until) where id = $1 returning failed_logins`,
    [userId, lockedUntil],
  );
  return res.rows[0]?.failed_logins;
}

/** Revokes a live session on logout; answers its user's id, organization and e-mail (null when it was not live). */
export async function revokeSessionOnLogout(tx: Queryable, sessionId: string): Promise<{ user_id: string; organization_id: string; email: string } | null> {
  const res = await tx.query<{ user_id: string; organization_id: string; email: string }>(
    `update auth_sessions s set revoked_at = now(), revoked_reason = 'logout'
           from users u where s.id = $1 and s.revoked_at is null and u.id = s.user_id
         returning s.user_id, u.organization_id, u.email`,
    [sessionId],
  );
  return res.rows[0] ?? null;
}

export async function updateUserProfile(tx: Queryable, userId: string, profile: { first_name: string; last_name: string; email: string }): Promise<void> {
  await tx.query('update users set first_name = $2, last_name = $3, email = $4, updated_at = now() where id = $1', [
    userId,
    profile.first_name,
    profile.last_name,
    profile.email,
  ]);
}

export async function updatePasswordHash(tx: Queryable, userId: string, passwordHash: string): Promise<void> {
  await tx.query('update users set password_hash = $2, updated_at = now() where id = $1', [userId, passwordHash]);
}
