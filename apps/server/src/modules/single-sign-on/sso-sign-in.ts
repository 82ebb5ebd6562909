import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IDToken } from 'openid-client';
import { EMAIL_PATTERN } from '@admin-portal/contract/common';
import { SSO_HANDOFF_SECONDS, SSO_REQUEST_MINUTES, SSO_ROLES, SSO_TEXTS, type SsoErrorKey } from '@admin-portal/contract/single-sign-on';
import type { Role } from '@admin-portal/contract/roles';
import { unauthorized } from '../../http/errors.ts';
import { hashPassword } from '../../security/passwords.ts';
import { hashToken, newOpaqueToken } from '../../security/tokens.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assertMaySignIn, openSignedInSession, type SignedIn } from '../auth/auth.service.ts';
import { findUserByEmail, findUserById, insertUser } from '../users/users.queries.ts';
import { authorizationRequest, exchangeCode, providerConfiguration } from './oidc-client.ts';
import {
  findLinkedUser,
  findSso,
  findSsoForDomain,
  insertHandoff,
  insertSsoRequest,
  linkUser,
  setRoleFromProvider,
  spendHandoff,
  spendSsoRequest,
  type SsoRow,
} from './sso.queries.ts';

/**
 * Signing in with an organization's identity provider (issue 37 item 4, ADR 0066): the sign-in page sends the person
 * to GET /auth/sso/start, the provider sends them back to GET /auth/sso/callback, and the sign-in page exchanges the
 * one-time code it is handed (POST /auth/sso/exchange) for the session's tokens. Failures go back to the sign-in page
 * as one of SSO_ERRORS' keys.
 */

