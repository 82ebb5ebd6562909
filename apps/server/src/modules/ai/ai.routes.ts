import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiChatRequestSchema,
  aiChatResponseSchema,
  aiContextHelpSchema,
  aiFeedbackRequestSchema,
  aiInteractionListSchema,
  aiInteractionsQuerySchema,
  aiStatusSchema,
} from '@admin-portal/contract/ai/api';
import { successSchema } from '@admin-portal/contract/common';
import { requireAuth } from '../../http/context.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { chat, contextHelp, giveFeedback, listInteractions } from './ai.service.ts';

const tags = ['AI'];

/** Spec §7 "AI": the assistant's calls. Every signed-in user may use the assistant; what it reads follows their permissions. */
export async function aiRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/admin/ai/chat', {
    schema: {
      tags,
      summary: 'Ask the assistant: answered from the user guide and the live data the caller may read, stored as an interaction',
      body: aiChatRequestSchema,
      response: { 200: aiChatResponseSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => chat(app.db, app.assistant, requireAuth(request.auth), request.body),
  });

  r.get('/api/admin/ai/interactions', {
    schema: {
      tags,
      summary: "The caller's own interactions; with scope=organization (administrators) the organization's, filtered by user, page, provider and feedback",
      querystring: aiInteractionsQuerySchema,
      response: { 200: aiInteractionListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => listInteractions(app.db, requireAuth(request.auth), request.query),
  });

  r.post('/api/admin/ai/feedback', {
    schema: {
      tags,
      summary: 'Rate one of your replies 5, 3 or 1, once, with an optional comment',
      body: aiFeedbackRequestSchema,
      response: { 200: successSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => giveFeedback(app.db, requireAuth(request.auth), request.body),
  });

  r.get('/api/admin/ai/context-help/:topic', {
    schema: {
      tags,
      summary: 'What the assistant says on a page (a page key of spec §4, or general_admin): welcome, suggestions, help from the guide',
      params: z.object({ topic: z.string().max(60) }),
      response: { 200: aiContextHelpSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => contextHelp(request.params.topic),
  });

  r.get('/api/admin/ai/status', {
    schema: { tags, summary: 'Which provider answers, and whether it is online', response: { 200: aiStatusSchema, ...ERROR_RESPONSES } },
    handler: () => ({ provider: app.assistant.name, online: true, model: app.assistant.model }),
  });
}
