import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WORKFLOW_TEMPLATE_ENDPOINTS } from '@admin-portal/contract/api/endpoints/workflow-templates';
import { graphBodyLimit } from '../../http/body-limits.ts';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import * as templates from './workflow-templates.service.ts';

export async function workflowTemplateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(WORKFLOW_TEMPLATE_ENDPOINTS.listWorkflowTemplates),
    handler: (request) => templates.listTemplates(app.db, requireAuth(request.auth), request.query),
  });

  r.route({
    ...routeOf(WORKFLOW_TEMPLATE_ENDPOINTS.createWorkflowTemplate),
    bodyLimit: graphBodyLimit(app.config),
    handler: async (request, reply) => reply.status(201).send(await templates.createTemplate(app.db, request, requireAuth(request.auth), request.body)),
  });

  r.route({
    ...routeOf(WORKFLOW_TEMPLATE_ENDPOINTS.updateWorkflowTemplate),
    bodyLimit: graphBodyLimit(app.config),
    handler: (request) => templates.updateTemplate(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.route({
    ...routeOf(WORKFLOW_TEMPLATE_ENDPOINTS.deleteWorkflowTemplate),
    handler: async (request) => {
      await templates.deleteTemplate(app.db, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: 'Workflow template deleted successfully' };
    },
  });
}
