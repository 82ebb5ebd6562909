import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_KEY_ENDPOINTS } from '@admin-portal/contract/api/endpoints/api-keys';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import * as keys from './api-keys.service.ts';

export async function apiKeyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(API_KEY_ENDPOINTS.listApiKeys),
    handler: (request) => keys.listApiKeys(app.db, requireAuth(request.auth)),
  });

  r.route({
    ...routeOf(API_KEY_ENDPOINTS.createApiKey),
    handler: async (request, reply) => reply.status(201).send(await keys.createApiKey(app.db, request, requireAuth(request.auth), request.body)),
  });

  r.route({
    ...routeOf(API_KEY_ENDPOINTS.revokeApiKey),
    handler: (request) => keys.revokeApiKey(app.db, request, requireAuth(request.auth), request.params.id),
  });
}
