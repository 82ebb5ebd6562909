import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TOOL_MESSAGES } from '@admin-portal/contract/tools/api';
import { TOOL_ENDPOINTS } from '@admin-portal/contract/api/endpoints/tools';
import { TOOL_TEMPLATES } from '@admin-portal/contract/tools/templates';
import { describeToolType, getToolType, TOOL_TYPES } from '@admin-portal/contract/tools/tool-types/registry';
import type { ToolTypeDefinition } from '@admin-portal/contract/tools/tool-types/tool-type';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import * as analytics from './tool-analytics.service.ts';
import * as configurations from './tool-configurations.service.ts';
import * as runs from './tool-runs.service.ts';
import * as tools from './tools.service.ts';

const TYPES = { items: TOOL_TYPES.map((t) => describeToolType(t as unknown as ToolTypeDefinition)) };

export async function toolRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secretKey = () => app.secrets.secretKey;
  const runOptions = () => ({ secretKey: app.secrets.secretKey, allowedHosts: app.config.toolAllowedHosts });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.listTools),
    handler: (request) => tools.listTools(app.db, requireAuth(request.auth), request.query),
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.createTool),
    handler: async (request, reply) => reply.status(201).send(await tools.createTool(app.db, request, requireAuth(request.auth), request.body)),
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.listToolTypes),
    handler: async () => TYPES,
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.listToolTemplates),
    handler: async (request) => ({ items: TOOL_TEMPLATES.filter((t) => !request.query.tool_type || t.tool_type === request.query.tool_type) }),
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.getToolTypeConfigSchema),
    handler: async (request) => describeToolType(getToolType(request.params.type)!),
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.getToolsAnalytics),
    handler: (request) => analytics.organizationToolAnalytics(app.db, requireAuth(request.auth), request.query.days),
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.listToolExecutions),
    handler: (request) => runs.listExecutions(app.db, requireAuth(request.auth), request.query),
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.getToolExecution),
    handler: (request) => runs.getExecution(app.db, requireAuth(request.auth), request.params.id),
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.listToolConfigurations),
    handler: (request) => configurations.listConfigurations(app.db, requireAuth(request.auth), secretKey(), request.query),
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.createToolConfiguration),
    handler: async (request, reply) =>
      reply.status(201).send(await configurations.createConfiguration(app.db, request, requireAuth(request.auth), secretKey(), request.body)),
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.updateToolConfiguration),
    handler: (request) => configurations.updateConfiguration(app.db, request, requireAuth(request.auth), secretKey(), request.params.id, request.body),
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.deleteToolConfiguration),
    handler: async (request) => {
      const { sentBack } = await configurations.deleteConfiguration(app.db, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: sentBack ? TOOL_MESSAGES.configurationDeletedSentBack : TOOL_MESSAGES.configurationDeleted };
    },
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.getTool),
    handler: (request) => tools.getTool(app.db, requireAuth(request.auth), request.params.id),
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.updateTool),
    handler: (request) => tools.updateTool(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.deleteTool),
    handler: async (request) => {
      await tools.deleteTool(app.db, request, requireAuth(request.auth), request.params.id);
      return { success: true, message: 'Tool deleted successfully' };
    },
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.decideToolApproval),
    handler: (request) => tools.decideApproval(app.db, request, requireAuth(request.auth), request.params.id, request.body),
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.testTool),
    handler: (request) => runs.testTool(app.db, request, requireAuth(request.auth), request.params.id, request.body, runOptions()),
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.getToolAnalytics),
    handler: (request) => analytics.toolAnalytics(app.db, requireAuth(request.auth), request.params.id, request.query.days),
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.listConfigurationsOfTool),
    handler: (request) => configurations.listToolConfigurations(app.db, requireAuth(request.auth), secretKey(), request.params.id),
  });

  r.route({
    ...routeOf(TOOL_ENDPOINTS.getToolHistory),
    handler: (request) => tools.getStatusHistory(app.db, requireAuth(request.auth), request.params.id),
  });
}
