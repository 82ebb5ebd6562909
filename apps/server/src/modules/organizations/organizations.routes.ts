import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ORGANIZATION_ENDPOINTS } from '@admin-portal/contract/api/endpoints/organizations';
import { organizationSettingsSchema } from '@admin-portal/contract/organizations';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { presentOrganization } from './organizations.queries.ts';
import * as orgs from './organizations.service.ts';

export async function organizationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ORGANIZATION_ENDPOINTS.listOrganizations),
    handler: async (request) => {
      const { rows, total } = await orgs.listOrganizations(app.db, requireAuth(request.auth), request.query);
      const items = rows.map(presentOrganization);
      return { items, organizations: items, total, limit: request.query.limit, offset: request.query.offset };
    },
  });

  r.route({
    ...routeOf(ORGANIZATION_ENDPOINTS.createOrganization),
    handler: async (request, reply) => reply.status(201).send(presentOrganization(await orgs.createOrganization(app.db, request, request.body))),
  });

  r.route({
    ...routeOf(ORGANIZATION_ENDPOINTS.getOrganization),
    handler: async (request) => presentOrganization(await orgs.getVisibleOrganization(app.db, requireAuth(request.auth), request.params.id)),
  });

  r.route({
    ...routeOf(ORGANIZATION_ENDPOINTS.updateOrganization),
    handler: async (request) => presentOrganization(await orgs.updateOrganization(app.db, request, request.params.id, request.body)),
  });

  r.route({
    ...routeOf(ORGANIZATION_ENDPOINTS.deleteOrganization),
    handler: async (request) => {
      await orgs.deleteOrganization(app.db, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: 'Organization deleted successfully' };
    },
  });

  r.route({
    ...routeOf(ORGANIZATION_ENDPOINTS.getOrganizationSettings),
    handler: async (request) => {
      const row = await orgs.getVisibleOrganization(app.db, requireAuth(request.auth), request.params.id);
      return { organization_id: row.id, settings: organizationSettingsSchema.parse(row.settings ?? {}) };
    },
  });

  r.route({
    ...routeOf(ORGANIZATION_ENDPOINTS.updateOrganizationSettings),
    handler: async (request) => {
      const settings = await orgs.updateOrganizationSettings(app.db, request, requireAuth(request.auth), request.params.id, request.body);
      return { organization_id: request.params.id, settings };
    },
  });
}
