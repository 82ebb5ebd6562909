import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SIMULATION_ENDPOINTS } from '@admin-portal/contract/api/endpoints/simulations';
import { requireAuth } from '../../http/context.ts';
import { sendCsv } from '../../http/csv.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import * as simulations from './simulations.service.ts';

export async function simulationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(SIMULATION_ENDPOINTS.startSimulation),
    handler: async (request, reply) =>
      reply
        .status(202)
        .send(
          await simulations.startSimulation(
            app.db,
            app.runtime,
            request,
            requireAuth(request.auth),
            request.params.id,
            Number(request.params.version),
            request.body,
          ),
        ),
  });

  r.route({
    ...routeOf(SIMULATION_ENDPOINTS.listSimulations),
    handler: (request) => simulations.listSimulations(app.db, requireAuth(request.auth), request.params.id, request.query),
  });

  r.route({
    ...routeOf(SIMULATION_ENDPOINTS.getLatestSimulation),
    handler: (request) => simulations.latestSimulation(app.db, requireAuth(request.auth), request.params.id, Number(request.params.version)),
  });

  r.route({
    ...routeOf(SIMULATION_ENDPOINTS.getSimulation),
    handler: (request) => simulations.getSimulation(app.db, requireAuth(request.auth), request.params.id),
  });

  r.route({
    ...routeOf(SIMULATION_ENDPOINTS.listSimulationCases),
    handler: (request) => simulations.listSimulationCases(app.db, requireAuth(request.auth), request.params.id, request.query),
  });

  r.route({
    ...routeOf(SIMULATION_ENDPOINTS.getSimulationCase),
    handler: (request) => simulations.getSimulationCase(app.db, requireAuth(request.auth), request.params.id, request.params.application_id),
  });

  r.route({
    ...routeOf(SIMULATION_ENDPOINTS.exportSimulationCases),
    handler: async (request, reply) => {
      const { filename, csv } = await simulations.exportSimulation(app.db, requireAuth(request.auth), request.params.id);
      return sendCsv(reply, filename, csv);
    },
  });
}
