import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@admin-portal/contract/common';
import { pendingMigrations } from '../../db/migrate.ts';

const tags = ['Health'];

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/health', {
    schema: { tags, summary: 'Liveness', response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => ({ status: 'ok' as const }),
  });

  r.get('/api/ready', {
    schema: {
      tags,
      summary: 'Readiness: database reachable and migrations applied',
      response: {
        200: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
        503: errorBodySchema,
      },
    },
    handler: async (_request, reply) => {
      try {
        const pending = await pendingMigrations(app.db);
        if (pending.length > 0) return reply.status(503).send({ detail: `Migrations pending: ${pending.join(', ')}` });
        return { status: 'ready' as const, database: app.db.kind };
      } catch {
        return reply.status(503).send({ detail: 'Database unreachable' });
      }
    },
  });
}
