import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSIONS_LISTED, type Session } from '@admin-portal/contract/sessions';
import type { AuthContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { announceAccessChange, revokeSession, revokeUserSessions, sessionLimitsOf, type SessionLimits } from '../accounts/sessions.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assertManageable, assertVisible } from '../users/users.policy.ts';
import { findUserById, lockUser } from '../users/users.queries.ts';
import { deviceLabel } from './device.ts';
import { listLiveSessions, lockLiveSession, type SessionRow } from './sessions.queries.ts';

/**
 * The sessions a person can see and end (issue 37 item 5): their own from the profile, and, for whoever manages users,
 * a user's from the Users page. Only live sessions are listed; ending one revokes it at once (its next request and its
 * refresh are refused) and tells its open event streams to stop. Every ending is audited.
 */

function presentSession(row: SessionRow, currentSessionId: string | null): Session {
  return {
    id: row.id,
    device: deviceLabel(row.user_agent),
    user_agent: row.user_agent,
    ip: row.ip,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    current: row.id === currentSessionId,
  };
}

const limitsOf = async (app: FastifyInstance): Promise<SessionLimits> => sessionLimitsOf(await app.settings.get());

/** The caller's live sessions, theirs marked `current`. */
export async function listOwnSessions(app: FastifyInstance, auth: AuthContext): Promise<Session[]> {
  const rows = await listLiveSessions(app.db, auth.userId, await limitsOf(app), SESSIONS_LISTED);
  return rows.map((row) => presentSession(row, auth.sessionId));
}

/** Ends one of the caller's live sessions (their current one too: that is signing out); 404 for any other id. */
export async function endOwnSession(app: FastifyInstance, request: FastifyRequest, auth: AuthContext, sessionId: string): Promise<void> {
  const limits = await limitsOf(app);
  await app.db.transaction(async (tx) => {
    const session = await lockLiveSession(tx, auth.userId, sessionId, limits);
    if (!session) throw notFound('Session');
    await revokeSession(tx, session.id, 'signed_out_by_owner');
    await announceAccessChange(app.db, tx, auth.userId);
    await recordAudit(tx, request, {
      action: 'auth.session_revoke',
      targetType: 'session',
      targetId: session.id,
      organizationId: auth.homeOrganizationId,
      changes: { device: deviceLabel(session.user_agent), ip: session.ip, current: session.id === auth.sessionId },
    });
  });
}

/** Ends every session of the caller but the one asking; answers how many. */
export async function endOtherSessions(app: FastifyInstance, request: FastifyRequest, auth: AuthContext): Promise<number> {
  return app.db.transaction(async (tx) => {
    const revoked = await revokeUserSessions(tx, auth.userId, 'signed_out_elsewhere', auth.sessionId);
    if (revoked > 0) await announceAccessChange(app.db, tx, auth.userId);
    await recordAudit(tx, request, {
      action: 'auth.sessions_revoke_others',
      targetType: 'user',
      targetId: auth.userId,
      organizationId: auth.homeOrganizationId,
      changes: { revoked },
    });
    return revoked;
  });
}

/**
 * A user's live sessions, for whoever may manage them: a user of another organization is "not found" (but to a super
 * admin), and one with more privileges than the caller's is refused, as for every other change to a user.
 */
export async function listUserSessions(app: FastifyInstance, auth: AuthContext, userId: string): Promise<Session[]> {
  const target = await findUserById(app.db, userId);
  assertVisible(auth, target);
  assertManageable(auth, target);
  const rows = await listLiveSessions(app.db, userId, await limitsOf(app), SESSIONS_LISTED);
  return rows.map((row) => presentSession(row, userId === auth.userId ? auth.sessionId : null));
}

/** Ends one live session of a user the caller manages; 404 when the user or the session is not there. */
export async function endUserSession(app: FastifyInstance, request: FastifyRequest, auth: AuthContext, userId: string, sessionId: string): Promise<void> {
  const limits = await limitsOf(app);
  await app.db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    assertVisible(auth, target);
    assertManageable(auth, target);
    const session = await lockLiveSession(tx, userId, sessionId, limits);
    if (!session) throw notFound('Session');
    await revokeSession(tx, session.id, 'signed_out_by_administrator');
    await announceAccessChange(app.db, tx, userId);
    await recordAudit(tx, request, {
      action: 'user.session_revoke',
      targetType: 'user',
      targetId: userId,
      organizationId: target.organization_id,
      changes: { session_id: session.id, device: deviceLabel(session.user_agent), ip: session.ip },
    });
  });
}

/**
 * Ends every session of a user the caller manages; answers how many. On oneself it keeps the session asking (ending it
 * would sign the caller out in the middle of the answer: that is the profile's "sign out").
 */
export async function endAllUserSessions(app: FastifyInstance, request: FastifyRequest, auth: AuthContext, userId: string): Promise<number> {
  return app.db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    assertVisible(auth, target);
    assertManageable(auth, target);
    const keep = userId === auth.userId ? auth.sessionId : undefined;
    const revoked = await revokeUserSessions(tx, userId, 'signed_out_by_administrator', keep);
    if (revoked > 0) await announceAccessChange(app.db, tx, userId);
    await recordAudit(tx, request, {
      action: 'user.sessions_revoke',
      targetType: 'user',
      targetId: userId,
      organizationId: target.organization_id,
      changes: { revoked, kept_own_session: keep !== undefined },
    });
    return revoked;
  });
}
