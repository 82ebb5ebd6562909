import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResponseSchema } from '@admin-portal/contract/search';
import { requireAuth } from '../../http/context.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { search } from './search.service.ts';

const tags = ['Search'];

export async function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/search', {
    schema: {
      tags,
      summary: 'Search users, organizations and more, across what the caller may see',
      description:
        'Case-insensitive match on names, emails and slugs. `limit` caps the results per type; `totals` counts every match per type searched. ' +
        'Users need user:read and are scoped to the caller’s organization (a super admin’s X-Organization-Id, else all).',
      querystring: searchQuerySchema,
      response: { 200: searchResponseSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => search(app.db, requireAuth(request.auth), request.query),
  });
}
