import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HEALTH_ENDPOINTS } from '@admin-portal/contract/api/endpoints/health';
import { pendingMigrations } from '../../db/migrate.ts';
import { routeOf } from '../../http/endpoint-route.ts';

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(HEALTH_ENDPOINTS.getHealth),
    handler: async () => ({ status: 'ok' as const }),
  });

  r.route({
    ...routeOf(HEALTH_ENDPOINTS.getReadiness),
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
