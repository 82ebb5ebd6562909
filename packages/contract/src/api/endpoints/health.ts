import { z } from 'zod';
import { errorBodySchema } from '../../common.ts';
import { PUBLIC } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';

/** Liveness and readiness, for load balancers and orchestrators: public. */
const tags = ['Health'] as const;

export const HEALTH_ENDPOINTS = defineEndpoints({
  getHealth: {
    method: 'GET',
    path: '/api/health',
    tags,
    summary: 'Liveness',
    access: PUBLIC,
    responses: { 200: z.object({ status: z.literal('ok') }) },
  },
  getReadiness: {
    method: 'GET',
    path: '/api/ready',
    tags,
    summary: 'Readiness: database reachable and migrations applied',
    description: 'Answers 503 with the reason while the database is unreachable or migrations are pending.',
    access: PUBLIC,
    errors: { 503: errorBodySchema },
    responses: { 200: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }) },
  },
});
