import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@admin-portal/contract/common';
import { versionParamsSchema } from '@admin-portal/contract/workflows/api';
import {
  simulationCaseListQuerySchema,
  simulationCaseListSchema,
  simulationCaseParamsSchema,
  simulationCasePathsSchema,
  simulationListQuerySchema,
  simulationListSchema,
  simulationParamsSchema,
  simulationRunSchema,
  startSimulationSchema,
} from '@admin-portal/contract/workflows/simulations';
import { requireAuth } from '../../http/context.ts';
import { sendCsv } from '../../http/csv.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import * as simulations from './simulations.service.ts';

const tags = ['Workflows'];

export async function simulationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/admin/workflows/:id/versions/:version/simulations', {
    schema: {
      tags,
      summary: 'Replay recorded cases of a period on this version (a job): nothing is written to the cases, nothing is sent or called',
      params: versionParamsSchema,
      body: startSimulationSchema,
      response: { 202: simulationRunSchema, ...ERROR_RESPONSES },
    },
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

  r.get('/api/admin/workflows/:id/simulations', {
    schema: {
      tags,
      summary: "A workflow's simulation runs, newest first",
      params: idParamsSchema,
      querystring: simulationListQuerySchema,
      response: { 200: simulationListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => simulations.listSimulations(app.db, requireAuth(request.auth), request.params.id, request.query),
  });

  r.get('/api/admin/workflows/:id/versions/:version/simulation', {
    schema: {
      tags,
      summary: 'The latest finished simulation run on this version, or null',
      params: versionParamsSchema,
      response: { 200: simulationRunSchema.nullable(), ...ERROR_RESPONSES },
    },
    handler: (request) => simulations.latestSimulation(app.db, requireAuth(request.auth), request.params.id, Number(request.params.version)),
  });

  r.get('/api/admin/simulations/:id', {
    schema: {
      tags,
      summary: 'A simulation run: its status, progress and summary',
      params: simulationParamsSchema,
      response: { 200: simulationRunSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => simulations.getSimulation(app.db, requireAuth(request.auth), request.params.id),
  });

  r.get('/api/admin/simulations/:id/cases', {
    schema: {
      tags,
      summary: "A finished run's cases, those whose end changes first",
      params: simulationParamsSchema,
      querystring: simulationCaseListQuerySchema,
      response: { 200: simulationCaseListSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => simulations.listSimulationCases(app.db, requireAuth(request.auth), request.params.id, request.query),
  });

  r.get('/api/admin/simulations/:id/cases/:application_id', {
    schema: {
      tags,
      summary: 'One case of a finished run: its recorded path beside its replayed path',
      params: simulationCaseParamsSchema,
      response: { 200: simulationCasePathsSchema, ...ERROR_RESPONSES },
    },
    handler: (request) => simulations.getSimulationCase(app.db, requireAuth(request.auth), request.params.id, request.params.application_id),
  });

  r.get('/api/admin/simulations/:id/export', {
    schema: {
      tags,
      summary: "A finished run's cases as a CSV download",
      params: simulationParamsSchema,
      response: {
        200: {
          description: 'CSV with a header row; cells that a spreadsheet would run as a formula start with a quote',
          content: { 'text/csv': { schema: z.string() } },
        },
        ...ERROR_RESPONSES,
      },
    },
    handler: async (request, reply) => {
      const { filename, csv } = await simulations.exportSimulation(app.db, requireAuth(request.auth), request.params.id);
      return sendCsv(reply, filename, csv);
    },
  });
}
