import * as client from 'openid-client';
import type { FastifyInstance } from 'fastify';
import { decryptText } from '../../security/encryption.ts';
import { createGuardedFetch } from '../tool-runtime/guarded-fetch.ts';

/**
 * The portal as an OpenID Connect relying party, by openid-client (ADR 0066): discovery of an organization's issuer,
 * the authorization code flow with PKCE, state and nonce, and the ID token's checks (signature by the issuer's keys,
 * issuer, audience, expiry, nonce). Every request to the provider goes through the SSRF guard, as tools' do.
 */

/** The redirect URI a provider must have registered for the portal. */
export const ssoRedirectUri = (publicUrl: string) => `${publicUrl}/api/auth/sso/callback`;

const TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 1_000_000;
/** How long a provider's discovered metadata is used before it is read again. */
const CACHE_MS = 10 * 60_000;

/**
 * fetch through the SSRF guard (TOOL_ALLOWED_HOSTS admits hosts on private networks, as for tools), with a time limit
 * and a size limit; the answer is read whole, so the guard's connections close with the call.
 */
function guardedFetch(allowedHosts: readonly string[]): client.CustomFetch {
  return async (url, options) => {
    const guard = createGuardedFetch({ allowedHosts });
    try {
      const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS);
      const res = await guard.fetch(url, { method: options.method, headers: options.headers, body: options.body as never, redirect: 'manual', signal });
      const body = await res.arrayBuffer();
      if (body.byteLength > MAX_BODY_BYTES) throw new Error(`The provider's answer is larger than ${MAX_BODY_BYTES} bytes`);
      return new Response(res.status === 204 || res.status === 304 ? null : body, {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers as never,
      });
    } finally {
      await guard.close();
    }
  };
}

export interface ProviderSettings {
  organization_id: string;
  issuer: string;
  client_id: string;
  client_secret_encrypted: string;
  updated_at: Date;
}

const cache = new Map<string, { config: client.Configuration; at: number }>();

/** Reads the issuer's discovery document (the cached one for up to CACHE_MS, until the settings change). */
export async function providerConfiguration(app: FastifyInstance, s: ProviderSettings): Promise<client.Configuration> {
  const key = `${s.organization_id}:${s.updated_at.getTime()}`;
  const cached = cache.get(key);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.config;
  const config = await discover(app, s.issuer, s.client_id, decryptText(s.client_secret_encrypted, app.secrets.secretKey));
  for (const k of cache.keys()) if (k.startsWith(`${s.organization_id}:`)) cache.delete(k);
  cache.set(key, { config, at: Date.now() });
  return config;
}

/** Discovery for the settings an administrator is saving (nothing cached): throws when the issuer cannot be read. */
export async function discover(app: FastifyInstance, issuer: string, clientId: string, clientSecret: string): Promise<client.Configuration> {
  const execute = new URL(issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [];
  return client.discovery(new URL(issuer), clientId, undefined, client.ClientSecretBasic(clientSecret), {
    [client.customFetch]: guardedFetch(app.config.toolAllowedHosts),
    execute,
    timeout: TIMEOUT_MS / 1000,
  });
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider's sign-in address for this sign-on, with a new state, nonce and PKCE verifier. */
export async function authorizationRequest(app: FastifyInstance, config: client.Configuration, loginHint: string): Promise<AuthorizationRequest> {
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: ssoRedirectUri(app.config.publicUrl),
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: loginHint,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

/**
 * The callback's code exchanged at the provider (with the PKCE verifier), and the ID token checked: signed by the
 * issuer, for this client, not expired, with the nonce and state of this sign-on. Answers its claims (with the
 * userinfo endpoint's when the ID token carries no e-mail); throws otherwise.
 */
export async function exchangeCode(
  app: FastifyInstance,
  config: client.Configuration,
  query: Record<string, string>,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<client.IDToken> {
  const current = new URL(ssoRedirectUri(app.config.publicUrl));
  for (const [k, v] of Object.entries(query)) current.searchParams.set(k, v);
  const tokens = await client.authorizationCodeGrant(config, current, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims()!;
  if (typeof idToken.email === 'string') return idToken;
  // A provider that keeps the ID token lean (OpenID Connect's own rule when an access token is issued) answers the
  // scopes' claims at its userinfo endpoint, for the same subject.
  const userInfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
  return { ...userInfo, ...idToken };
}
