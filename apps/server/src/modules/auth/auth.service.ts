import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import type { User } from '@admin-portal/contract/users';
import { organizationSettingsSchema } from '@admin-portal/contract/organizations';
import type { Queryable } from '../../db/client.ts';
import { conflict, forbidden, HttpError, invalidField, unauthorized } from '../../http/errors.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../security/passwords.ts';
import { ACCESS_TOKEN_TTL_SECONDS, hashToken, signAccessToken } from '../../security/tokens.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { presentUser } from '../users/users.presenter.ts';
import { emailTaken, findUserByEmail, findUserById, insertUser, lockUser, type UserRow } from '../users/users.queries.ts';
import { assertPasswordAcceptable } from '../system/password-policy.ts';
import { mayMailAddress, queueAccountEmail, REGISTRATION_LINK_HOURS } from '../accounts/account-emails.ts';
import { isRegistrationOpen, registrationSwitches } from './registration.ts';
import {
  findSignUpOrganization,
  findSignUpOrganizationsForDomain,
  insertRegistrationRequest,
  lockPendingRegistration,
  markRegistrationsUsed,
  type RegistrationOrg,
} from './registration.queries.ts';
import { countFailedLogin, markUserSignedIn, revokeSessionOnLogout, updatePasswordHash, updateUserProfile } from './auth.queries.ts';
import { clearSignInFailures, countSignInFailure, signInVerdict } from '../accounts/sign-in-throttle.ts';
import { reauthenticate, waitError } from '../accounts/reauthenticate.ts';
import type { SecondFactorChallenge } from '@admin-portal/contract/two-factor';
import { hasPasskeys } from '../passkeys/passkeys.queries.ts';
import { SSO_TEXTS } from '@admin-portal/contract/sso-texts';
import { ssoOnlyProvider } from '../accounts/sign-in-challenges.queries.ts';
import { hasConfirmedTotp } from '../two-factor/two-factor.queries.ts';
import { secondFactorRequired } from '../two-factor/two-factor-policy.ts';
import { askSecondFactor } from './second-factor-challenge.ts';
import {
  announceAccessChange,
  lockRefreshToken,
  markRefreshTokenUsed,
  issueRefreshToken,
  openSession,
  revokeSession,
  revokeUserSessions,
  sessionLimitsOf,
} from '../accounts/sessions.ts';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

function accessToken(app: FastifyInstance, user: Pick<UserRow, 'id' | 'organization_id' | 'role'>, sessionId: string) {
  return signAccessToken(app.secrets.jwtSecret, { sub: user.id, sid: sessionId, org: user.organization_id, role: user.role });
}

/**
 * Sign-in. Failures slow down per e-mail and address, and per e-mail from unfamiliar addresses (sign-in-throttle.ts);
 * nothing a stranger does locks the owner out. A wrong password and an unknown e-mail get the same answer after the
 * same work (a password check against a dummy hash); an account that is deactivated or waiting for approval says so
 * only to whoever knows its password. An account with a second factor gets a challenge instead of a session (issue 37,
 * ADR 0064); the spec's answer is unchanged for every other account.
 */
export async function login(app: FastifyInstance, request: FastifyRequest, email: string, password: string): Promise<SignedIn | SecondFactorChallenge> {
  const user = await findUserByEmail(app.db, email);
  const verdict = await signInVerdict(app.db, email, request.ip, user?.id ?? null);
  if (!verdict.allowed) throw waitError(verdict.retryAfterSeconds);
  // A client that went away while its check waited for a turn (a burst of sign-ins) is not checked for nothing.
  const stillWanted = () => !request.raw.socket?.destroyed;
  const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH, stillWanted);
  if (!user || !ok) {
    await recordFailedLogin(app, request, email, user);
    throw unauthorized(SERVER_MESSAGES.invalidCredentials);
  }
  assertMaySignIn(user);
  await assertPasswordsAllowed(app, user);
  // An account with a second factor gets no session yet: a challenge the code finishes (second-factor.ts).
  // Its passkeys may answer that challenge too (passkey-sign-in.ts); they are looked for only when a second step is
  // asked, so the sign-in of an account with neither costs no query more.
  const passkey = async (): Promise<['passkey'] | []> => ((await hasPasskeys(app.db, user.id)) ? ['passkey'] : []);
  if (await hasConfirmedTotp(app.db, user.id)) return askSecondFactor(app, request, user, 'verify', ['totp', 'recovery_code', ...(await passkey())]);
  if (await secondFactorRequired(app, user)) {
    // One that a policy requires to have a second factor: a passkey is one; an account without any sets up an
    // authenticator app first, before any session (second-factor-enrolment.ts).
    const held = await passkey();
    return held.length ? askSecondFactor(app, request, user, 'verify', held) : askSecondFactor(app, request, user, 'enrol', ['totp']);
  }
  return app.db.transaction((tx) => openSignedInSession(app, request, tx, user));
}

