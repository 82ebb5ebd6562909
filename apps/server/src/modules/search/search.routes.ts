import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SEARCH_ENDPOINTS } from '@admin-portal/contract/api/endpoints/search';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { search } from './search.service.ts';

export async function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(SEARCH_ENDPOINTS.searchPortal),
    handler: (request) => search(app.db, requireAuth(request.auth), request.query),
  });
}
