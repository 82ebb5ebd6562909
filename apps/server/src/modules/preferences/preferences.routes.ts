import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { preferencesSchema, preferencesUpdateSchema } from '@admin-portal/contract/preferences';
import { requireAuth } from '../../http/context.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { getPreferences, updatePreferences } from './preferences.service.ts';

const tags = ['Auth'];

export async function preferencesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/auth/preferences', {
    schema: { tags, summary: "The signed-in user's preferences (defaults for anything never set)", response: { 200: preferencesSchema, ...ERROR_RESPONSES } },
    handler: (request) => getPreferences(app.db, requireAuth(request.auth)),
  });

  r.put('/api/auth/preferences', {
    schema: {
      tags,
      summary: "Change some of the signed-in user's preferences; answers all of them",
      body: preferencesUpdateSchema,
      response: { 200: preferencesSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => updatePreferences(app.db, request, requireAuth(request.auth), request.body),
  });
}
