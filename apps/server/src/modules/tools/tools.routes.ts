import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, successSchema } from '@admin-portal/contract/common';
import {
  analyticsQuerySchema,
  approveToolSchema,
  createToolConfigurationSchema,
  createToolSchema,
  executionListQuerySchema,
  executionListSchema,
  testToolSchema,
  TOOL_MESSAGES,
  toolAnalyticsSchema,
  toolConfigurationListQuerySchema,
  toolConfigurationListSchema,
  toolConfigurationSchema,
  toolExecutionSchema,
  toolListQuerySchema,
  toolListSchema,
  toolSchema,
  toolStatusHistorySchema,
  toolTemplateListSchema,
  toolTemplatesQuerySchema,
  toolTypeDescriptionSchema,
  toolTypeParamsSchema,
  toolTypesSchema,
  updateToolConfigurationSchema,
  updateToolSchema,
} from '@admin-portal/contract/tools/api';
import { TOOL_TEMPLATES } from '@admin-portal/contract/tools/templates';
import { describeToolType, getToolType, TOOL_TYPES } from '@admin-portal/contract/tools/tool-types/registry';
import type { ToolTypeDefinition } from '@admin-portal/contract/tools/tool-types/tool-type';
import { requireAuth } from '../../http/context.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import * as analytics from './tool-analytics.service.ts';
import * as configurations from './tool-configurations.service.ts';
import * as runs from './tool-runs.service.ts';
import * as tools from './tools.service.ts';

const tags = ['Tools'];
const TYPES = { items: TOOL_TYPES.map((t) => describeToolType(t as unknown as ToolTypeDefinition)) };

