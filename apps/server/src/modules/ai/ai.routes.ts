import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AI_MESSAGES } from '@admin-portal/contract/ai/api';
import { AI_ENDPOINTS } from '@admin-portal/contract/api/endpoints/ai';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { HttpError } from '../../http/errors.ts';
import { chat, contextHelp, giveFeedback, listInteractions } from './ai.service.ts';
import { cancelTask, createToolFromAi, createWorkflowFromAi, generateToolTask, generateWorkflowTask, taskStatus } from './ai-generator.service.ts';

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

  r.route({
    ...routeOf(AI_ENDPOINTS.askAssistant),
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

  r.route({
    ...routeOf(AI_ENDPOINTS.listAssistantInteractions),
    handler: (request) => listInteractions(app.db, requireAuth(request.auth), request.query),
  });

  r.route({
    ...routeOf(AI_ENDPOINTS.rateAssistantReply),
    handler: (request) => giveFeedback(app.db, requireAuth(request.auth), request.body),
  });

  r.route({
    ...routeOf(AI_ENDPOINTS.getAssistantContextHelp),
    handler: (request) => contextHelp(request.params.topic),
  });

  r.route({
    ...routeOf(AI_ENDPOINTS.getAssistantStatus),
    handler: async (request) => ({
      provider: app.assistant.name,
      online: await app.assistant.online(),
      model: app.assistant.model,
      enabled: await enabledFor(request),
    }),
  });

  // Generators (spec §7): asynchronous tasks on the runtime's jobs.
  r.route({
    ...routeOf(AI_ENDPOINTS.startWorkflowGeneration),
    preHandler: whenEnabled,
    handler: async (request, reply) =>
      reply.status(202).send(await generateWorkflowTask(app.db, app.runtime, app.generator, requireAuth(request.auth), request.body)),
  });
  r.route({
    ...routeOf(AI_ENDPOINTS.startToolGeneration),
    preHandler: whenEnabled,
    handler: async (request, reply) =>
      reply.status(202).send(await generateToolTask(app.db, app.runtime, app.generator, requireAuth(request.auth), request.body)),
  });
  r.route({
    ...routeOf(AI_ENDPOINTS.getGeneratorTask),
    handler: (request) => taskStatus(app.db, requireAuth(request.auth), request.params.id),
  });
  r.route({
    ...routeOf(AI_ENDPOINTS.cancelGeneratorTask),
    handler: (request) => cancelTask(app.db, requireAuth(request.auth), request.params.id),
  });
  r.route({
    ...routeOf(AI_ENDPOINTS.createWorkflowFromAi),
    handler: async (request, reply) => reply.status(201).send(await createWorkflowFromAi(app.db, request, requireAuth(request.auth), request.body)),
  });
  r.route({
    ...routeOf(AI_ENDPOINTS.createToolFromAi),
    handler: async (request, reply) => reply.status(201).send(await createToolFromAi(app.db, request, requireAuth(request.auth), request.body)),
  });
}
