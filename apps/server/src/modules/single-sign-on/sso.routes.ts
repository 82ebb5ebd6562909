import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ORGANIZATION_ENDPOINTS } from '@admin-portal/contract/api/endpoints/organizations';
import { SSO_ENDPOINTS } from '@admin-portal/contract/api/endpoints/single-sign-on';
import { SSO_REQUEST_MINUTES, SSO_TEXTS } from '@admin-portal/contract/single-sign-on';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { newOpaqueToken } from '../../security/tokens.ts';
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

  r.route({
    ...routeOf(ORGANIZATION_ENDPOINTS.getOrganizationSso),
    handler: async (request) => ({
      sso: await ssoSettings(app, requireAuth(request.auth), request.params.id),
      redirect_uri: ssoRedirectUri(app.config.publicUrl),
    }),
  });

  r.route({
    ...routeOf(ORGANIZATION_ENDPOINTS.updateOrganizationSso),
    handler: async (request) => ({
      sso: await saveSsoSettings(app, request, requireAuth(request.auth), request.params.id, request.body),
      redirect_uri: ssoRedirectUri(app.config.publicUrl),
      message: SSO_TEXTS.saved,
    }),
  });

  r.route({
    ...routeOf(ORGANIZATION_ENDPOINTS.deleteOrganizationSso),
    handler: async (request) => {
      await removeSsoSettings(app, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: SSO_TEXTS.removed };
    },
  });

  r.route({
    ...routeOf(SSO_ENDPOINTS.discoverSingleSignOn),
    preHandler: limit('sso'),
    handler: async (request) => {
      const sso = await providerForEmail(app, request.query.email);
      return { provider_name: sso?.provider_name ?? null, sso_only: sso?.sso_only ?? false };
    },
  });

  r.route({
    ...routeOf(SSO_ENDPOINTS.startSingleSignOn),
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

  r.route({
    ...routeOf(SSO_ENDPOINTS.handleSingleSignOnCallback),
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

  r.route({
    ...routeOf(SSO_ENDPOINTS.exchangeSingleSignOnCode),
    preHandler: limit('login'),
    handler: (request) => exchangeHandoff(app, request, request.body.code),
  });
}
