import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@admin-portal/contract/common';
import {
  createOrganizationSchema,
  organizationListQuerySchema,
  organizationListSchema,
  organizationSchema,
  organizationSettingsResponseSchema,
  organizationSettingsSchema,
  organizationSettingsUpdateSchema,
  updateOrganizationSchema,
} from '@admin-portal/contract/organizations';
import { successSchema } from '@admin-portal/contract/common';
import { requireAuth } from '../../http/context.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { presentOrganization } from './organizations.queries.ts';
import * as orgs from './organizations.service.ts';

const tags = ['Organizations'];

export async function organizationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/organizations', {
    schema: {
      tags,
      summary: 'Organizations you can see (all for a super admin, else your own)',
      querystring: organizationListQuerySchema,
      response: { 200: organizationListSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      const { rows, total } = await orgs.listOrganizations(app.db, requireAuth(request.auth), request.query);
      const items = rows.map(presentOrganization);
      return { items, organizations: items, total, limit: request.query.limit, offset: request.query.offset };
    },
  });

  r.post('/api/admin/organizations', {
    schema: { tags, summary: 'Create an organization', body: createOrganizationSchema, response: { 201: organizationSchema, ...ERROR_RESPONSES } },
    handler: async (request, reply) => reply.status(201).send(presentOrganization(await orgs.createOrganization(app.db, request, request.body))),
  });

  r.get('/api/admin/organizations/:id', {
    schema: { tags, summary: 'One organization', params: idParamsSchema, response: { 200: organizationSchema, ...ERROR_RESPONSES } },
    handler: async (request) => presentOrganization(await orgs.getVisibleOrganization(app.db, requireAuth(request.auth), request.params.id)),
  });

  r.put('/api/admin/organizations/:id', {
    schema: {
      tags,
      summary: 'Update an organization',
      params: idParamsSchema,
      body: updateOrganizationSchema,
      response: { 200: organizationSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => presentOrganization(await orgs.updateOrganization(app.db, request, request.params.id, request.body)),
  });

  r.delete('/api/admin/organizations/:id', {
    schema: { tags, summary: 'Delete an organization that has no users', params: idParamsSchema, response: { 200: successSchema, ...ERROR_RESPONSES } },
    handler: async (request) => {
      await orgs.deleteOrganization(app.db, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: 'Organization deleted successfully' };
    },
  });

  r.get('/api/admin/organizations/:id/settings', {
    schema: { tags, summary: "An organization's settings", params: idParamsSchema, response: { 200: organizationSettingsResponseSchema, ...ERROR_RESPONSES } },
    handler: async (request) => {
      const row = await orgs.getVisibleOrganization(app.db, requireAuth(request.auth), request.params.id);
      return { organization_id: row.id, settings: organizationSettingsSchema.parse(row.settings ?? {}) };
    },
  });

  r.put('/api/admin/organizations/:id/settings', {
    schema: {
      tags,
      summary: "Update an organization's settings (only the keys sent change)",
      params: idParamsSchema,
      body: organizationSettingsUpdateSchema,
      response: { 200: organizationSettingsResponseSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      const settings = await orgs.updateOrganizationSettings(app.db, request, requireAuth(request.auth), request.params.id, request.body);
      return { organization_id: request.params.id, settings };
    },
  });
}
