import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, successSchema } from '@admin-portal/contract/common';
import { EXPRESSION_FUNCTIONS } from '@admin-portal/contract/workflows/expression';
import { describeStepType, STEP_TYPES } from '@admin-portal/contract/workflows/step-types/registry';
import type { StepTypeDefinition } from '@admin-portal/contract/workflows/step-types/step-type';
import {
  createCompleteWorkflowSchema,
  createWorkflowSchema,
  duplicateWorkflowSchema,
  graphErrorBodySchema,
  saveWorkflowDraftSchema,
  saveWorkflowGraphSchema,
  stepTemplatesSchema,
  updateWorkflowSchema,
  versionParamsSchema,
  workflowDetailSchema,
  workflowListQuerySchema,
  workflowListSchema,
  workflowSummarySchema,
  workflowValidationSchema,
  workflowVersionListQuerySchema,
  workflowVersionListSchema,
  workflowVersionSchema,
} from '@admin-portal/contract/workflows/api';
import { graphBodyLimit } from '../../http/body-limits.ts';
import { requireAuth } from '../../http/context.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import * as versions from './workflow-versions.service.ts';
import * as workflows from './workflows.service.ts';

const tags = ['Workflows'];
/** Routes that check a graph answer 422 with the problems beside the validation errors. */
const GRAPH_ERRORS = { ...ERROR_RESPONSES, 422: graphErrorBodySchema } as const;

/** The palette: every step type with its config JSON Schema (the registry does not change at run time). */
const STEP_TEMPLATES = {
  items: STEP_TYPES.map((t) => describeStepType(t as unknown as StepTypeDefinition)),
  expression_functions: [...EXPRESSION_FUNCTIONS],
};