export async function toolRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secretKey = () => app.secrets.secretKey;
  const runOptions = () => ({ secretKey: app.secrets.secretKey, allowedHosts: app.config.toolAllowedHosts });

  r.get('/api/admin/tools', {
    schema: {
      tags,
      summary: 'Tools, paginated, searchable, filterable by type and status',
      querystring: toolListQuerySchema,
      response: { 200: toolListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => tools.listTools(app.db, requireAuth(request.auth), request.query),
  });

  r.post('/api/admin/tools', {
    schema: {
      tags,
      summary: 'Register a tool (a draft): MCP name, description, type, config and input schema',
      body: createToolSchema,
      response: { 201: toolSchema, ...ERROR_RESPONSES },
    },
    handler: async (request, reply) => reply.status(201).send(await tools.createTool(app.db, request, requireAuth(request.auth), request.body)),
  });

  r.get('/api/admin/tools/types', {
    schema: { tags, summary: 'Tool types with their config JSON Schema and defaults', response: { 200: toolTypesSchema, ...ERROR_RESPONSES } },
    handler: async () => TYPES,
  });

  r.get('/api/admin/tools/generic/templates', {
    schema: {
      tags,
      summary: 'Templates to start a tool from, optionally of one type',
      querystring: toolTemplatesQuerySchema,
      response: { 200: toolTemplateListSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => ({ items: TOOL_TEMPLATES.filter((t) => !request.query.tool_type || t.tool_type === request.query.tool_type) }),
  });

  r.get('/api/admin/tools/generic/:type/config-schema', {
    schema: {
      tags,
      summary: "A tool type's config JSON Schema, defaults and description",
      params: toolTypeParamsSchema,
      response: { 200: toolTypeDescriptionSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => describeToolType(getToolType(request.params.type)!),
  });

  r.get('/api/admin/tools/analytics', {
    schema: {
      tags,
      summary: "Calls, error rate and latency of the organization's tools, over time and per tool",
      querystring: analyticsQuerySchema,
      response: { 200: toolAnalyticsSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => analytics.organizationToolAnalytics(app.db, requireAuth(request.auth), request.query.days),
  });

  r.get('/api/admin/tools/executions', {
    schema: {
      tags,
      summary: 'Recorded tool runs, newest first',
      querystring: executionListQuerySchema,
      response: { 200: executionListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => runs.listExecutions(app.db, requireAuth(request.auth), request.query),
  });

  r.get('/api/admin/tools/executions/:id', {
    schema: {
      tags,
      summary: 'One recorded run: input, output, the request as sent and the response (secrets redacted)',
      params: idParamsSchema,
      response: { 200: toolExecutionSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => runs.getExecution(app.db, requireAuth(request.auth), request.params.id),
  });

  r.get('/api/admin/tools/configurations', {
    schema: {
      tags,
      summary: 'Environment configurations (secrets masked)',
      querystring: toolConfigurationListQuerySchema,
      response: { 200: toolConfigurationListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => configurations.listConfigurations(app.db, requireAuth(request.auth), secretKey(), request.query),
  });

  r.post('/api/admin/tools/configurations', {
    schema: {
      tags,
      summary:
        "A tool's configuration for one environment: config overrides and encrypted secrets (on an approved tool, a new call sends it back for approval unless the editor may approve it)",
      body: createToolConfigurationSchema,
      response: { 201: toolConfigurationSchema, ...ERROR_RESPONSES },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await configurations.createConfiguration(app.db, request, requireAuth(request.auth), secretKey(), request.body)),
  });

  r.put('/api/admin/tools/configurations/:id', {
    schema: {
      tags,
      summary:
        'Update a configuration (a masked secret keeps its value; a secret left out is removed). A change to what an approved tool calls sends it back for approval unless the editor may approve it; kept secrets stay bound to the call they were approved for.',
      params: idParamsSchema,
      body: updateToolConfigurationSchema,
      response: { 200: toolConfigurationSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => configurations.updateConfiguration(app.db, request, requireAuth(request.auth), secretKey(), request.params.id, request.body),
  });

  r.delete('/api/admin/tools/configurations/:id', {
    schema: {
      tags,
      summary: 'Delete a configuration (of an approved tool, by someone who may not approve it: the tool goes back for approval, as the message says)',
      params: idParamsSchema,
      response: { 200: successSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      const { sentBack } = await configurations.deleteConfiguration(app.db, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: sentBack ? TOOL_MESSAGES.configurationDeletedSentBack : TOOL_MESSAGES.configurationDeleted };
    },
  });

  r.get('/api/admin/tools/:id', {
    schema: { tags, summary: 'One tool', params: idParamsSchema, response: { 200: toolSchema, ...ERROR_RESPONSES } },
    handler: (request) => tools.getTool(app.db, requireAuth(request.auth), request.params.id),
  });

  r.put('/api/admin/tools/:id', {
    schema: {
      tags,
      summary:
        'Update a tool; submit it (status pending_approval), take it back to draft, disable or enable it. A changed definition of an approved tool needs approval again, unless the editor may approve it (then it stays approved, audited).',
      params: idParamsSchema,
      body: updateToolSchema,
      response: { 200: toolSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => tools.updateTool(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.delete('/api/admin/tools/:id', {
    schema: {
      tags,
      summary: 'Delete a tool (its recorded runs stay for analytics)',
      params: idParamsSchema,
      response: { 200: successSchema, ...ERROR_RESPONSES },
    },
    handler: async (request) => {
      await tools.deleteTool(app.db, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: 'Tool deleted successfully' };
    },
  });

  r.post('/api/admin/tools/:id/approve', {
    schema: {
      tags,
      summary: 'Approve or reject a tool pending approval (admins; not your own unless super admin)',
      params: idParamsSchema,
      body: approveToolSchema,
      response: { 200: toolSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => tools.decideApproval(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.post('/api/admin/tools/:id/test', {
    schema: {
      tags,
      summary:
        'Run the tool on a sample input in one environment: the recorded execution with output, status, latency and the request as sent. 409 when the configuration calls something other than what its secrets were approved for.',
      params: idParamsSchema,
      body: testToolSchema,
      response: { 200: toolExecutionSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => runs.testTool(app.db, request, requireAuth(request.auth), request.params.id, request.body, runOptions()),
  });

  r.get('/api/admin/tools/:id/analytics', {
    schema: {
      tags,
      summary: "A tool's calls, error rate, latency percentiles, top errors and callers",
      params: idParamsSchema,
      querystring: analyticsQuerySchema,
      response: { 200: toolAnalyticsSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => analytics.toolAnalytics(app.db, requireAuth(request.auth), request.params.id, request.query.days),
  });

  r.get('/api/admin/tools/:id/configurations', {
    schema: {
      tags,
      summary: "A tool's configurations per environment (secrets masked)",
      params: idParamsSchema,
      response: { 200: toolConfigurationListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => configurations.listToolConfigurations(app.db, requireAuth(request.auth), secretKey(), request.params.id),
  });

  r.get('/api/admin/tools/:id/history', {
    schema: {
      tags,
      summary: "A tool's status changes with their comments, newest first",
      params: idParamsSchema,
      response: { 200: toolStatusHistorySchema, ...ERROR_RESPONSES },
    },
    handler: (request) => tools.getStatusHistory(app.db, requireAuth(request.auth), request.params.id),
  });
}
