import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WEBHOOK_ENDPOINTS } from '@admin-portal/contract/api/endpoints/webhooks';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import * as webhooks from './webhooks.service.ts';

export async function webhookRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secretKey = () => app.secrets.secretKey;

  r.route({
    ...routeOf(WEBHOOK_ENDPOINTS.listWebhooks),
    handler: (request) => webhooks.listWebhooks(app.db, requireAuth(request.auth), secretKey()),
  });

  r.route({
    ...routeOf(WEBHOOK_ENDPOINTS.createWebhook),
    handler: async (request, reply) =>
      reply.status(201).send(await webhooks.createWebhook(app.db, request, requireAuth(request.auth), secretKey(), request.body)),
  });

  r.route({
    ...routeOf(WEBHOOK_ENDPOINTS.getWebhook),
    handler: (request) => webhooks.getWebhook(app.db, requireAuth(request.auth), secretKey(), request.params.id),
  });

  r.route({
    ...routeOf(WEBHOOK_ENDPOINTS.updateWebhook),
    handler: (request) => webhooks.updateWebhook(app.db, request, requireAuth(request.auth), secretKey(), request.params.id, request.body),
  });

  r.route({
    ...routeOf(WEBHOOK_ENDPOINTS.deleteWebhook),
    handler: (request) => webhooks.deleteWebhook(app.db, request, requireAuth(request.auth), request.params.id),
  });

  r.route({
    ...routeOf(WEBHOOK_ENDPOINTS.rotateWebhookSecret),
    handler: (request) => webhooks.rotateWebhookSecret(app.db, request, requireAuth(request.auth), secretKey(), request.params.id),
  });

  r.route({
    ...routeOf(WEBHOOK_ENDPOINTS.sendWebhookTest),
    handler: async (request, reply) => reply.status(202).send(await webhooks.sendTestEvent(app.db, requireAuth(request.auth), request.params.id)),
  });

  r.route({
    ...routeOf(WEBHOOK_ENDPOINTS.listWebhookDeliveries),
    handler: (request) => webhooks.listDeliveries(app.db, requireAuth(request.auth), request.params.id, request.query),
  });

  r.route({
    ...routeOf(WEBHOOK_ENDPOINTS.getWebhookDelivery),
    handler: (request) => webhooks.getDelivery(app.db, requireAuth(request.auth), request.params.id, request.params.delivery_id),
  });

  r.route({
    ...routeOf(WEBHOOK_ENDPOINTS.resendWebhookDelivery),
    handler: async (request, reply) =>
      reply.status(202).send(await webhooks.resendDelivery(app.db, request, requireAuth(request.auth), request.params.id, request.params.delivery_id)),
  });
}
