import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, successSchema } from '@admin-portal/contract/common';
import {
  createWorkflowTemplateSchema,
  graphErrorBodySchema,
  updateWorkflowTemplateSchema,
  workflowTemplateListQuerySchema,
  workflowTemplateListSchema,
  workflowTemplateSchema,
} from '@admin-portal/contract/workflows/api';
import { graphBodyLimit } from '../../http/body-limits.ts';
import { requireAuth } from '../../http/context.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import * as templates from './workflow-templates.service.ts';

const tags = ['Workflow templates'];
const GRAPH_ERRORS = { ...ERROR_RESPONSES, 422: graphErrorBodySchema } as const;

export async function workflowTemplateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/workflow-templates', {
    schema: {
      tags,
      summary: "Templates: the shipped ones and the organization's own",
      querystring: workflowTemplateListQuerySchema,
      response: { 200: workflowTemplateListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => templates.listTemplates(app.db, requireAuth(request.auth), request.query),
  });

  r.post('/api/admin/workflow-templates', {
    bodyLimit: graphBodyLimit(app.config),
    schema: {
      tags,
      summary: "Create an organization's template from a graph, or from a workflow (save as template)",
      body: createWorkflowTemplateSchema,
      response: { 201: workflowTemplateSchema, ...GRAPH_ERRORS },
    },
    handler: async (request, reply) => reply.status(201).send(await templates.createTemplate(app.db, request, requireAuth(request.auth), request.body)),
  });

  r.put('/api/admin/workflow-templates/:id', {
    bodyLimit: graphBodyLimit(app.config),
    schema: {
      tags,
      summary: "Update an organization's template (shipped ones are read-only)",
      params: idParamsSchema,
      body: updateWorkflowTemplateSchema,
      response: { 200: workflowTemplateSchema, ...GRAPH_ERRORS },
    },
    handler: (request) => templates.updateTemplate(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.delete('/api/admin/workflow-templates/:id', {
    schema: {
      tags,
      summary: "Delete an organization's template (shipped ones are read-only)",
      params: idParamsSchema,
      response: { 200: successSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      await templates.deleteTemplate(app.db, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: 'Workflow template deleted successfully' };
    },
  });
}
