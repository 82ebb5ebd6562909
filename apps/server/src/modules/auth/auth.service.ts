import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import type { User } from '@admin-portal/contract/users';
import { conflict, forbidden, HttpError, invalidField, unauthorized } from '../../http/errors.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../security/passwords.ts';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../../security/tokens.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { presentUser, isLocked } from '../users/users.presenter.ts';
import { emailTaken, findUserByEmail, findUserById, insertUser, lockUser, type UserRow } from '../users/users.queries.ts';
import { assertPasswordLength } from '../system/password-policy.ts';
import { isRegistrationOpen, registrationSwitches, selfRegistrationFlagSql } from './registration.ts';
import {
  announceAccessChange,
  lockRefreshToken,
  markRefreshTokenUsed,
  issueRefreshToken,
  openSession,
  revokeSession,
  revokeUserSessions,
} from './sessions.ts';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

function accessToken(app: FastifyInstance, user: Pick<UserRow, 'id' | 'organization_id' | 'role'>, sessionId: string) {
  return signAccessToken(app.secrets.jwtSecret, { sub: user.id, sid: sessionId, org: user.organization_id, role: user.role });
}

export async function login(app: FastifyInstance, request: FastifyRequest, email: string, password: string): Promise<TokenPair & { user: User }> {
  const user = await findUserByEmail(app.db, email);
  // A client that went away while its check waited for a turn (a burst of sign-ins) is not checked for nothing.
  const stillWanted = () => !request.raw.socket?.destroyed;
  if (!user) {
    await verifyPassword(password, DUMMY_HASH, stillWanted); // same cost as a real check, so timing does not reveal which emails exist
    throw unauthorized(SERVER_MESSAGES.invalidCredentials);
  }
  if (isLocked(user)) throw forbidden(SERVER_MESSAGES.accountLocked);
  const ok = await verifyPassword(password, user.password_hash, stillWanted);
  if (!ok) {
    const locked = await recordFailedLogin(app, request, user.id);
    throw locked ? forbidden(SERVER_MESSAGES.accountLocked) : unauthorized(SERVER_MESSAGES.invalidCredentials);
  }
  if (!user.is_active) throw forbidden(SERVER_MESSAGES.accountInactive);
  return app.db.transaction(async (tx) => {
    await tx.query(
      'update users set failed_logins = 0, locked_until = null, last_login_at = now() where id = $1',
      [user.id],
    );
    const { sessionId, refreshToken } = await openSession(tx, user.id, request.ip, request.headers['user-agent']);
    await recordAudit(tx, request, { action: 'auth.login', targetType: 'user', targetId: user.id, organizationId: user.organization_id }, user);
    const fresh = (await findUserById(tx, user.id))!;
    return {
      access_token: accessToken(app, fresh, sessionId),
      refresh_token: refreshToken,
      token_type: 'bearer' as const,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      user: presentUser(fresh),
    };
  });
}

/**
 * Counts a failed sign-in; the system settings' threshold in a row (5 by default) locks the account for their
 * lockout duration (15 minutes by default). Returns whether it is now locked.
 */
async function recordFailedLogin(app: FastifyInstance, request: FastifyRequest, userId: string): Promise<boolean> {
  const { lockout_threshold: threshold, lockout_minutes: minutes } = await app.settings.get();
  return app.db.transaction(async (tx) => {
    const row = await lockUser(tx, userId);
    if (!row) return false;
    const failures = (row.locked_until && !isLocked(row) ? 0 : row.failed_logins) + 1;
    const lock = failures >= threshold;
    await tx.query(
      `update users set failed_logins = $2,
              locked_until = case when $3 then now() + make_interval(mins => $4) else null end
        where id = $1`,
      [userId, failures, lock, minutes],
    );
    await recordAudit(
      tx,
      request,
      { action: lock ? 'auth.account_locked' : 'auth.login_failed', targetType: 'user', targetId: userId, organizationId: row.organization_id, changes: { failed_logins: failures } },
      { id: row.id, email: row.email },
    );
    return lock;
  });
}

export async function refresh(app: FastifyInstance, request: FastifyRequest, token: string): Promise<TokenPair> {
  const outcome = await app.db.transaction(async (tx) => {
    const rt = await lockRefreshToken(tx, token);
    if (!rt) return { error: SERVER_MESSAGES.invalidRefreshToken } as const;
    if (rt.used_at) {
      // A rotated token came back: someone holds a copy. End the whole family.
      const revoked = await revokeSession(tx, rt.session_id, 'refresh_token_reuse');
      if (revoked) {
        await announceAccessChange(app.db, tx, rt.user_id);
        const user = await findUserById(tx, rt.user_id);
        await recordAudit(tx, request, { action: 'auth.refresh_token_reuse', targetType: 'session', targetId: rt.session_id, organizationId: user?.organization_id ?? null }, user ?? undefined);
      }
      return { error: SERVER_MESSAGES.invalidRefreshToken } as const;
    }
    if (rt.session_revoked || rt.session_expired || rt.token_expired) return { error: SERVER_MESSAGES.invalidRefreshToken } as const;
    const user = await findUserById(tx, rt.user_id);
    if (!user || !user.is_active) return { error: SERVER_MESSAGES.invalidRefreshToken } as const;
    await markRefreshTokenUsed(tx, rt.id, rt.session_id);
    const next = await issueRefreshToken(tx, rt.session_id);
    return { user, sessionId: rt.session_id, next } as const;
  });
  if ('error' in outcome) throw unauthorized(outcome.error);
  return {
    access_token: accessToken(app, outcome.user, outcome.sessionId),
    refresh_token: outcome.next,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  };
}

