import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PREFERENCE_ENDPOINTS } from '@admin-portal/contract/api/endpoints/preferences';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { getPreferences, updatePreferences } from './preferences.service.ts';

export async function preferencesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(PREFERENCE_ENDPOINTS.getOwnPreferences),
    handler: (request) => getPreferences(app.db, requireAuth(request.auth)),
  });

  r.route({
    ...routeOf(PREFERENCE_ENDPOINTS.updateOwnPreferences),
    handler: (request) => updatePreferences(app.db, request, requireAuth(request.auth), request.body),
  });
}
