import type { AuthContext } from '../../http/context.ts';
import type { Queryable } from '../../db/client.ts';
import { commitGraph } from '../workflows/save-graph.ts';
import { loadGraph, type StoredGraph } from '../workflows/workflow-graph.queries.ts';
import type { WorkflowRow } from '../workflows/workflows.queries.ts';
import { lockVisibleWorkflow } from '../workflows/workflows.service.ts';

export interface GraphEdit<T> {
  next: StoredGraph;
  /** What this version is, for the version history. */
  note: string;
  result: T;
}

/**
 * One step-level change: locks the workflow, applies `edit` to its current graph and saves the result as a new
 * version through the same code path as a whole-graph save (same checks, same snapshot), in the caller's
 * transaction. `edit` throws to refuse the change.
 */
export async function editGraph<T>(
  tx: Queryable,
  auth: AuthContext,
  workflowId: string,
  edit: (current: StoredGraph, workflow: WorkflowRow) => GraphEdit<T>,
): Promise<{ workflow: WorkflowRow; result: T }> {
  const workflow = await lockVisibleWorkflow(tx, auth, workflowId);
  const current = await loadGraph(tx, workflowId);
  const { next, note, result } = edit(current, workflow);
  const saved = await commitGraph(tx, { workflow, next, current, note, actorId: auth.userId });
  return { workflow: saved.workflow, result };
}
