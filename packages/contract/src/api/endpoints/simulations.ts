import { z } from 'zod';
import { idParamsSchema } from '../../common.ts';
import { perm } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';
import { versionParamsSchema } from '../../workflows/api.ts';
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
} from '../../workflows/simulations.ts';

/**
 * Simulation runs (issue 36): those who change workflows (workflow:manage) run them and read them (a run names cases
 * by id only).
 */
const tags = ['Workflows'] as const;
const MANAGE = perm('workflow:manage');

export const SIMULATION_ENDPOINTS = defineEndpoints({
  startSimulation: {
    method: 'POST',
    path: '/api/admin/workflows/:id/versions/:version/simulations',
    tags,
    summary: 'Start a simulation run on a workflow version',
    description: 'Replays recorded cases of a period on this version (a job): nothing is written to the cases, nothing is sent or called.',
    access: MANAGE,
    params: versionParamsSchema,
    body: startSimulationSchema,
    responses: { 202: simulationRunSchema },
  },
  listSimulations: {
    method: 'GET',
    path: '/api/admin/workflows/:id/simulations',
    tags,
    summary: "List a workflow's simulation runs",
    description: "A workflow's simulation runs, newest first.",
    access: MANAGE,
    params: idParamsSchema,
    query: simulationListQuerySchema,
    responses: { 200: simulationListSchema },
  },
  getLatestSimulation: {
    method: 'GET',
    path: '/api/admin/workflows/:id/versions/:version/simulation',
    tags,
    summary: 'Get the latest finished simulation run on a version',
    description: 'The latest finished simulation run on this version, or null.',
    access: MANAGE,
    params: versionParamsSchema,
    responses: { 200: simulationRunSchema.nullable() },
  },
  getSimulation: {
    method: 'GET',
    path: '/api/admin/simulations/:id',
    tags,
    summary: 'Get a simulation run',
    description: 'A simulation run: its status, progress and summary.',
    access: MANAGE,
    params: simulationParamsSchema,
    responses: { 200: simulationRunSchema },
  },
  listSimulationCases: {
    method: 'GET',
    path: '/api/admin/simulations/:id/cases',
    tags,
    summary: "List a finished simulation run's cases",
    description: "A finished run's cases, those whose end changes first.",
    access: MANAGE,
    params: simulationParamsSchema,
    query: simulationCaseListQuerySchema,
    responses: { 200: simulationCaseListSchema },
  },
  getSimulationCase: {
    method: 'GET',
    path: '/api/admin/simulations/:id/cases/:application_id',
    tags,
    summary: 'Get one case of a finished simulation run',
    description: 'One case of a finished run: its recorded path beside its replayed path.',
    access: MANAGE,
    params: simulationCaseParamsSchema,
    responses: { 200: simulationCasePathsSchema },
  },
  exportSimulationCases: {
    method: 'GET',
    path: '/api/admin/simulations/:id/export',
    tags,
    summary: "Export a finished simulation run's cases as CSV",
    description: "A finished run's cases as a CSV download.",
    access: MANAGE,
    params: simulationParamsSchema,
    responses: {
      200: {
        description: 'CSV with a header row; cells that a spreadsheet would run as a formula start with a quote',
        content: { 'text/csv': { schema: z.string() } },
      },
    },
  },
});
