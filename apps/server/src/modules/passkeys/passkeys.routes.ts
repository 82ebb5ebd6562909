import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PASSKEY_ENDPOINTS } from '@admin-portal/contract/api/endpoints/passkeys';
import { PASSKEY_TEXTS } from '@admin-portal/contract/passkeys';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import * as passkeys from './passkeys.service.ts';

/** Your passkeys, from the profile's Security tab (issue 37 item 2). Signing in with one: auth.routes.ts. */
export async function passkeyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(PASSKEY_ENDPOINTS.listPasskeys),
    handler: async (request) => ({ passkeys: await passkeys.myPasskeys(app, requireAuth(request.auth)) }),
  });

  r.route({
    ...routeOf(PASSKEY_ENDPOINTS.startPasskeyRegistration),
    handler: (request) => passkeys.startRegistration(app, requireAuth(request.auth), request.body.password),
  });

  r.route({
    ...routeOf(PASSKEY_ENDPOINTS.finishPasskeyRegistration),
    handler: async (request, reply) => {
      const passkey = await passkeys.finishRegistration(app, request, requireAuth(request.auth), request.body.name, request.body.credential);
      return reply.status(201).send({ passkey, message: PASSKEY_TEXTS.added });
    },
  });

  r.route({
    ...routeOf(PASSKEY_ENDPOINTS.deletePasskey),
    handler: async (request) => {
      await passkeys.removePasskey(app, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: PASSKEY_TEXTS.removed };
    },
  });
}
