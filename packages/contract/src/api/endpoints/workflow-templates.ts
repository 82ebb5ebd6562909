import { idParamsSchema, successSchema } from '../../common.ts';
import { perm } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';
import { GRAPH_ERRORS } from './workflows.ts';
import {
  createWorkflowTemplateSchema,
  updateWorkflowTemplateSchema,
  workflowTemplateListQuerySchema,
  workflowTemplateListSchema,
  workflowTemplateSchema,
} from '../../workflows/api.ts';

/**
 * Workflow templates: shipped ones are read-only to everyone (reading needs workflow:read); an organization's own
 * need manage_templates to change.
 */
const tags = ['Workflow templates'] as const;
const MANAGE = perm('manage_templates');

export const WORKFLOW_TEMPLATE_ENDPOINTS = defineEndpoints({
  listWorkflowTemplates: {
    method: 'GET',
    path: '/api/admin/workflow-templates',
    tags,
    summary: 'List workflow templates',
    description: "Templates: the shipped ones and the organization's own.",
    access: perm('workflow:read'),
    query: workflowTemplateListQuerySchema,
    responses: { 200: workflowTemplateListSchema },
  },
  createWorkflowTemplate: {
    method: 'POST',
    path: '/api/admin/workflow-templates',
    tags,
    summary: "Create an organization's template",
    description: "Creates an organization's template from a graph, or from a workflow (save as template).",
    access: MANAGE,
    body: createWorkflowTemplateSchema,
    errors: GRAPH_ERRORS,
    responses: { 201: workflowTemplateSchema },
  },
  updateWorkflowTemplate: {
    method: 'PUT',
    path: '/api/admin/workflow-templates/:id',
    tags,
    summary: "Update an organization's template",
    description: 'Shipped templates are read-only.',
    access: MANAGE,
    params: idParamsSchema,
    body: updateWorkflowTemplateSchema,
    errors: GRAPH_ERRORS,
    responses: { 200: workflowTemplateSchema },
  },
  deleteWorkflowTemplate: {
    method: 'DELETE',
    path: '/api/admin/workflow-templates/:id',
    tags,
    summary: "Delete an organization's template",
    description: 'Shipped templates are read-only.',
    access: MANAGE,
    params: idParamsSchema,
    responses: { 200: successSchema },
  },
});
