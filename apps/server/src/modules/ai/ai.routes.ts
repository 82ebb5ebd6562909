import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  AI_MESSAGES,
} from '@admin-portal/contract/ai/api';
import {
  aiTaskSchema,
  createFromAiRequestSchema,
  generateResponseSchema,
  generateToolRequestSchema,
  generateWorkflowRequestSchema,
} from '@admin-portal/contract/ai/generators';
import { idParamsSchema, successSchema } from '@admin-portal/contract/common';
import { toolSchema } from '@admin-portal/contract/tools/api';
import { workflowDetailSchema } from '@admin-portal/contract/workflows/api';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { requireAuth } from '../../http/context.ts';
import { HttpError } from '../../http/errors.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { chat, contextHelp, giveFeedback, listInteractions } from './ai.service.ts';
import { cancelTask, createToolFromAi, createWorkflowFromAi, generateToolTask, generateWorkflowTask, taskStatus } from './ai-generator.service.ts';

const tags = ['AI'];

/** Spec §7 "AI": the assistant's calls. Every signed-in user may use the assistant; what it reads follows their permissions. */
export async function aiRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** System Configuration's features.ai_assistant for the caller's organization (on unless an entry says false). */
  const enabledFor = (request: FastifyRequest) => {
    const auth = requireAuth(request.auth);
    return app.effectiveConfig.flag('features.ai_assistant', auth.organizationId ?? auth.homeOrganizationId, app.config.environment, true);
  };
  const whenEnabled = async (request: FastifyRequest) => {
    if (!(await enabledFor(request))) throw new HttpError(403, AI_MESSAGES.turnedOff);
  };

  r.post('/api/admin/ai/chat', {
    schema: {
      tags,
      summary: 'Ask the assistant: answered from the user guide and the live data the caller may read, stored as an interaction',
      body: aiChatRequestSchema,
      response: { 200: aiChatResponseSchema, ...ERROR_RESPONSES },
    },
    preHandler: whenEnabled,
    handler: async (request, reply) => {
      const auth = requireAuth(request.auth);
      if (!(request.headers.accept ?? '').includes('text/event-stream')) return chat(app.db, app.assistant, auth, request.body);
      // Streamed (Accept: text/event-stream): `delta` events with the text as the provider writes it, then `done`
      // with the same body as the JSON answer, or `error` with its status and detail.
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
        'x-request-id': String(request.id),
      });
      const send = (event: string, data: unknown) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      try {
        send('done', await chat(app.db, app.assistant, auth, request.body, (text) => send('delta', { text })));
      } catch (error) {
        if (!(error instanceof HttpError)) request.log.error({ err: error }, 'assistant failed');
        send('error', error instanceof HttpError ? { status: error.statusCode, detail: error.detail } : { status: 500, detail: SERVER_MESSAGES.internalError });
      }
      raw.end();
      return reply;
    },
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
    handler: async (request) => ({
      provider: app.assistant.name,
      online: await app.assistant.online(),
      model: app.assistant.model,
      enabled: await enabledFor(request),
    }),
  });

  // Generators (spec §7): asynchronous tasks on the runtime's jobs.
  const gen = ['AI generators'];
  r.post('/api/admin/ai-generator/generate-workflow', {
    schema: {
      tags: gen,
      summary: 'Start drafting a workflow from a description; answers the task id at once',
      body: generateWorkflowRequestSchema,
      response: { 202: generateResponseSchema, ...ERROR_RESPONSES },
    },
    preHandler: whenEnabled,
    handler: async (request, reply) =>
      reply.status(202).send(await generateWorkflowTask(app.db, app.runtime, app.generator, requireAuth(request.auth), request.body)),
  });
  r.post('/api/admin/ai-generator/generate-tool', {
    schema: {
      tags: gen,
      summary: 'Start drafting a tool definition from a description; answers the task id at once',
      body: generateToolRequestSchema,
      response: { 202: generateResponseSchema, ...ERROR_RESPONSES },
    },
    preHandler: whenEnabled,
    handler: async (request, reply) =>
      reply.status(202).send(await generateToolTask(app.db, app.runtime, app.generator, requireAuth(request.auth), request.body)),
  });
  r.get('/api/admin/ai-generator/task-status/:id', {
    schema: {
      tags: gen,
      summary: 'A generator task of yours: status, progress percent and stage, the draft with its assumptions, or the error',
      params: idParamsSchema,
      response: { 200: aiTaskSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => taskStatus(app.db, requireAuth(request.auth), request.params.id),
  });
  r.post('/api/admin/ai-generator/cancel-task/:id', {
    schema: {
      tags: gen,
      summary: 'Cancel a pending or running generator task of yours (it ends as cancelled; 409 once it has ended)',
      params: idParamsSchema,
      response: { 200: aiTaskSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => cancelTask(app.db, requireAuth(request.auth), request.params.id),
  });
  r.post('/api/admin/ai-generator/create-workflow-from-ai', {
    schema: {
      tags: gen,
      summary: "Save a finished task's workflow as a draft (never active), audited",
      body: createFromAiRequestSchema,
      response: { 201: z.object({ success: z.boolean(), message: z.string(), workflow: workflowDetailSchema }), ...ERROR_RESPONSES },
    },
    handler: async (request, reply) => reply.status(201).send(await createWorkflowFromAi(app.db, request, requireAuth(request.auth), request.body)),
  });
  r.post('/api/admin/ai-generator/create-tool-from-ai', {
    schema: {
      tags: gen,
      summary: "Save a finished task's tool as a draft (never approved), audited",
      body: createFromAiRequestSchema,
      response: { 201: z.object({ success: z.boolean(), message: z.string(), tool: toolSchema }), ...ERROR_RESPONSES },
    },
    handler: async (request, reply) => reply.status(201).send(await createToolFromAi(app.db, request, requireAuth(request.auth), request.body)),
  });
}
