import { z } from 'zod';
import { loginResponseSchema } from '../../auth.ts';
import { ssoCallbackQuerySchema, ssoDiscoverQuerySchema, ssoDiscoverResponseSchema, ssoExchangeSchema, ssoStartQuerySchema } from '../../single-sign-on.ts';
import { PUBLIC } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';

/**
 * Single sign-on's sign-in (issue 37 item 4), in three steps, all public and rate-limited by their routes: the browser
 * goes to the identity provider (start), comes back from it (callback) to the sign-in page with a one-time code, and
 * the page exchanges the code for the session's tokens. An organization's settings are the Organizations endpoints
 * (/api/admin/organizations/:id/sso).
 */
const tags = ['Auth'] as const;
/** The browser's steps answer redirects, not JSON. */
const redirect = { 302: z.null().describe('To the provider, or back to /login with #sso=<code> or #sso_error=<reason>') };

export const SSO_ENDPOINTS = defineEndpoints({
  discoverSingleSignOn: {
    method: 'GET',
    path: '/api/auth/sso/discover',
    tags,
    summary: "Whether the e-mail's domain signs in with an identity provider",
    description: "Answers the provider's name (null when none) and whether it is the only way in.",
    access: PUBLIC,
    query: ssoDiscoverQuerySchema,
    responses: { 200: ssoDiscoverResponseSchema },
  },
  startSingleSignOn: {
    method: 'GET',
    path: '/api/auth/sso/start',
    tags,
    summary: "A browser's single sign-on, step one: to the identity provider",
    description: "Redirects to the identity provider of the e-mail's domain (authorization code with PKCE).",
    access: PUBLIC,
    query: ssoStartQuerySchema,
    responses: redirect,
  },
  handleSingleSignOnCallback: {
    method: 'GET',
    path: '/api/auth/sso/callback',
    tags,
    summary: "A browser's single sign-on, step two: the provider's redirect",
    description: 'Checks state, exchanges the code with the PKCE verifier, checks the ID token and its nonce, and redirects to /login#sso=<one-time code>.',
    access: PUBLIC,
    query: ssoCallbackQuerySchema,
    responses: redirect,
  },
  exchangeSingleSignOnCode: {
    method: 'POST',
    path: '/api/auth/sso/exchange',
    tags,
    summary: "Single sign-on, step three: the one-time code for the session's tokens",
    description: "The sign-in page's one-time code (good for 60 seconds, once) for the session's tokens, as a sign-in answers.",
    access: PUBLIC,
    body: ssoExchangeSchema,
    responses: { 200: loginResponseSchema },
  },
});
