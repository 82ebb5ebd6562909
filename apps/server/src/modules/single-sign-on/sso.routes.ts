import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginResponseSchema } from '@admin-portal/contract/auth';
import { idParamsSchema, successSchema } from '@admin-portal/contract/common';
import {
  SSO_REQUEST_MINUTES,
  SSO_TEXTS,
  ssoCallbackQuerySchema,
  ssoDiscoverQuerySchema,
  ssoDiscoverResponseSchema,
  ssoExchangeSchema,
  ssoSettingsInputSchema,
  ssoSettingsResponseSchema,
  ssoStartQuerySchema,
} from '@admin-portal/contract/single-sign-on';
import { requireAuth } from '../../http/context.ts';
import { newOpaqueToken } from '../../security/tokens.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { signInRateLimit } from '../auth/sign-in-rate-limit.ts';
import { ssoRedirectUri } from './oidc-client.ts';
import { removeSsoSettings, saveSsoSettings, ssoSettings } from './sso-settings.service.ts';
import { exchangeHandoff, finishSso, providerForEmail, SsoFailure, startSso } from './sso-sign-in.ts';

/** Where a browser sign-on ends: the sign-in page, with its one-time code or the reason, in the fragment (never sent on). */
const toSignInPage = (reply: FastifyReply, fragment: string) => reply.header('cache-control', 'no-store').redirect(`/login#${fragment}`, 302);

/** The cookie that ties a sign-on to the browser that started it (only these routes read or set it). */
const BINDING_COOKIE = 'sso_binding';

/** Single sign-on (issue 37 item 4): an organization's settings, and the sign-in's three steps. */
export async function ssoRoutes(app: FastifyInstance) {
  await app.register(cookie);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const bindingCookie = {
    path: '/api/auth/sso/',
    httpOnly: true,
    // Lax: sent on the provider's top-level redirect back, never on a cross-site sub-request.
    sameSite: 'lax' as const,
    secure: app.config.publicUrl.startsWith('https://'),
    maxAge: SSO_REQUEST_MINUTES * 60,
  };
  const limit = signInRateLimit(app);
  const redirect = { 302: z.null().describe('To the provider, or back to /login with #sso=<code> or #sso_error=<reason>') };

  r.get('/api/admin/organizations/:id/sso', {
    schema: {
      tags: ['Organizations'],
      summary: "An organization's single sign-on (null when none), and the redirect URI to register at its provider; the client secret is never answered",
      params: idParamsSchema,
      response: { 200: ssoSettingsResponseSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => ({
      sso: await ssoSettings(app, requireAuth(request.auth), request.params.id),
      redirect_uri: ssoRedirectUri(app.config.publicUrl),
    }),
  });

  r.put('/api/admin/organizations/:id/sso', {
    schema: {
      tags: ['Organizations'],
      summary:
        "Set an organization's single sign-on with OpenID Connect. The issuer's discovery document is read first (422 on issuer when it cannot be); a domain signs in to one organization; client_secret left out keeps the stored one",
      params: idParamsSchema,
      body: ssoSettingsInputSchema,
      response: { 200: ssoSettingsResponseSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => ({
      sso: await saveSsoSettings(app, request, requireAuth(request.auth), request.params.id, request.body),
      redirect_uri: ssoRedirectUri(app.config.publicUrl),
      message: SSO_TEXTS.saved,
    }),
  });

  r.delete('/api/admin/organizations/:id/sso', {
    schema: {
      tags: ['Organizations'],
      summary: "Remove an organization's single sign-on: its staff sign in with their passwords",
      params: idParamsSchema,
      response: { 200: successSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      await removeSsoSettings(app, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: SSO_TEXTS.removed };
    },
  });

  r.get('/api/auth/sso/discover', {
    schema: {
      tags: ['Auth'],
      summary: "Whether the e-mail's domain signs in with an identity provider: its name (null when none) and whether it is the only way in",
      querystring: ssoDiscoverQuerySchema,
      response: { 200: ssoDiscoverResponseSchema, ...ERROR_RESPONSES },
    },
    preHandler: limit('sso'),
    handler: async (request) => {
      const sso = await providerForEmail(app, request.query.email);
      return { provider_name: sso?.provider_name ?? null, sso_only: sso?.sso_only ?? false };
    },
  });

  r.get('/api/auth/sso/start', {
    schema: {
      tags: ['Auth'],
      summary: "A browser's single sign-on, step one: redirects to the identity provider of the e-mail's domain (authorization code with PKCE)",
      querystring: ssoStartQuerySchema,
      response: { ...redirect, ...ERROR_RESPONSES },
    },
    preHandler: limit('sso'),
    handler: async (request, reply) => {
      try {
        const binding = newOpaqueToken();
        const to = await startSso(app, request.query.email, binding);
        return reply.setCookie(BINDING_COOKIE, binding, bindingCookie).header('cache-control', 'no-store').redirect(to, 302);
      } catch (err) {
        if (err instanceof SsoFailure) return toSignInPage(reply, `sso_error=${err.key}`);
        throw err;
      }
    },
  });

  r.get('/api/auth/sso/callback', {
    schema: {
      tags: ['Auth'],
      summary:
        "A browser's single sign-on, step two (the provider's redirect): checks state, exchanges the code with the PKCE verifier, checks the ID token and its nonce, and redirects to /login#sso=<one-time code>",
      querystring: ssoCallbackQuerySchema,
      response: { ...redirect, ...ERROR_RESPONSES },
    },
    preHandler: limit('sso'),
    handler: async (request, reply) => {
      reply.clearCookie(BINDING_COOKIE, { path: bindingCookie.path });
      try {
        return toSignInPage(reply, `sso=${await finishSso(app, request, request.query, request.cookies[BINDING_COOKIE])}`);
      } catch (err) {
        if (err instanceof SsoFailure) return toSignInPage(reply, `sso_error=${err.key}`);
        throw err;
      }
    },
  });

  r.post('/api/auth/sso/exchange', {
    schema: {
      tags: ['Auth'],
      summary: "Single sign-on, step three: the sign-in page's one-time code (good for 60 seconds, once) for the session's tokens, as a sign-in answers",
      body: ssoExchangeSchema,
      response: { 200: loginResponseSchema, ...ERROR_RESPONSES },
    },
    preHandler: limit('login'),
    handler: (request) => exchangeHandoff(app, request, request.body.code),
  });
}
