import { MESSAGES } from '@admin-portal/contract/messages';
import type { AuthenticationResponse } from '@admin-portal/contract/passkeys';
import { call } from '../../../shared/api/api.ts';
import type { CallOutput } from '../../../shared/api/endpoint-call.ts';

export interface LoginInput {
  email: string;
  password: string;
}

/** A finished sign-in: the session's tokens and the signed-in user. */
export type LoginResponse = CallOutput<'POST /api/auth/login/second-factor'>;

const SIGN_IN = { skipAuthRefresh: true, fallbackMessage: MESSAGES.loginFailed };

/**
 * POST /auth/login. A 401 here means wrong credentials, so it must not trigger a token refresh. An account with a
 * second factor is answered with a challenge instead of tokens (issue 37).
 */
export function login(input: LoginInput) {
  return call('POST /api/auth/login', { body: input, ...SIGN_IN });
}

/** POST /auth/login/second-factor: the challenge and a code of the authenticator app, or a recovery code. */
export function loginSecondFactor(challengeToken: string, code: string) {
  return call('POST /api/auth/login/second-factor', { body: { challenge_token: challengeToken, code }, ...SIGN_IN });
}

/** POST /auth/login/enrol/setup: for an account that must set up a second factor first, a new secret and its QR code. */
export function loginEnrolmentSetup(challengeToken: string) {
  return call('POST /api/auth/login/enrol/setup', { body: { challenge_token: challengeToken }, ...SIGN_IN });
}

/** POST /auth/login/enrol/confirm: the app's first code signs in; the recovery codes come back this once. */
export function loginEnrolmentConfirm(challengeToken: string, code: string) {
  return call('POST /api/auth/login/enrol/confirm', { body: { challenge_token: challengeToken, code }, ...SIGN_IN });
}

/** POST /auth/login/passkey/options: a challenge for the passkey; with a password sign-in's challenge, that account's. */
export function loginPasskeyOptions(challengeToken: string | null) {
  return call('POST /api/auth/login/passkey/options', { body: challengeToken ? { challenge_token: challengeToken } : {}, ...SIGN_IN });
}

/** POST /auth/login/passkey: the passkey's answer signs in. */
export function loginPasskey(credential: AuthenticationResponse) {
  return call('POST /api/auth/login/passkey', { body: { credential }, ...SIGN_IN });
}

/** GET /auth/sso/discover: whether the e-mail's domain signs in with an identity provider. */
export function ssoDiscover(email: string, signal?: AbortSignal) {
  return call('GET /api/auth/sso/discover', { query: { email }, skipAuthRefresh: true, signal });
}

/** POST /auth/sso/exchange: the one-time code a finished single sign-on hands the sign-in page, for the tokens. */
export function ssoExchange(code: string) {
  return call('POST /api/auth/sso/exchange', { body: { code }, ...SIGN_IN });
}

/** Where the browser goes to sign on with the e-mail's identity provider (GET /auth/sso/start redirects there). */
export const ssoStartUrl = (email: string) => `/api/auth/sso/start?email=${encodeURIComponent(email)}`;
