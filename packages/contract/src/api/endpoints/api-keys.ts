import { idParamsSchema } from '../../common.ts';
import { ADMINS, perm } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';
import { apiKeyListSchema, apiKeySchema, createApiKeySchema, createdApiKeySchema, mcpInfoSchema } from '../../tools/api.ts';

/**
 * API keys (issue 5): managed by administrators; the MCP endpoint (outside /api) takes the keys. Where MCP clients
 * connect is for whoever reads tools (tool:read).
 */
const tags = ['API keys'] as const;

export const API_KEY_ENDPOINTS = defineEndpoints({
  listApiKeys: {
    method: 'GET',
    path: '/api/admin/api-keys',
    tags,
    summary: "List the organization's API keys",
    description: 'The key itself is shown only when created.',
    access: ADMINS,
    responses: { 200: apiKeyListSchema },
  },
  createApiKey: {
    method: 'POST',
    path: '/api/admin/api-keys',
    tags,
    summary: 'Create an API key',
    description: 'An API key for the MCP endpoint (and the intake API); the answer is the only time the key is shown.',
    access: ADMINS,
    body: createApiKeySchema,
    responses: { 201: createdApiKeySchema },
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/api/admin/api-keys/:id',
    tags,
    summary: 'Revoke an API key',
    description: 'It stops working at once.',
    access: ADMINS,
    params: idParamsSchema,
    responses: { 200: apiKeySchema },
  },
  getMcpInfo: {
    method: 'GET',
    path: '/api/admin/mcp',
    tags,
    summary: "Get the organization's MCP endpoint",
    description: "Where the organization's MCP clients connect, and how many tools they see.",
    access: perm('tool:read'),
    responses: { 200: mcpInfoSchema },
  },
});
