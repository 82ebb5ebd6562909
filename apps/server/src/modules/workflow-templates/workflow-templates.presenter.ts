import type { WorkflowTemplate } from '@admin-portal/contract/workflows/api';
import type { WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import type { TemplateRow } from '../workflows/template-rows.queries.ts';

/** Tool names a graph's tool steps call. */
export function requiredTools(graph: WorkflowGraph): string[] {
  const names = graph.steps
    .filter((s) => s.type === 'tool' && typeof s.config?.tool_name === 'string' && s.config.tool_name.trim() !== '')
    .map((s) => String(s.config.tool_name).trim());
  return [...new Set(names)].sort();
}

export function presentTemplate(row: TemplateRow): WorkflowTemplate {
  const graph = { steps: row.graph.steps ?? [], connections: row.graph.connections ?? [] };
  return {
    id: row.id,
    organization_id: row.organization_id,
    key: row.key,
    is_global: row.organization_id === null,
    name: row.name,
    description: row.description,
    category: row.category,
    graph,
    step_count: graph.steps.length,
    required_tools: requiredTools(graph),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
