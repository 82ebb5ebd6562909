import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WORKFLOW_ENDPOINTS } from '@admin-portal/contract/api/endpoints/workflows';
import { EXPRESSION_FUNCTIONS } from '@admin-portal/contract/workflows/expression';
import { describeStepType, STEP_TYPES } from '@admin-portal/contract/workflows/step-types/registry';
import type { StepTypeDefinition } from '@admin-portal/contract/workflows/step-types/step-type';
import { graphBodyLimit } from '../../http/body-limits.ts';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import * as versions from './workflow-versions.service.ts';
import * as workflows from './workflows.service.ts';

/** The palette: every step type with its config JSON Schema (the registry does not change at run time). */
const STEP_TEMPLATES = {
  items: STEP_TYPES.map((t) => describeStepType(t as unknown as StepTypeDefinition)),
  expression_functions: [...EXPRESSION_FUNCTIONS],
};

export async function workflowRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(WORKFLOW_ENDPOINTS.listWorkflows),
    handler: (request) => workflows.listWorkflows(app.db, requireAuth(request.auth), request.query),
  });

  // Routes that check a graph answer 422 with the problems beside the validation errors (GRAPH_ERRORS in the catalogue).
  r.route({
    ...routeOf(WORKFLOW_ENDPOINTS.createWorkflow),
    handler: async (request, reply) => reply.status(201).send(await workflows.createWorkflow(app.db, request, requireAuth(request.auth), request.body)),
  });

  r.route({
    ...routeOf(WORKFLOW_ENDPOINTS.listStepTypes),
    handler: async () => STEP_TEMPLATES,
  });

  r.route({
    ...routeOf(WORKFLOW_ENDPOINTS.createCompleteWorkflow),
    bodyLimit: graphBodyLimit(app.config),
    handler: async (request, reply) => reply.status(201).send(await workflows.createCompleteWorkflow(app.db, request, requireAuth(request.auth), request.body)),
  });

  r.route({
    ...routeOf(WORKFLOW_ENDPOINTS.getWorkflow),
    handler: (request) => workflows.getWorkflowDetail(app.db, requireAuth(request.auth), request.params.id),
  });

  r.route({
    ...routeOf(WORKFLOW_ENDPOINTS.updateWorkflow),
    handler: (request) => workflows.updateWorkflow(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.route({
    ...routeOf(WORKFLOW_ENDPOINTS.deleteWorkflow),
    handler: async (request) => {
      await workflows.deleteWorkflow(app.db, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: 'Workflow deleted successfully' };
    },
  });

  r.route({
    ...routeOf(WORKFLOW_ENDPOINTS.saveWorkflowGraph),
    bodyLimit: graphBodyLimit(app.config),
    handler: (request) => workflows.saveWorkflowGraph(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.route({
    ...routeOf(WORKFLOW_ENDPOINTS.duplicateWorkflow),
    handler: async (request, reply) =>
      reply.status(201).send(await workflows.duplicateWorkflow(app.db, request, requireAuth(request.auth), request.params.id, request.body.name)),
  });

  r.route({
    ...routeOf(WORKFLOW_ENDPOINTS.validateWorkflow),
    handler: (request) => workflows.validateWorkflow(app.db, requireAuth(request.auth), request.params.id),
  });

  r.route({
    ...routeOf(WORKFLOW_ENDPOINTS.listWorkflowVersions),
    handler: (request) => versions.listVersions(app.db, requireAuth(request.auth), request.params.id, request.query),
  });

  r.route({
    ...routeOf(WORKFLOW_ENDPOINTS.getWorkflowVersion),
    handler: (request) => versions.getVersion(app.db, requireAuth(request.auth), request.params.id, Number(request.params.version)),
  });

  r.route({
    ...routeOf(WORKFLOW_ENDPOINTS.saveWorkflowDraft),
    bodyLimit: graphBodyLimit(app.config),
    handler: async (request, reply) =>
      reply.status(201).send(await versions.saveDraft(app.db, request, requireAuth(request.auth), request.params.id, request.body)),
  });

  r.route({
    ...routeOf(WORKFLOW_ENDPOINTS.publishWorkflowDraft),
    handler: (request) => versions.publishDraft(app.db, request, requireAuth(request.auth), request.params.id, Number(request.params.version)),
  });

  r.route({
    ...routeOf(WORKFLOW_ENDPOINTS.discardWorkflowDraft),
    handler: (request) => versions.discardDraft(app.db, request, requireAuth(request.auth), request.params.id, Number(request.params.version)),
  });

  r.route({
    ...routeOf(WORKFLOW_ENDPOINTS.restoreWorkflowVersion),
    handler: (request) => versions.restoreVersion(app.db, request, requireAuth(request.auth), request.params.id, Number(request.params.version)),
  });
}