export async function workflowRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/workflows', {
    schema: {
      tags,
      summary: 'Workflows, paginated, searchable, filterable by status and category',
      querystring: workflowListQuerySchema,
      response: { 200: workflowListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => workflows.listWorkflows(app.db, requireAuth(request.auth), request.query),
  });

  r.post('/api/admin/workflows', {
    schema: {
      tags,
      summary: 'Create a workflow: blank (Start connected to End) or from a template (its graph copied with new ids)',
      body: createWorkflowSchema,
      response: { 201: workflowDetailSchema, ...GRAPH_ERRORS },
    },
    handler: async (request, reply) => reply.status(201).send(await workflows.createWorkflow(app.db, request, requireAuth(request.auth), request.body)),
  });

  r.get('/api/admin/workflows/step-templates', {
    schema: {
      tags,
      summary: 'Step types: label, icon, description, config JSON Schema, defaults and branches',
      response: { 200: stepTemplatesSchema, ...ERROR_RESPONSES },
    },
    handler: async () => STEP_TEMPLATES,
  });

  r.post('/api/admin/workflows/complete', {
    bodyLimit: graphBodyLimit(app.config),
    schema: {
      tags,
      summary: 'Create a workflow with its whole graph in one transaction',
      body: createCompleteWorkflowSchema,
      response: { 201: workflowDetailSchema, ...GRAPH_ERRORS },
    },
    handler: async (request, reply) => reply.status(201).send(await workflows.createCompleteWorkflow(app.db, request, requireAuth(request.auth), request.body)),
  });

  r.get('/api/admin/workflows/:id', {
    schema: {
      tags,
      summary: 'One workflow with its steps and connections',
      params: idParamsSchema,
      response: { 200: workflowDetailSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => workflows.getWorkflowDetail(app.db, requireAuth(request.auth), request.params.id),
  });

  r.put('/api/admin/workflows/:id', {
    schema: {
      tags,
      summary: 'Update details or status (activation checks the graph)',
      params: idParamsSchema,
      body: updateWorkflowSchema,
      response: { 200: workflowSummarySchema, ...GRAPH_ERRORS },
    },
    handler: (request) => workflows.updateWorkflow(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.delete('/api/admin/workflows/:id', {
    schema: {
      tags,
      summary: 'Delete a workflow that has no applications (archive it otherwise)',
      params: idParamsSchema,
      response: { 200: successSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      await workflows.deleteWorkflow(app.db, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: 'Workflow deleted successfully' };
    },
  });

  r.put('/api/admin/workflows/:id/complete', {
    bodyLimit: graphBodyLimit(app.config),
    schema: {
      tags,
      summary: 'Replace the whole graph in one transaction (a new version)',
      params: idParamsSchema,
      body: saveWorkflowGraphSchema,
      response: { 200: workflowDetailSchema, ...GRAPH_ERRORS },
    },
    handler: (request) => workflows.saveWorkflowGraph(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.post('/api/admin/workflows/:id/duplicate', {
    schema: {
      tags,
      summary: 'Copy a workflow as a new draft (graph deep-copied with new ids)',
      params: idParamsSchema,
      body: duplicateWorkflowSchema,
      response: { 201: workflowDetailSchema, ...GRAPH_ERRORS },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await workflows.duplicateWorkflow(app.db, request, requireAuth(request.auth), request.params.id, request.body.name)),
  });

  r.post('/api/admin/workflows/:id/validate', {
    schema: {
      tags,
      summary: 'Run the activation checks without changing anything',
      params: idParamsSchema,
      response: { 200: workflowValidationSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => workflows.validateWorkflow(app.db, requireAuth(request.auth), request.params.id),
  });

  r.get('/api/admin/workflows/:id/versions', {
    schema: {
      tags,
      summary: 'Saved versions, newest first',
      params: idParamsSchema,
      querystring: workflowVersionListQuerySchema,
      response: { 200: workflowVersionListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => versions.listVersions(app.db, requireAuth(request.auth), request.params.id, request.query),
  });

  r.get('/api/admin/workflows/:id/versions/:version', {
    schema: { tags, summary: 'One saved version with its graph', params: versionParamsSchema, response: { 200: workflowVersionSchema, ...ERROR_RESPONSES } },
    handler: (request) => versions.getVersion(app.db, requireAuth(request.auth), request.params.id, Number(request.params.version)),
  });

  r.post('/api/admin/workflows/:id/drafts', {
    bodyLimit: graphBodyLimit(app.config),
    schema: {
      tags,
      summary: 'Save the graph as a draft beside the live version of an active workflow (not live until published)',
      description:
        'A new version in the state `pending`: applications go on starting on the live version. Only structural problems refuse it (422); ' +
        'the activation checks run when it is published. 409 when the workflow is not active, or when `expected_version` is not the newest version.',
      params: idParamsSchema,
      body: saveWorkflowDraftSchema,
      response: { 201: workflowVersionSchema, ...GRAPH_ERRORS },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await versions.saveDraft(app.db, request, requireAuth(request.auth), request.params.id, request.body)),
  });

  r.post('/api/admin/workflows/:id/versions/:version/publish', {
    schema: {
      tags,
      summary: 'Make the pending draft the live version, under its own number',
      description:
        'The version must be the newest, pending, and saved beside the version that is live now (409 otherwise); an active workflow runs the activation checks (422).',
      params: versionParamsSchema,
      response: { 200: workflowDetailSchema, ...GRAPH_ERRORS },
    },
    handler: (request) => versions.publishDraft(app.db, request, requireAuth(request.auth), request.params.id, Number(request.params.version)),
  });

  r.post('/api/admin/workflows/:id/versions/:version/discard', {
    schema: {
      tags,
      summary: 'Set the pending draft aside (kept in the history as discarded)',
      description: 'The version must be the newest and pending (409 otherwise). The live version is untouched.',
      params: versionParamsSchema,
      response: { 200: workflowVersionSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => versions.discardDraft(app.db, request, requireAuth(request.auth), request.params.id, Number(request.params.version)),
  });

  r.post('/api/admin/workflows/:id/versions/:version/restore', {
    schema: { tags, summary: 'Make an older version the newest one', params: versionParamsSchema, response: { 200: workflowDetailSchema, ...GRAPH_ERRORS } },
    handler: (request) => versions.restoreVersion(app.db, request, requireAuth(request.auth), request.params.id, Number(request.params.version)),
  });
}
