import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@admin-portal/contract/common';
import { apiKeyListSchema, apiKeySchema, createApiKeySchema, createdApiKeySchema } from '@admin-portal/contract/tools/api';
import { requireAuth } from '../../http/context.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import * as keys from './api-keys.service.ts';

const tags = ['API keys'];

export async function apiKeyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/api-keys', {
    schema: {
      tags,
      summary: "The organization's API keys (the key itself is shown only when created)",
      response: { 200: apiKeyListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => keys.listApiKeys(app.db, requireAuth(request.auth)),
  });

  r.post('/api/admin/api-keys', {
    schema: {
      tags,
      summary: 'Create an API key for the MCP endpoint (and the intake API); the answer is the only time the key is shown',
      body: createApiKeySchema,
      response: { 201: createdApiKeySchema, ...ERROR_RESPONSES },
    },
    handler: async (request, reply) => reply.status(201).send(await keys.createApiKey(app.db, request, requireAuth(request.auth), request.body)),
  });

  r.delete('/api/admin/api-keys/:id', {
    schema: { tags, summary: 'Revoke an API key: it stops working at once', params: idParamsSchema, response: { 200: apiKeySchema, ...ERROR_RESPONSES } },
    handler: (request) => keys.revokeApiKey(app.db, request, requireAuth(request.auth), request.params.id),
  });
}
