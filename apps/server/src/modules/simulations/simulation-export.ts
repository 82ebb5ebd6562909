/** A simulation run's cases as CSV: one row per case, its two ends and its two paths by step name. */
import { csvLine } from '../../http/csv.ts';
import type { SimulationCaseRow } from './simulations.queries.ts';

export const SIMULATION_CSV_HEADER = ['application_id', 'created_at', 'before', 'after', 'changed', 'reason', 'path_before', 'path_after'] as const;

const pathText = (path: SimulationCaseRow['before_path']) => path.map((s) => (s.branch ? `${s.name} (${s.branch})` : s.name)).join(' → ');

export async function* simulationCsv(batches: AsyncIterable<SimulationCaseRow[]>): AsyncGenerator<string> {
  yield csvLine(SIMULATION_CSV_HEADER);
  for await (const rows of batches) {
    yield rows
      .map((c) => csvLine([c.application_id, c.created_at, c.before_end, c.after_end, c.changed, c.reason, pathText(c.before_path), pathText(c.after_path)]))
      .join('');
  }
}