/** A sign-on that ends on the sign-in page with SSO_ERRORS[key]. */
export class SsoFailure extends Error {
  readonly key: SsoErrorKey;
  constructor(key: SsoErrorKey, cause?: unknown) {
    super(`single sign-on failed: ${key}`, { cause });
    this.key = key;
  }
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The enabled provider for the e-mail's domain; null when none. */
export async function providerForEmail(app: FastifyInstance, email: string): Promise<SsoRow | null> {
  const trimmed = email.trim();
  if (!EMAIL_PATTERN.test(trimmed)) return null;
  return findSsoForDomain(app.db, domainOf(trimmed));
}

/**
 * Starts a sign-on for the e-mail: answers the provider's address to send the browser to. `browserBinding`: the value
 * of the cookie the browser gets with the redirect; the callback must bring it back (login CSRF: an answer of the
 * provider for someone's account, sent to another person's browser, signs nobody in).
 */
export async function startSso(app: FastifyInstance, email: string, browserBinding: string): Promise<string> {
  const sso = await providerForEmail(app, email);
  if (!sso) throw new SsoFailure('unavailable');
  let config;
  try {
    config = await providerConfiguration(app, sso);
  } catch (err) {
    throw new SsoFailure('provider', err);
  }
  const request = await authorizationRequest(app, config, email.trim().toLowerCase());
  await insertSsoRequest(app.db, {
    stateHash: hashToken(request.state),
    browserHash: hashToken(browserBinding),
    organizationId: sso.organization_id,
    nonce: request.nonce,
    codeVerifier: request.codeVerifier,
    minutes: SSO_REQUEST_MINUTES,
  });
  return request.url;
}

/** Most privileged first: the role a roles claim naming several gives. */
const ROLE_ORDER: readonly Role[] = ['admin', 'manager', 'compliance_officer', 'operator', 'analyst', 'viewer'];

/** The role the ID token's roles claim names (the most privileged of those it names), or null. */
export function roleFromClaim(claims: IDToken, claim: string | null): Role | null {
  if (!claim) return null;
  const value = claims[claim];
  const named = (Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : []).filter((v): v is string => typeof v === 'string');
  return ROLE_ORDER.find((r) => named.includes(r) && (SSO_ROLES as readonly string[]).includes(r)) ?? null;
}

function namesOf(claims: IDToken, email: string): { first: string; last: string } {
  const clip = (s: string) => s.trim().slice(0, 100);
  const given = typeof claims.given_name === 'string' ? claims.given_name : '';
  const family = typeof claims.family_name === 'string' ? claims.family_name : '';
  if (given.trim() && family.trim()) return { first: clip(given), last: clip(family) };
  const full = typeof claims.name === 'string' ? claims.name.trim() : '';
  const at = full.indexOf(' ');
  if (at > 0) return { first: clip(full.slice(0, at)), last: clip(full.slice(at + 1)) };
  return { first: clip(full || email.slice(0, email.indexOf('@'))), last: '-' };
}

/**
 * The provider's answer: the sign-on it belongs to (its state, spent now) in the browser that started it, the code
 * exchanged and the ID token checked (openid-client), a verified e-mail of one of the organization's domains. The
 * account is the one linked to the provider's subject, else the organization's account with that e-mail (linked now),
 * else a new one with the default role (or the roles claim's); never a super administrator's. Answers the one-time code the sign-in page exchanges for the session.
 */
export async function finishSso(
  app: FastifyInstance,
  request: FastifyRequest,
  query: Record<string, string | undefined>,
  browserBinding: string | undefined,
): Promise<string> {
  if (!query.state) throw new SsoFailure('invalid');
  // A state this server never gave is a forged or crossed answer; one it gave and took back has expired.
  const pending = await spendSsoRequest(app.db, hashToken(query.state));
  if (!pending) throw new SsoFailure('invalid');
  if (pending === 'spent') throw new SsoFailure('expired');
  if (!browserBinding || hashToken(browserBinding) !== pending.browser_hash) throw new SsoFailure('invalid');
  if (query.error) throw new SsoFailure('denied');
  const sso = await findSso(app.db, pending.organization_id);
  if (!sso?.enabled) throw new SsoFailure('unavailable');
  let config;
  try {
    config = await providerConfiguration(app, sso);
  } catch (err) {
    throw new SsoFailure('provider', err);
  }
  let claims: IDToken;
  try {
    const params = Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'));
    claims = await exchangeCode(app, config, params, { state: query.state, nonce: pending.nonce, codeVerifier: pending.code_verifier });
  } catch (err) {
    request.log.warn({ organization: sso.organization_id, reason: (err as Error).message }, 'single sign-on refused the provider’s answer');
    throw new SsoFailure('invalid', err);
  }
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (claims.email_verified !== true || !EMAIL_PATTERN.test(email) || !sso.allowed_domains.includes(domainOf(email))) throw new SsoFailure('email');
  const claimedRole = roleFromClaim(claims, sso.roles_claim);

  const userId = await app.db.transaction(async (tx) => {
    let id = await findLinkedUser(tx, claims.iss, claims.sub);
    if (!id) {
      const existing = await findUserByEmail(tx, email);
      if (existing && existing.organization_id !== sso.organization_id) throw new SsoFailure('other_organization');
      // A super administrator reaches every organization: one organization's provider never signs one in.
      if (existing?.role === 'super_admin') throw new SsoFailure('super_admin');
      if (existing) {
        id = existing.id;
      } else {
        const names = namesOf(claims, email);
        const role = claimedRole ?? (sso.default_role as Role);
        // No password anyone knows: the account signs in through the provider (an administrator may set one).
        id = await insertUser(tx, {
          organization_id: sso.organization_id,
          email,
          first_name: names.first,
          last_name: names.last,
          role,
          permissions: [],
          password_hash: await hashPassword(randomBytes(32).toString('base64url')),
        });
        await recordAudit(
          tx,
          request,
          { action: 'user.create', targetType: 'user', targetId: id, organizationId: sso.organization_id, changes: { email, role, via: 'single_sign_on' } },
          { id, email },
        );
      }
      await linkUser(tx, { issuer: claims.iss, subject: claims.sub, userId: id, organizationId: sso.organization_id });
    } else {
      await linkUser(tx, { issuer: claims.iss, subject: claims.sub, userId: id, organizationId: sso.organization_id });
    }
    const user = (await findUserById(tx, id))!;
    if (user.organization_id !== sso.organization_id) throw new SsoFailure('other_organization');
    if (user.role === 'super_admin') throw new SsoFailure('super_admin');
    // The roles claim keeps the role in step with the provider at each sign-in.
    if (claimedRole && user.role !== claimedRole) {
      await setRoleFromProvider(tx, id, claimedRole);
      await recordAudit(
        tx,
        request,
        {
          action: 'user.update',
          targetType: 'user',
          targetId: id,
          organizationId: sso.organization_id,
          changes: { role: { from: user.role, to: claimedRole }, via: 'single_sign_on' },
        },
        user,
      );
    }
    try {
      assertMaySignIn(user);
    } catch {
      throw new SsoFailure('inactive');
    }
    return id;
  });
  const code = newOpaqueToken();
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((m) => typeof m === 'string').slice(0, 10) : undefined;
  await insertHandoff(app.db, hashToken(code), userId, { provider: sso.provider_name, ...(amr ? { amr } : {}) }, SSO_HANDOFF_SECONDS);
  return code;
}

/** The sign-in page's one-time code for a finished sign-on: the session opens as any sign-in's does. */
export async function exchangeHandoff(app: FastifyInstance, request: FastifyRequest, code: string): Promise<SignedIn> {
  const handoff = await spendHandoff(app.db, hashToken(code));
  if (!handoff) throw unauthorized(SSO_TEXTS.exchangeInvalid);
  const user = await findUserById(app.db, handoff.user_id);
  if (!user || user.role === 'super_admin') throw unauthorized(SSO_TEXTS.exchangeInvalid);
  assertMaySignIn(user);
  return app.db.transaction((tx) => openSignedInSession(app, request, tx, user, { single_sign_on: handoff.details }));
}
