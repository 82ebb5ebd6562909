import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STEP_ENDPOINTS } from '@admin-portal/contract/api/endpoints/steps';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import * as connections from './connections.service.ts';
import * as steps from './steps.service.ts';

/**
 * Every step-level change saves a new workflow version through the graph checks (an active workflow must stay
 * valid): those routes answer 422 with the problems (GRAPH_ERRORS in the catalogue).
 */
export async function stepRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(STEP_ENDPOINTS.listWorkflowSteps),
    handler: (request) => steps.listSteps(app.db, requireAuth(request.auth), request.params.id),
  });

  r.route({
    ...routeOf(STEP_ENDPOINTS.listWorkflowConnections),
    handler: (request) => connections.listConnections(app.db, requireAuth(request.auth), request.params.id),
  });

  r.route({
    ...routeOf(STEP_ENDPOINTS.createStep),
    handler: async (request, reply) => reply.status(201).send(await steps.createStep(app.db, request, requireAuth(request.auth), request.body)),
  });

  r.route({
    ...routeOf(STEP_ENDPOINTS.validateStepConfig),
    handler: async (request) => steps.checkStepConfig(request.body.type, request.body.config),
  });

  r.route({
    ...routeOf(STEP_ENDPOINTS.createStepConnection),
    handler: async (request, reply) => reply.status(201).send(await connections.createConnection(app.db, request, requireAuth(request.auth), request.body)),
  });

  r.route({
    ...routeOf(STEP_ENDPOINTS.updateStepConnection),
    handler: (request) => connections.updateConnection(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.route({
    ...routeOf(STEP_ENDPOINTS.deleteStepConnection),
    handler: (request) => connections.deleteConnection(app.db, request, requireAuth(request.auth), request.params.id),
  });

  r.route({
    ...routeOf(STEP_ENDPOINTS.getStep),
    handler: (request) => steps.getStep(app.db, requireAuth(request.auth), request.params.id),
  });

  r.route({
    ...routeOf(STEP_ENDPOINTS.updateStep),
    handler: (request) => steps.updateStep(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.route({
    ...routeOf(STEP_ENDPOINTS.deleteStep),
    handler: (request) => steps.deleteStep(app.db, request, requireAuth(request.auth), request.params.id),
  });
}
