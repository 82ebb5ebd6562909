import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, successSchema } from '@admin-portal/contract/common';
import { SESSION_TEXTS, sessionListSchema, sessionParamsSchema, sessionsRevokedSchema, userSessionParamsSchema } from '@admin-portal/contract/sessions';
import { requireAuth } from '../../http/context.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import * as sessions from './sessions.service.ts';

/** One's own sessions (the profile) and a user's (the Users page), issue 37 item 5. */
export async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/auth/sessions', {
    schema: {
      tags: ['Auth'],
      summary: 'Your live sessions (device, address, started, last used), the most recently used first; yours is marked current',
      response: { 200: sessionListSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => ({ items: await sessions.listOwnSessions(app, requireAuth(request.auth)) }),
  });

  r.delete('/api/auth/sessions/:sessionId', {
    schema: {
      tags: ['Auth'],
      summary: 'Sign out one of your sessions (your current one too); 404 for a session that is not yours or has ended',
      params: sessionParamsSchema,
      response: { 200: successSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      await sessions.endOwnSession(app, request, requireAuth(request.auth), request.params.sessionId);
      return { success: true, message: SESSION_TEXTS.sessionEnded };
    },
  });

  r.post('/api/auth/sessions/revoke-others', {
    schema: {
      tags: ['Auth'],
      summary: 'Sign out every session of yours but the one making this call',
      response: { 200: sessionsRevokedSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      const revoked = await sessions.endOtherSessions(app, request, requireAuth(request.auth));
      return { success: true, revoked, message: SESSION_TEXTS.othersEnded(revoked) };
    },
  });

  r.get('/api/admin/users/:id/sessions', {
    schema: {
      tags: ['Users'],
      summary: "A user's live sessions, for whoever may manage the user (not one with more privileges than yours)",
      params: idParamsSchema,
      response: { 200: sessionListSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => ({ items: await sessions.listUserSessions(app, requireAuth(request.auth), request.params.id) }),
  });

  r.delete('/api/admin/users/:id/sessions/:sessionId', {
    schema: {
      tags: ['Users'],
      summary: "Sign out one of a user's sessions",
      params: userSessionParamsSchema,
      response: { 200: successSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      await sessions.endUserSession(app, request, requireAuth(request.auth), request.params.id, request.params.sessionId);
      return { success: true, message: SESSION_TEXTS.sessionEnded };
    },
  });

  r.post('/api/admin/users/:id/sessions/revoke-all', {
    schema: {
      tags: ['Users'],
      summary: 'Sign out every session of a user (on yourself: every one but the session making this call)',
      params: idParamsSchema,
      response: { 200: sessionsRevokedSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      const revoked = await sessions.endAllUserSessions(app, request, requireAuth(request.auth), request.params.id);
      return { success: true, revoked, message: SESSION_TEXTS.allEnded(revoked) };
    },
  });
}
