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
      summary: 'Search applications, workflows, tools, users and organizations the caller may see',
      description:
        'A case-insensitive substring match. Applications: applicant name, e-mail, external reference, or the whole case id (needs application:read); ' +
        'workflows: name, description, category (workflow:read); tools: name, description, type (tool:read); users: name, e-mail (user:read); ' +
        'organizations: name, slug (a super admin every one, anyone else their own). Every kind but organizations is scoped to the caller’s organization ' +
        '(a super admin’s X-Organization-Id, else all). A kind the caller may not read is neither searched nor counted. `limit` caps the results per kind; ' +
        '`totals` counts every match per kind searched, up to 1,000 for applications (then the kind is listed in `capped`).',
      querystring: searchQuerySchema,
      response: { 200: searchResponseSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => search(app.db, requireAuth(request.auth), request.query),
  });
}