export type SignedIn = TokenPair & { user: User };

/**
 * An organization that signs in only through its identity provider (ADR 0066) takes no password or passkey from its
 * staff; super administrators keep theirs, so a provider's outage cannot lock the product out.
 */
export async function assertPasswordsAllowed(app: FastifyInstance, user: UserRow): Promise<void> {
  if (user.role !== 'super_admin' && (await ssoOnlyProvider(app.db, user.organization_id))) throw forbidden(SSO_TEXTS.passwordRefused);
}

/** Whoever knows the password learns that the account is deactivated or waiting for approval; nobody else does. */
export function assertMaySignIn(user: UserRow): void {
  if (!user.is_active) throw forbidden(SERVER_MESSAGES.accountInactive);
  if (user.pending_approval) throw forbidden(SERVER_MESSAGES.accountPending);
}

/**
 * A sign-in that passed every check (the password, and the second factor where the account has one): the user's
 * failure counts start again, a session opens and the sign-in is audited (`how`: what else it passed).
 */
export async function openSignedInSession(
  app: FastifyInstance,
  request: FastifyRequest,
  tx: Queryable,
  user: UserRow,
  how: Record<string, unknown> = {},
): Promise<SignedIn> {
  await markUserSignedIn(tx, user.id);
  await clearSignInFailures(tx, user.email, request.ip);
  const { session_max_hours: maxHours } = await app.settings.get();
  const { sessionId, refreshToken } = await openSession(tx, user.id, request.ip, request.headers['user-agent'], maxHours);
  await recordAudit(tx, request, { action: 'auth.login', targetType: 'user', targetId: user.id, organizationId: user.organization_id, changes: how }, user);
  const fresh = (await findUserById(tx, user.id))!;
  return {
    access_token: accessToken(app, fresh, sessionId),
    refresh_token: refreshToken,
    token_type: 'bearer' as const,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    user: presentUser(fresh),
  };
}

/**
 * Counts a failed sign-in for the e-mail as typed (known or not). For a known account it also keeps the account's
 * count and, while unfamiliar addresses must wait, the end of that wait (shown to administrators as the lock) and
 * writes an audit row.
 */
async function recordFailedLogin(app: FastifyInstance, request: FastifyRequest, email: string, user: UserRow | null): Promise<void> {
  const { lockout_threshold: threshold, lockout_minutes: maxWaitMinutes } = await app.settings.get();
  await app.db.transaction(async (tx) => {
    const accountWaitUntil = await countSignInFailure(tx, email, request.ip, { threshold, maxWaitMinutes });
    if (!user) return;
    const failures = (await countFailedLogin(tx, user.id, accountWaitUntil)) ?? 0;
    await recordAudit(
      tx,
      request,
      {
        action: accountWaitUntil ? 'auth.sign_in_slowed' : 'auth.login_failed',
        targetType: 'user',
        targetId: user.id,
        organizationId: user.organization_id,
        changes: { failed_logins: failures },
      },
      { id: user.id, email: user.email },
    );
  });
}

