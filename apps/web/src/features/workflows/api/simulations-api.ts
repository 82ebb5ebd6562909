/** Simulation runs of a workflow version (issue 36): started, followed until finished, their cases and CSV. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { simulationExportFilename, type SimulationRun, type StartSimulation } from '@admin-portal/contract/workflows/simulations';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { saveTextFile } from '../../../shared/lib/save-text-file.ts';

const SIMULATIONS_KEY = ['simulations'] as const;
const finished = (run: SimulationRun | null | undefined) => run?.status === 'completed' || run?.status === 'failed';

/** The latest finished run on a version (null when there is none). */
export function useLatestSimulation(workflowId: string | null, version: number, enabled = true) {
  return useQuery({
    queryKey: [...SIMULATIONS_KEY, 'latest', workflowId, version],
    queryFn: ({ signal }) => getLatestSimulation(workflowId!, version, signal),
    enabled: enabled && workflowId !== null,
  });
}

export async function getLatestSimulation(workflowId: string, version: number, signal?: AbortSignal) {
  return unwrap(
    await call('GET /api/admin/workflows/:id/versions/:version/simulation', {
      params: { id: workflowId, version: String(version) },
      ...(signal ? { signal } : {}),
    }),
  );
}

/** A run, asked again every second until it has finished. */
export function useSimulationRun(id: string | null) {
  return useQuery({
    queryKey: [...SIMULATIONS_KEY, 'run', id],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/simulations/:id', { params: { id: id! }, signal })),
    enabled: id !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : 1_000),
  });
}

export function useStartSimulation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ workflowId, version, body }: { workflowId: string; version: number; body: StartSimulation }) =>
      unwrap(await call('POST /api/admin/workflows/:id/versions/:version/simulations', { params: { id: workflowId, version: String(version) }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: [...SIMULATIONS_KEY, 'latest'] }),
  });
}

export function useSimulationCases(runId: string | null, changed: boolean | undefined, page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...SIMULATIONS_KEY, 'cases', runId, changed, page.limit, page.offset],
    queryFn: async ({ signal }) =>
      unwrap(
        await call('GET /api/admin/simulations/:id/cases', {
          params: { id: runId! },
          query: { ...page, ...(changed === undefined ? {} : { changed: changed ? 'true' : 'false' }) },
          signal,
        }),
      ),
    enabled: runId !== null,
  });
}

export function useSimulationCase(runId: string, applicationId: string | null) {
  return useQuery({
    queryKey: [...SIMULATIONS_KEY, 'case', runId, applicationId],
    queryFn: async ({ signal }) =>
      unwrap(await call('GET /api/admin/simulations/:id/cases/:application_id', { params: { id: runId, application_id: applicationId! }, signal })),
    enabled: applicationId !== null,
  });
}

/** An export of 100,000 cases can take longer than an ordinary call's 30 s. */
const EXPORT_TIMEOUT_MS = 5 * 60_000;

/** Downloads every case of a run as CSV. */
export async function exportSimulationCsv(run: SimulationRun, workflowName: string): Promise<void> {
  const text = unwrap(
    await call('GET /api/admin/simulations/:id/export', { params: { id: run.id }, headers: { Accept: 'text/csv' }, timeoutMs: EXPORT_TIMEOUT_MS }),
  );
  saveTextFile(typeof text === 'string' ? text : '', simulationExportFilename(workflowName, run.version));
}
