import { randomUUID } from 'node:crypto';
import type { GraphConnection, GraphStep, WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import type { StoredGraph } from './workflow-graph.queries.ts';

/** A graph with its final ids, and the way back from each final step id to the key the client sent. */
export interface IdentifiedGraph {
  graph: StoredGraph;
  clientKeys: Map<string, string>;
}

function toStep(s: GraphStep, id: string) {
  return { id, type: s.type, name: s.name, config: s.config, position: s.position };
}

function toConnection(c: GraphConnection, id: string, source: string, target: string) {
  return { id, source, target, condition: c.condition || null, label: c.label || null };
}

/** Ids that may stay as they are: the workflow's own steps and connections (others are renamed). */
export interface KeepIds {
  steps: ReadonlySet<string>;
  connections: ReadonlySet<string>;
}

export const keepExisting = (existing: StoredGraph): KeepIds => ({
  steps: new Set(existing.steps.map((s) => s.id)),
  connections: new Set(existing.connections.map((c) => c.id)),
});

/**
 * Gives a client's graph document its final ids: a step key that may be kept (a step of this workflow) stays,
 * any other key (a client key like "n1", or a UUID of something else) gets a new UUID, and connections are
 * remapped. The same for connection ids. Run `structuralProblems` first: keys must be unique and every
 * connection must name steps of the graph.
 */
export function assignIds(graph: WorkflowGraph, keep: KeepIds): IdentifiedGraph {
  const finalId = new Map<string, string>();
  const clientKeys = new Map<string, string>();
  const steps = graph.steps.map((s) => {
    const id = keep.steps.has(s.id) ? s.id : randomUUID();
    finalId.set(s.id, id);
    clientKeys.set(id, s.id);
    return toStep(s, id);
  });
  const used = new Set<string>();
  const connections = graph.connections.map((c) => {
    const id = c.id !== undefined && keep.connections.has(c.id) && !used.has(c.id) ? c.id : randomUUID();
    used.add(id);
    return toConnection(c, id, finalId.get(c.source)!, finalId.get(c.target)!);
  });
  return { graph: { steps, connections }, clientKeys };
}

const NOTHING: KeepIds = { steps: new Set(), connections: new Set() };

/** A deep copy with every step and connection id new (duplicates, templates → workflows). */
export function copyWithNewIds(graph: WorkflowGraph | StoredGraph): StoredGraph {
  return assignIds(structuredClone(graph) as WorkflowGraph, NOTHING).graph;
}