/** Ends the session named by the refresh token and/or the bearer token. Unknown tokens are ignored: logout always succeeds. */
export async function logout(app: FastifyInstance, request: FastifyRequest, refreshToken: string | undefined): Promise<void> {
  await app.db.transaction(async (tx) => {
    const sessions = new Set<string>();
    if (request.auth) sessions.add(request.auth.sessionId);
    if (refreshToken) {
      const rt = await lockRefreshToken(tx, refreshToken);
      if (rt) sessions.add(rt.session_id);
    }
    for (const id of sessions) {
      const res = await tx.query<{ user_id: string; organization_id: string; email: string }>(
        `update auth_sessions s set revoked_at = now(), revoked_reason = 'logout'
           from users u where s.id = $1 and s.revoked_at is null and u.id = s.user_id
         returning s.user_id, u.organization_id, u.email`,
        [id],
      );
      const row = res.rows[0];
      if (row) {
        await announceAccessChange(app.db, tx, row.user_id);
        await recordAudit(tx, request, { action: 'auth.logout', targetType: 'session', targetId: id, organizationId: row.organization_id }, { id: row.user_id, email: row.email });
      }
    }
  });
}

interface RegisterInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  organization_id?: string | undefined;
}

interface RegistrationOrg {
  id: string;
  is_active: boolean;
  settings: { allow_registration?: boolean; allowed_email_domains?: string[] };
}

function acceptsDomain(org: RegistrationOrg, domain: string): boolean {
  return org.is_active && org.settings.allow_registration === true && (org.settings.allowed_email_domains ?? []).includes(domain);
}

/** Self-registration: only into an organization that allows it and lists the email's domain; always a viewer. */
export async function register(app: FastifyInstance, request: FastifyRequest, input: RegisterInput): Promise<User> {
  const switches = await registrationSwitches(app);
  if (!(await isRegistrationOpen(app.db, switches))) throw forbidden(SERVER_MESSAGES.registrationUnavailable);
  const domain = input.email.split('@')[1]!.toLowerCase();
  // An organization that System Configuration's features.self_registration switches off takes nobody.
  const candidates = await app.db.query<RegistrationOrg>(
    input.organization_id
      ? `select o.id, o.is_active, o.settings from organizations o where o.id = $1 and ${selfRegistrationFlagSql('o', '$2')}`
      : `select o.id, o.is_active, o.settings from organizations o
          where o.is_active and (o.settings->>'allow_registration')::boolean is true
            and o.settings->'allowed_email_domains' ? $1 and ${selfRegistrationFlagSql('o', '$2')}
          order by o.created_at limit 2`,
    [input.organization_id ?? domain, switches.environment],
  );
  const matching = candidates.rows.filter((o) => acceptsDomain(o, domain));
  if (matching.length !== 1) throw invalidField('email', SERVER_MESSAGES.registrationClosed, 403);
  const org = matching[0]!;
  await assertPasswordLength(app, input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  return app.db.transaction(async (tx) => {
    if (await emailTaken(tx, input.email)) throw conflict(SERVER_MESSAGES.emailTaken, [{ field: 'email', message: SERVER_MESSAGES.emailTaken }]);
    const id = await insertUser(tx, {
      organization_id: org.id,
      email: input.email,
      first_name: input.first_name,
      last_name: input.last_name,
      role: 'viewer',
      permissions: [],
      password_hash: passwordHash,
    });
    const user = (await findUserById(tx, id))!;
    await recordAudit(tx, request, { action: 'auth.register', targetType: 'user', targetId: id, organizationId: org.id, changes: { email: input.email, role: 'viewer' } }, { id, email: user.email });
    return presentUser(user);
  });
}

export async function updateProfile(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  input: { first_name: string; last_name: string; email: string },
): Promise<User> {
  return app.db.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    if (!before) throw unauthorized();
    if (await emailTaken(tx, input.email, userId)) {
      throw conflict(SERVER_MESSAGES.emailTaken, [{ field: 'email', message: SERVER_MESSAGES.emailTaken }]);
    }
    await tx.query('update users set first_name = $2, last_name = $3, email = $4, updated_at = now() where id = $1', [
      userId,
      input.first_name,
      input.last_name,
      input.email,
    ]);
    const changes = Object.fromEntries(
      (['first_name', 'last_name', 'email'] as const).filter((k) => before[k] !== input[k]).map((k) => [k, { from: before[k], to: input[k] }]),
    );
    await recordAudit(tx, request, { action: 'auth.profile_update', targetType: 'user', targetId: userId, organizationId: before.organization_id, changes });
    return presentUser((await findUserById(tx, userId))!);
  });
}

export async function changePassword(app: FastifyInstance, request: FastifyRequest, oldPassword: string, newPassword: string): Promise<void> {
  const auth = request.auth!;
  const user = await findUserById(app.db, auth.userId);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(oldPassword, user.password_hash))) {
    throw new HttpError(400, SERVER_MESSAGES.currentPasswordIncorrect, [
      { field: 'old_password', message: SERVER_MESSAGES.currentPasswordIncorrect },
    ]);
  }
  if (oldPassword === newPassword) {
    const message = 'New password must be different from the current password';
    throw new HttpError(422, message, [{ field: 'new_password', message }]);
  }
  await assertPasswordLength(app, newPassword, 'new_password');
  const hash = await hashPassword(newPassword);
  await app.db.transaction(async (tx) => {
    await tx.query('update users set password_hash = $2, updated_at = now() where id = $1', [auth.userId, hash]);
    const revoked = await revokeUserSessions(tx, auth.userId, 'password_change', auth.sessionId);
    await announceAccessChange(app.db, tx, auth.userId);
    await recordAudit(tx, request, { action: 'auth.password_change', targetType: 'user', targetId: auth.userId, organizationId: user.organization_id, changes: { other_sessions_revoked: revoked } });
  });
}
