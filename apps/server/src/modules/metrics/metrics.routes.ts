/**
 * `GET /api/metrics`: this process's metrics in the Prometheus text format, for an operator's scraper. It is not
 * in the user policy table (`config.operatorOnly`): the token or loopback rule of metrics-access.ts guards it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@admin-portal/contract/common';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { checkMetricsAccess } from './metrics-access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Guarded by its own operator check instead of the user policy table (the auth hook leaves it alone). */
    operatorOnly?: boolean;
  }
}

export async function metricsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/metrics', {
    config: { operatorOnly: true },
    schema: {
      tags: ['Operations'],
      summary: 'Metrics of this server process in the Prometheus text format (operators only)',
      description:
        'With METRICS_TOKEN set, send `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Without it, only callers on the ' +
        'same host (a loopback socket address; X-Forwarded-For is not believed) are served, others get 403.',
      security: [],
      response: {
        200: { description: 'Prometheus exposition format 0.0.4', content: { 'text/plain': { schema: z.string() } } },
        ...ERROR_RESPONSES,
        503: errorBodySchema,
      },
    },
    onRequest: async (request) => checkMetricsAccess(request, app.config.metricsToken),
    handler: async (request, reply) => {
      let text: string;
      try {
        text = await app.metrics.metrics();
      } catch (error) {
        request.log.warn({ err: error }, 'metrics: collecting failed');
        return reply.status(503).send({ detail: 'Metrics could not be collected now (the database did not answer); try again' });
      }
      return reply.header('content-type', app.metrics.contentType).header('cache-control', 'no-store').send(text);
    },
  });
}
