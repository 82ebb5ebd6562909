import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SESSION_ENDPOINTS } from '@admin-portal/contract/api/endpoints/sessions';
import { USER_ENDPOINTS } from '@admin-portal/contract/api/endpoints/users';
import { SESSION_TEXTS } from '@admin-portal/contract/sessions';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import * as sessions from './sessions.service.ts';

/** One's own sessions (the profile) and a user's (the Users page), issue 37 item 5. */
export async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(SESSION_ENDPOINTS.listOwnSessions),
    handler: async (request) => ({ items: await sessions.listOwnSessions(app, requireAuth(request.auth)) }),
  });

  r.route({
    ...routeOf(SESSION_ENDPOINTS.revokeOwnSession),
    handler: async (request) => {
      await sessions.endOwnSession(app, request, requireAuth(request.auth), request.params.sessionId);
      return { success: true, message: SESSION_TEXTS.sessionEnded };
    },
  });

  r.route({
    ...routeOf(SESSION_ENDPOINTS.revokeOtherSessions),
    handler: async (request) => {
      const revoked = await sessions.endOtherSessions(app, request, requireAuth(request.auth));
      return { success: true, revoked, message: SESSION_TEXTS.othersEnded(revoked) };
    },
  });

  r.route({
    ...routeOf(USER_ENDPOINTS.listUserSessions),
    handler: async (request) => ({ items: await sessions.listUserSessions(app, requireAuth(request.auth), request.params.id) }),
  });

  r.route({
    ...routeOf(USER_ENDPOINTS.revokeUserSession),
    handler: async (request) => {
      await sessions.endUserSession(app, request, requireAuth(request.auth), request.params.id, request.params.sessionId);
      return { success: true, message: SESSION_TEXTS.sessionEnded };
    },
  });

  r.route({
    ...routeOf(USER_ENDPOINTS.revokeAllUserSessions),
    handler: async (request) => {
      const revoked = await sessions.endAllUserSessions(app, request, requireAuth(request.auth), request.params.id);
      return { success: true, revoked, message: SESSION_TEXTS.allEnded(revoked) };
    },
  });
}
