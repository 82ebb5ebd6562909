/**
 * `GET /api/metrics`: this process's metrics in the Prometheus text format, for an operator's scraper. It is not
 * in the user policy table (`config.operatorOnly`): the token or loopback rule of metrics-access.ts guards it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OPERATIONS_ENDPOINTS } from '@admin-portal/contract/api/endpoints/operations';
import { routeOf } from '../../http/endpoint-route.ts';
import { checkMetricsAccess } from './metrics-access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Guarded by its own operator check instead of the user policy table (the auth hook leaves it alone). */
    operatorOnly?: boolean;
  }
}

export async function metricsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(OPERATIONS_ENDPOINTS.getMetrics),
    config: { operatorOnly: true },
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
