// Simulation runs through the API, for the benchmarks that replay recorded cases (bench:simulate, bench:analytics).
import { call } from './server.ts';

export interface SimulationRun {
  id: string;
  status: string;
  cases_done: number;
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
  summary: { cases: number; changed: number; not_replayable: number; transitions: { from: string; to: string; cases: number }[] } | null;
}

/** Starts a simulation of the workflow's version over the cases created since `from`, and waits for it to finish. */
export async function simulate(
  base: string,
  token: string,
  workflowId: string,
  version: number,
  from: string,
): Promise<{ run: SimulationRun; wallSeconds: number }> {
  const started = performance.now();
  const queued = await call<SimulationRun>(base, 'POST', `/api/admin/workflows/${workflowId}/versions/${version}/simulations`, token, {
    from,
    to: new Date(Date.now() + 60_000).toISOString(),
    max_cases: 100_000,
  });
  for (;;) {
    const run = await call<SimulationRun>(base, 'GET', `/api/admin/simulations/${queued.id}`, token);
    if (run.status === 'completed' || run.status === 'failed') return { run, wallSeconds: (performance.now() - started) / 1000 };
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** From the job's start to its end, in seconds. */
export const jobSeconds = (run: SimulationRun) => (new Date(run.finished_at!).getTime() - new Date(run.started_at!).getTime()) / 1000;
