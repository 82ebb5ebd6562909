import { idParamsSchema } from '../../common.ts';
import { perm } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';
import { GRAPH_ERRORS } from './workflows.ts';
import {
  connectionListSchema,
  connectionSchema,
  createConnectionSchema,
  createStepSchema,
  graphDeletionSchema,
  stepConfigCheckSchema,
  stepListSchema,
  stepSchema,
  updateConnectionSchema,
  updateStepSchema,
  validateStepConfigSchema,
} from '../../workflows/api.ts';

/**
 * A workflow's steps and connections, one change at a time: reads need workflow:read, changes workflow:edit (each
 * change is a new workflow version, saved through the graph checks: an active workflow must stay valid, else 422
 * with the problems).
 */
const tags = ['Steps'] as const;
const READ = perm('workflow:read');
const EDIT = perm('workflow:edit');

export const STEP_ENDPOINTS = defineEndpoints({
  listWorkflowSteps: {
    method: 'GET',
    path: '/api/admin/steps/workflow/:id',
    tags,
    summary: "List a workflow's steps",
    description: "A workflow's steps in document order.",
    access: READ,
    params: idParamsSchema,
    responses: { 200: stepListSchema },
  },
  listWorkflowConnections: {
    method: 'GET',
    path: '/api/admin/steps/workflow/:id/connections',
    tags,
    summary: "List a workflow's connections",
    access: READ,
    params: idParamsSchema,
    responses: { 200: connectionListSchema },
  },
  createStep: {
    method: 'POST',
    path: '/api/admin/steps',
    tags,
    summary: 'Add a step to a workflow',
    description: 'Its config is checked against its step type. The change is a new workflow version.',
    access: EDIT,
    body: createStepSchema,
    errors: GRAPH_ERRORS,
    responses: { 201: stepSchema },
  },
  validateStepConfig: {
    method: 'POST',
    path: '/api/admin/steps/validate-config',
    tags,
    summary: "Check a config against its step type's schema",
    description: 'Answers the config with its defaults filled in, or the field errors.',
    access: READ,
    body: validateStepConfigSchema,
    responses: { 200: stepConfigCheckSchema },
  },
  createStepConnection: {
    method: 'POST',
    path: '/api/admin/steps/connections',
    tags,
    summary: 'Connect two steps of one workflow',
    description: 'The change is a new workflow version.',
    access: EDIT,
    body: createConnectionSchema,
    errors: GRAPH_ERRORS,
    responses: { 201: connectionSchema },
  },
  updateStepConnection: {
    method: 'PUT',
    path: '/api/admin/steps/connections/:id',
    tags,
    summary: 'Change a connection',
    description: 'The change is a new workflow version.',
    access: EDIT,
    params: idParamsSchema,
    body: updateConnectionSchema,
    errors: GRAPH_ERRORS,
    responses: { 200: connectionSchema },
  },
  deleteStepConnection: {
    method: 'DELETE',
    path: '/api/admin/steps/connections/:id',
    tags,
    summary: 'Remove a connection',
    description: 'The change is a new workflow version.',
    access: EDIT,
    params: idParamsSchema,
    errors: GRAPH_ERRORS,
    responses: { 200: graphDeletionSchema },
  },
  getStep: {
    method: 'GET',
    path: '/api/admin/steps/:id',
    tags,
    summary: 'Get a step',
    access: READ,
    params: idParamsSchema,
    responses: { 200: stepSchema },
  },
  updateStep: {
    method: 'PUT',
    path: '/api/admin/steps/:id',
    tags,
    summary: "Change a step's name, config or position",
    description: 'The change is a new workflow version.',
    access: EDIT,
    params: idParamsSchema,
    body: updateStepSchema,
    errors: GRAPH_ERRORS,
    responses: { 200: stepSchema },
  },
  deleteStep: {
    method: 'DELETE',
    path: '/api/admin/steps/:id',
    tags,
    summary: 'Delete a step and its connections',
    description: 'The change is a new workflow version.',
    access: EDIT,
    params: idParamsSchema,
    errors: GRAPH_ERRORS,
    responses: { 200: graphDeletionSchema },
  },
});