export async function refresh(app: FastifyInstance, request: FastifyRequest, token: string): Promise<TokenPair> {
  const limits = await app.settings.get();
  const outcome = await app.db.transaction(async (tx) => {
    const rt = await lockRefreshToken(tx, token, sessionLimitsOf(limits));
    if (!rt) return { error: SERVER_MESSAGES.invalidRefreshToken } as const;
    if (rt.used_at) {
      // A rotated token came back: someone holds a copy. End the whole family.
      const revoked = await revokeSession(tx, rt.session_id, 'refresh_token_reuse');
      if (revoked) {
        await announceAccessChange(app.db, tx, rt.user_id);
        const user = await findUserById(tx, rt.user_id);
        await recordAudit(
          tx,
          request,
          { action: 'auth.refresh_token_reuse', targetType: 'session', targetId: rt.session_id, organizationId: user?.organization_id ?? null },
          user ?? undefined,
        );
      }
      return { error: SERVER_MESSAGES.invalidRefreshToken } as const;
    }
    if (rt.session_revoked || rt.session_expired || rt.token_expired) return { error: SERVER_MESSAGES.invalidRefreshToken } as const;
    const user = await findUserById(tx, rt.user_id);
    if (!user || !user.is_active || user.pending_approval) return { error: SERVER_MESSAGES.invalidRefreshToken } as const;
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
      const rt = await lockRefreshToken(tx, refreshToken, { idleMinutes: 1, maxHours: 1 });
      if (rt) sessions.add(rt.session_id);
    }
    for (const id of sessions) {
      const row = await revokeSessionOnLogout(tx, id);
      if (row) {
        await announceAccessChange(app.db, tx, row.user_id);
        await recordAudit(
          tx,
          request,
          { action: 'auth.logout', targetType: 'session', targetId: id, organizationId: row.organization_id },
          { id: row.user_id, email: row.email },
        );
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

function acceptsDomain(org: RegistrationOrg, domain: string): boolean {
  return org.is_active && org.settings.allow_registration === true && (org.settings.allowed_email_domains ?? []).includes(domain);
}

/** The one organization that takes sign-ups for the e-mail's domain (or the one named), or a 403. */
async function registrationOrganization(app: FastifyInstance, db: Queryable, email: string, organizationId: string | undefined): Promise<RegistrationOrg> {
  const switches = await registrationSwitches(app);
  const domain = email.split('@')[1]!.toLowerCase();
  // An organization that System Configuration's features.self_registration switches off takes nobody.
  const candidates = organizationId
    ? await findSignUpOrganization(db, organizationId, switches.environment)
    : await findSignUpOrganizationsForDomain(db, domain, switches.environment);
  const matching = candidates.filter((o) => acceptsDomain(o, domain));
  if (matching.length !== 1) throw invalidField('email', SERVER_MESSAGES.registrationClosed, 403);
  return matching[0]!;
}

/**
 * Self-registration, step one: only into an organization that allows it and lists the e-mail's domain. Nothing is
 * created yet: the request waits, with the password hashed, for the link e-mailed to the address (step two,
 * `confirmRegistration`). An address that already has an account gets a notice instead of a link. Either way the
 * answer, and the work before it, are the same, so the call tells nobody which addresses have accounts; and an
 * address gets at most three such mails an hour.
 */
export async function register(app: FastifyInstance, request: FastifyRequest, input: RegisterInput): Promise<void> {
  if (!(await isRegistrationOpen(app.db, await registrationSwitches(app)))) throw forbidden(SERVER_MESSAGES.registrationUnavailable);
  const org = await registrationOrganization(app, app.db, input.email, input.organization_id);
  await assertPasswordAcceptable(app, input.password, 'password', input.email);
  const passwordHash = await hashPassword(input.password);
  await app.db.transaction(async (tx) => {
    const taken = await emailTaken(tx, input.email);
    const mailed = await mayMailAddress(tx, input.email);
    // Staff see every sign-up attempt in the audit log, with what came of it; the caller sees the same answer always.
    const audit = (targetId: string | null, outcome: string) =>
      recordAudit(tx, request, {
        action: 'auth.sign_up_requested',
        targetType: 'registration',
        targetId,
        targetName: input.email,
        organizationId: org.id,
        changes: { email: input.email, outcome },
      });
    if (!mailed) return audit(null, 'no e-mail sent: three this hour already');
    if (taken) {
      await queueAccountEmail(tx, app.db, app.config, org.id, { type: 'already_registered', email: input.email });
      return audit(null, 'the address has an account: its owner was told');
    }
    const id = await insertRegistrationRequest(tx, {
      organization_id: org.id,
      email: input.email,
      first_name: input.first_name,
      last_name: input.last_name,
      password_hash: passwordHash,
      link_hours: REGISTRATION_LINK_HOURS,
      ip: request.ip,
    });
    await queueAccountEmail(tx, app.db, app.config, org.id, { type: 'confirm_registration', registration_id: id });
    return audit(id, 'confirmation link sent');
  });
  app.runtime.wake();
}

/**
 * Self-registration, step two: the e-mailed link came back. Creates the account (a viewer) if the organization still
 * takes the address; it waits for an administrator's approval when the organization asks for that (the default).
 * Every earlier link for the address stops working.
 */
export async function confirmRegistration(app: FastifyInstance, request: FastifyRequest, token: string): Promise<{ pending_approval: boolean }> {
  // Switched off since the link was sent (the product setting, or e-mail no longer set up): no new accounts.
  if (!(await isRegistrationOpen(app.db, await registrationSwitches(app)))) throw forbidden(SERVER_MESSAGES.registrationUnavailable);
  return app.db.transaction(async (tx) => {
    const pending = await lockPendingRegistration(tx, hashToken(token));
    if (!pending) throw invalidField('token', SERVER_MESSAGES.registrationLinkInvalid, 400);
    await markRegistrationsUsed(tx, pending.email);
    const org = await registrationOrganization(app, tx, pending.email, pending.organization_id);
    if (await emailTaken(tx, pending.email)) throw conflict(SERVER_MESSAGES.registrationAlreadyAccount);
    const waits = organizationSettingsSchema.parse(org.settings).registration_requires_approval;
    const id = await insertUser(tx, {
      organization_id: org.id,
      email: pending.email,
      first_name: pending.first_name,
      last_name: pending.last_name,
      role: 'viewer',
      permissions: [],
      password_hash: pending.password_hash,
      pending_approval: waits,
    });
    await recordAudit(
      tx,
      request,
      {
        action: 'auth.register',
        targetType: 'user',
        targetId: id,
        organizationId: org.id,
        changes: { email: pending.email, role: 'viewer', pending_approval: waits },
      },
      { id, email: pending.email },
    );
    return { pending_approval: waits };
  });
}

/**
 * Your own name and e-mail. The e-mail is what you sign in with, so changing it asks for your current password
 * (`current_password`), and the old address is told of the change.
 */
export async function updateProfile(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  input: { first_name: string; last_name: string; email: string; current_password?: string | undefined },
): Promise<User> {
  const current = await findUserById(app.db, userId);
  if (!current) throw unauthorized();
  const emailChanges = current.email.toLowerCase() !== input.email.toLowerCase();
  if (emailChanges) {
    if (!input.current_password) throw invalidField('current_password', SERVER_MESSAGES.currentPasswordRequiredForEmail);
    await reauthenticate(app, current, input.current_password, 'current_password');
  }
  return app.db.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    if (!before) throw unauthorized();
    if (await emailTaken(tx, input.email, userId)) {
      throw conflict(SERVER_MESSAGES.emailTaken, [{ field: 'email', message: SERVER_MESSAGES.emailTaken }]);
    }
    await updateUserProfile(tx, userId, input);
    const changes = Object.fromEntries(
      (['first_name', 'last_name', 'email'] as const).filter((k) => before[k] !== input[k]).map((k) => [k, { from: before[k], to: input[k] }]),
    );
    await recordAudit(tx, request, { action: 'auth.profile_update', targetType: 'user', targetId: userId, organizationId: before.organization_id, changes });
    if (before.email.toLowerCase() !== input.email.toLowerCase()) {
      await queueAccountEmail(tx, app.db, app.config, before.organization_id, { type: 'email_changed', old_email: before.email, new_email: input.email });
    }
    return presentUser((await findUserById(tx, userId))!);
  });
}

export async function changePassword(app: FastifyInstance, request: FastifyRequest, oldPassword: string, newPassword: string): Promise<void> {
  const auth = request.auth!;
  const user = await findUserById(app.db, auth.userId);
  if (!user) throw unauthorized();
  await reauthenticate(app, user, oldPassword, 'old_password');
  if (oldPassword === newPassword) {
    const message = 'New password must be different from the current password';
    throw new HttpError(422, message, [{ field: 'new_password', message }]);
  }
  await assertPasswordAcceptable(app, newPassword, 'new_password', user.email);
  const hash = await hashPassword(newPassword);
  await app.db.transaction(async (tx) => {
    await updatePasswordHash(tx, auth.userId, hash);
    const revoked = await revokeUserSessions(tx, auth.userId, 'password_change', auth.sessionId);
    await announceAccessChange(app.db, tx, auth.userId);
    await recordAudit(tx, request, {
      action: 'auth.password_change',
      targetType: 'user',
      targetId: auth.userId,
      organizationId: user.organization_id,
      changes: { other_sessions_revoked: revoked },
    });
  });
}
