import type { WorkflowStatus } from '@admin-portal/contract/workflows/api';
import { activationProblems, structuralProblems } from '@admin-portal/contract/workflows/graph';
import { validateStepConfig } from '@admin-portal/contract/workflows/step-types/registry';
import type { Queryable } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import { graphProblemsError } from './graph-problems.ts';
import { EMPTY_GRAPH, insertVersion, markVersionPublished, writeGraph, type StoredGraph } from './workflow-graph.queries.ts';
import { approvedToolNames, insertWorkflow, updateWorkflowRow, type WorkflowChanges, type WorkflowRow } from './workflows.queries.ts';

export const ARCHIVED_READ_ONLY = 'This workflow is archived and read-only; reopen it as a draft to change it';

/** Problems that block activation of this graph in this organization (its approved, enabled tools). */
export async function activationCheck(db: Queryable, organizationId: string, graph: StoredGraph) {
  return activationProblems(graph, { toolNames: await approvedToolNames(db, organizationId) });
}

/**
 * The checks every save runs: structural problems block any save; an active workflow must also stay
 * activatable. Problems name steps by the keys the client sent.
 */
async function checkGraph(db: Queryable, organizationId: string, status: WorkflowStatus, graph: StoredGraph, clientKeys?: ReadonlyMap<string, string>) {
  const structural = structuralProblems(graph);
  if (structural.length > 0) throw graphProblemsError('The graph cannot be saved', structural, clientKeys);
  if (status === 'active') {
    const problems = await activationCheck(db, organizationId, graph);
    if (problems.length > 0)
      throw graphProblemsError('An active workflow must pass activation checks (move it to draft to save it incomplete)', problems, clientKeys);
  }
}

/** Configs that are valid are kept with their type's defaults filled in; an invalid one (a draft's) is kept as sent. */
export function withDefaults(graph: StoredGraph): StoredGraph {
  return {
    steps: graph.steps.map((s) => {
      const check = validateStepConfig(s.type, s.config);
      return check.valid ? { ...s, config: check.config! } : s;
    }),
    connections: graph.connections,
  };
}

export interface GraphCommit {
  /** The workflow, locked by the caller's transaction (lockWorkflow). */
  workflow: WorkflowRow;
  /** The graph to store, every id final. */
  next: StoredGraph;
  /** The graph stored now. */
  current: StoredGraph;
  /** New details saved with this version. */
  details?: Omit<WorkflowChanges, 'status'>;
  /** What made this version, shown in the version history. */
  note: string;
  actorId: string | null;
  clientKeys?: ReadonlyMap<string, string>;
  /** A pending draft going live: its version becomes the live one as it was saved (no new version). */
  publishing?: number;
}

/**
 * Saves a new version of a workflow's graph: the one code path of whole-graph saves, step and connection calls,
 * restores and drafts being published. Checks, writes only what changed, moves workflows.version on and snapshots the
 * version, all in the caller's transaction (a failed check changes nothing).
 */
export async function commitGraph(tx: Queryable, c: GraphCommit): Promise<{ workflow: WorkflowRow; graph: StoredGraph }> {
  if (c.workflow.status === 'archived') throw conflict(ARCHIVED_READ_ONLY);
  await checkGraph(tx, c.workflow.organization_id, c.workflow.status, c.next, c.clientKeys);
  const next = withDefaults(c.next);
  await writeGraph(tx, c.workflow, next, c.current);
  const workflow = await updateWorkflowRow(tx, c.workflow.id, c.details ?? {}, c.actorId, c.publishing ?? 'next');
  if (c.publishing !== undefined) {
    await markVersionPublished(tx, workflow.id, c.publishing);
    return { workflow, graph: next };
  }
  await insertVersion(tx, {
    workflowId: workflow.id,
    organizationId: workflow.organization_id,
    version: workflow.version,
    snapshot: { name: workflow.name, description: workflow.description, category: workflow.category, ...next },
    note: c.note,
    createdBy: c.actorId,
  });
  return { workflow, graph: next };
}

export interface NewWorkflowWithGraph {
  organizationId: string;
  name: string;
  description: string;
  category: string;
  status: 'draft' | 'active';
  /** Every id final (new UUIDs). */
  graph: StoredGraph;
  note: string;
  actorId: string | null;
  clientKeys?: ReadonlyMap<string, string>;
}

/** A new workflow at version 1 with its graph (blank, from a template, a duplicate or a whole-graph create). */
export async function createWorkflowWithGraph(tx: Queryable, w: NewWorkflowWithGraph): Promise<{ workflow: WorkflowRow; graph: StoredGraph }> {
  await checkGraph(tx, w.organizationId, w.status, w.graph, w.clientKeys);
  const graph = withDefaults(w.graph);
  const workflow = await insertWorkflow(tx, {
    organization_id: w.organizationId,
    name: w.name,
    description: w.description,
    category: w.category,
    status: w.status,
    created_by: w.actorId,
  });
  await writeGraph(tx, workflow, graph, EMPTY_GRAPH);
  await insertVersion(tx, {
    workflowId: workflow.id,
    organizationId: workflow.organization_id,
    version: workflow.version,
    snapshot: { name: workflow.name, description: workflow.description, category: workflow.category, ...graph },
    note: w.note,
    createdBy: w.actorId,
  });
  return { workflow, graph };
}
