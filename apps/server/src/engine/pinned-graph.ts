import type { SavedConnection, SavedStep } from '@admin-portal/contract/workflows/api';
import type { Queryable } from '../db/client.ts';
import { findVersionGraph } from './engine.queries.ts';

/**
 * The graph of one workflow version: what a case runs through. Versions never change once saved, so a case
 * pinned to version N runs the same steps whatever happens to the workflow later, and the graph is cached.
 */
export interface PinnedGraph {
  workflowId: string;
  version: number;
  name: string;
  steps: ReadonlyMap<string, SavedStep>;
  start: SavedStep | undefined;
  /** The step a connection leads to from `stepId` (for branching steps, the connection of `branch`). */
  next(stepId: string, branch?: string | null): SavedStep | undefined;
}

interface Snapshot {
  name?: string;
  steps: SavedStep[];
  connections: SavedConnection[];
}

export function pinGraph(workflowId: string, version: number, snapshot: Snapshot): PinnedGraph {
  const steps = new Map(snapshot.steps.map((s) => [s.id, s]));
  const outgoing = new Map<string, SavedConnection[]>();
  for (const c of snapshot.connections) outgoing.set(c.source, [...(outgoing.get(c.source) ?? []), c]);
  return {
    workflowId,
    version,
    name: snapshot.name ?? '',
    steps,
    start: snapshot.steps.find((s) => s.type === 'start'),
    next(stepId, branch) {
      const out = outgoing.get(stepId) ?? [];
      const taken = branch ? out.find((c) => c.condition === branch) : (out.find((c) => !c.condition) ?? out[0]);
      return taken ? steps.get(taken.target) : undefined;
    },
  };
}

const CACHE_SIZE = 500;
const cache = new Map<string, PinnedGraph>();

/** The graph of a workflow version (from workflow_versions), cached; undefined when the version does not exist. */
export async function loadPinnedGraph(db: Queryable, workflowId: string, version: number): Promise<PinnedGraph | undefined> {
  const key = `${workflowId}:${version}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const saved = await findVersionGraph<Snapshot>(db, workflowId, version);
  if (!saved) return undefined;
  const graph = pinGraph(workflowId, version, saved);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, graph);
  return graph;
}
