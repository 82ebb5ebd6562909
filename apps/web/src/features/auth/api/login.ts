import { MESSAGES } from '@admin-portal/contract/messages';
import type { User } from '@admin-portal/contract/users';
import type { SecondFactorChallenge, TotpSetup } from '@admin-portal/contract/two-factor';
import type { AuthenticationResponse, RequestOptions } from '@admin-portal/contract/passkeys';
import { api } from '../../../shared/api/api.ts';

export interface LoginInput {
  email: string;
  password: string;
}

export interface LoginResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  user: User;
}

/**
 * POST /auth/login. A 401 here means wrong credentials, so it must not trigger a token refresh. An account with a
 * second factor is answered with a challenge instead of tokens (issue 37).
 */
export function login(input: LoginInput) {
  return api.post<LoginResponse | SecondFactorChallenge>('/auth/login', input, { skipAuthRefresh: true, fallbackMessage: MESSAGES.loginFailed });
}

/** POST /auth/login/second-factor: the challenge and a code of the authenticator app, or a recovery code. */
export function loginSecondFactor(challengeToken: string, code: string) {
  return api.post<LoginResponse>(
    '/auth/login/second-factor',
    { challenge_token: challengeToken, code },
    { skipAuthRefresh: true, fallbackMessage: MESSAGES.loginFailed },
  );
}

/** POST /auth/login/enrol/setup: for an account that must set up a second factor first, a new secret and its QR code. */
export function loginEnrolmentSetup(challengeToken: string) {
  return api.post<TotpSetup>('/auth/login/enrol/setup', { challenge_token: challengeToken }, { skipAuthRefresh: true, fallbackMessage: MESSAGES.loginFailed });
}

/** POST /auth/login/enrol/confirm: the app's first code signs in; the recovery codes come back this once. */
export function loginEnrolmentConfirm(challengeToken: string, code: string) {
  return api.post<LoginResponse & { recovery_codes: string[] }>(
    '/auth/login/enrol/confirm',
    { challenge_token: challengeToken, code },
    { skipAuthRefresh: true, fallbackMessage: MESSAGES.loginFailed },
  );
}

/** POST /auth/login/passkey/options: a challenge for the passkey; with a password sign-in's challenge, that account's. */
export function loginPasskeyOptions(challengeToken: string | null) {
  return api.post<RequestOptions>('/auth/login/passkey/options', challengeToken ? { challenge_token: challengeToken } : {}, {
    skipAuthRefresh: true,
    fallbackMessage: MESSAGES.loginFailed,
  });
}

/** POST /auth/login/passkey: the passkey's answer signs in. */
export function loginPasskey(credential: AuthenticationResponse) {
  return api.post<LoginResponse>('/auth/login/passkey', { credential }, { skipAuthRefresh: true, fallbackMessage: MESSAGES.loginFailed });
}

/** GET /auth/sso/discover: whether the e-mail's domain signs in with an identity provider. */
export function ssoDiscover(email: string, signal?: AbortSignal) {
  return api.get<{ provider_name: string | null; sso_only: boolean }>(`/auth/sso/discover?email=${encodeURIComponent(email)}`, {
    skipAuthRefresh: true,
    signal,
  });
}

/** POST /auth/sso/exchange: the one-time code a finished single sign-on hands the sign-in page, for the tokens. */
export function ssoExchange(code: string) {
  return api.post<LoginResponse>('/auth/sso/exchange', { code }, { skipAuthRefresh: true, fallbackMessage: MESSAGES.loginFailed });
}

/** Where the browser goes to sign on with the e-mail's identity provider (GET /auth/sso/start redirects there). */
export const ssoStartUrl = (email: string) => `/api/auth/sso/start?email=${encodeURIComponent(email)}`;
