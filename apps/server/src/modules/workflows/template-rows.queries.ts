/**
 * A workflow template's row, as both the workflows module (a new workflow copies a template's graph) and the templates
 * module (which keeps them) read it. Here, below both: the templates module builds on the workflows it is made from.
 */
import type { WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import type { Queryable } from '../../db/client.ts';

export interface TemplateRow {
  id: string;
  organization_id: string | null;
  key: string | null;
  name: string;
  description: string;
  category: string;
  graph: WorkflowGraph;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export const TEMPLATE_COLUMNS = 't.id, t.organization_id, t.key, t.name, t.description, t.category, t.graph, t.created_by, t.created_at, t.updated_at';

export async function findTemplateById(db: Queryable, id: string, lock = false): Promise<TemplateRow | null> {
  const res = await db.query<TemplateRow>(`select ${TEMPLATE_COLUMNS} from workflow_templates t where t.id = $1${lock ? ' for update' : ''}`, [id]);
  return res.rows[0] ?? null;
}
