import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@admin-portal/contract/common';
import {
  connectionListSchema,
  connectionSchema,
  createConnectionSchema,
  createStepSchema,
  graphDeletionSchema,
  graphErrorBodySchema,
  stepConfigCheckSchema,
  stepListSchema,
  stepSchema,
  updateConnectionSchema,
  updateStepSchema,
  validateStepConfigSchema,
} from '@admin-portal/contract/workflows/api';
import { requireAuth } from '../../http/context.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import * as connections from './connections.service.ts';
import * as steps from './steps.service.ts';

const tags = ['Steps'];
/** Every step-level change saves a new workflow version through the graph checks (an active workflow must stay valid). */
const GRAPH_ERRORS = { ...ERROR_RESPONSES, 422: graphErrorBodySchema } as const;

export async function stepRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/steps/workflow/:id', {
    schema: { tags, summary: "A workflow's steps in document order", params: idParamsSchema, response: { 200: stepListSchema, ...ERROR_RESPONSES } },
    handler: (request) => steps.listSteps(app.db, requireAuth(request.auth), request.params.id),
  });

  r.get('/api/admin/steps/workflow/:id/connections', {
    schema: { tags, summary: "A workflow's connections", params: idParamsSchema, response: { 200: connectionListSchema, ...ERROR_RESPONSES } },
    handler: (request) => connections.listConnections(app.db, requireAuth(request.auth), request.params.id),
  });

  r.post('/api/admin/steps', {
    schema: {
      tags,
      summary: 'Add a step to a workflow (config checked against its type; a new version)',
      body: createStepSchema,
      response: { 201: stepSchema, ...GRAPH_ERRORS },
    },
    handler: async (request, reply) => reply.status(201).send(await steps.createStep(app.db, request, requireAuth(request.auth), request.body)),
  });

  r.post('/api/admin/steps/validate-config', {
    schema: {
      tags,
      summary: "Check a config against its step type's schema (defaults filled in, field errors)",
      body: validateStepConfigSchema,
      response: { 200: stepConfigCheckSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => steps.checkStepConfig(request.body.type, request.body.config),
  });

  r.post('/api/admin/steps/connections', {
    schema: {
      tags,
      summary: 'Connect two steps of one workflow (a new version)',
      body: createConnectionSchema,
      response: { 201: connectionSchema, ...GRAPH_ERRORS },
    },
    handler: async (request, reply) => reply.status(201).send(await connections.createConnection(app.db, request, requireAuth(request.auth), request.body)),
  });

  r.put('/api/admin/steps/connections/:id', {
    schema: {
      tags,
      summary: 'Change a connection (a new version)',
      params: idParamsSchema,
      body: updateConnectionSchema,
      response: { 200: connectionSchema, ...GRAPH_ERRORS },
    },
    handler: (request) => connections.updateConnection(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.delete('/api/admin/steps/connections/:id', {
    schema: { tags, summary: 'Remove a connection (a new version)', params: idParamsSchema, response: { 200: graphDeletionSchema, ...GRAPH_ERRORS } },
    handler: (request) => connections.deleteConnection(app.db, request, requireAuth(request.auth), request.params.id),
  });

  r.get('/api/admin/steps/:id', {
    schema: { tags, summary: 'One step', params: idParamsSchema, response: { 200: stepSchema, ...ERROR_RESPONSES } },
    handler: (request) => steps.getStep(app.db, requireAuth(request.auth), request.params.id),
  });

  r.put('/api/admin/steps/:id', {
    schema: {
      tags,
      summary: "Change a step's name, config or position (a new version)",
      params: idParamsSchema,
      body: updateStepSchema,
      response: { 200: stepSchema, ...GRAPH_ERRORS },
    },
    handler: (request) => steps.updateStep(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.delete('/api/admin/steps/:id', {
    schema: {
      tags,
      summary: 'Delete a step and its connections (a new version)',
      params: idParamsSchema,
      response: { 200: graphDeletionSchema, ...GRAPH_ERRORS },
    },
    handler: (request) => steps.deleteStep(app.db, request, requireAuth(request.auth), request.params.id),
  });
}
