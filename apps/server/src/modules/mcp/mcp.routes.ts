import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { API_KEY_ENDPOINTS } from '@admin-portal/contract/api/endpoints/api-keys';
import { requireAuth } from '../../http/context.ts';
import { actingOrganization } from '../../http/organization-scope.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { authenticateApiKey, presentedApiKey } from '../api-keys/api-keys.service.ts';
import { findRunnableTools } from '../tools/tools.queries.ts';
import { createMcpServer } from './mcp-server.ts';

export const MCP_PATH = '/mcp';
export const MCP_KEY_REQUIRED = 'A valid API key with the mcp scope is required (Authorization: Bearer <key>)';

export async function mcpRoutes(app: FastifyInstance) {
  // Outside /api: the policy table is about signed-in staff; this endpoint is for API keys only.
  app.route({
    method: ['POST', 'GET', 'DELETE'],
    url: MCP_PATH,
    // JSON-RPC over HTTP, described by the MCP specification rather than by this document.
    schema: { hide: true },
    handler: async (request, reply) => {
      const presented = presentedApiKey(request);
      const key = presented ? await authenticateApiKey(app.db, presented, 'mcp') : null;
      if (!key) return reply.status(401).header('WWW-Authenticate', 'Bearer').send({ detail: MCP_KEY_REQUIRED });
      if (request.method !== 'POST') {
        return reply.status(405).header('Allow', 'POST').send({ detail: 'This MCP endpoint is stateless Streamable HTTP: send every message with POST' });
      }
      const server = createMcpServer({ db: app.db, secretKey: app.secrets.secretKey, allowedHosts: app.config.toolAllowedHosts }, key);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  });

  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(API_KEY_ENDPOINTS.getMcpInfo),
    handler: async (request) => {
      const auth = requireAuth(request.auth);
      const tools = await findRunnableTools(app.db, actingOrganization(auth));
      // From PUBLIC_URL: a Host header is the caller's to choose, and would put any address in front of the user.
      return { url: `${app.config.publicUrl}${MCP_PATH}`, transport: 'streamable-http' as const, tools: tools.length };
    },
  });
}
