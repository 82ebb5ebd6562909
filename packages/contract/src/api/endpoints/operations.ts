import { z } from 'zod';
import { errorBodySchema } from '../../common.ts';
import { OPERATOR } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';

/**
 * Operator endpoints: outside the staff policy table. Each route checks its own operator token or loopback rule
 * (modules/metrics/metrics-access.ts), so no staff bearer token is asked for.
 */
export const OPERATIONS_ENDPOINTS = defineEndpoints({
  getMetrics: {
    method: 'GET',
    path: '/api/metrics',
    tags: ['Operations'],
    summary: 'Metrics of this server process in the Prometheus text format',
    description:
      'For operators. With METRICS_TOKEN set, send `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Without it, only callers on the ' +
      'same host (a loopback socket address; X-Forwarded-For is not believed) are served, others get 403. ' +
      '503 when the metrics cannot be collected now.',
    access: OPERATOR,
    security: [],
    errors: { 503: errorBodySchema },
    responses: { 200: { description: 'Prometheus exposition format 0.0.4', content: { 'text/plain': { schema: z.string() } } } },
  },
});
