import type { Tool, ToolStatusChange } from '@admin-portal/contract/tools/api';
import type { StatusChangeRow, ToolRow } from './tools.queries.ts';

export function presentTool(r: ToolRow): Tool {
  return {
    id: r.id,
    organization_id: r.organization_id,
    organization_name: r.organization_name,
    name: r.name,
    description: r.description,
    tool_type: r.tool_type,
    input_schema: r.input_schema,
    output_schema: r.output_schema,
    config: r.config,
    status: r.status,
    is_enabled: r.is_enabled,
    created_by: r.created_by,
    created_by_email: r.created_by_email,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export function presentStatusChange(r: StatusChangeRow): ToolStatusChange {
  return {
    id: r.id,
    from_status: r.from_status,
    to_status: r.to_status,
    comment: r.comment || null,
    changed_by: r.actor_id,
    changed_by_email: r.actor_email,
    created_at: r.created_at.toISOString(),
  };
}
