import type { Connection, Step } from '@admin-portal/contract/workflows/api';
import type { ConnectionRow, StepRow } from './steps.queries.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentStep(row: StepRow): Step {
  return {
    id: row.id,
    workflow_id: row.workflow_id,
    type: row.type,
    name: row.name,
    config: row.config,
    position: row.position,
    workflow_version: row.workflow_version,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function presentConnection(row: ConnectionRow): Connection {
  return {
    id: row.id,
    workflow_id: row.workflow_id,
    source_step_id: row.source_step_id,
    target_step_id: row.target_step_id,
    condition: row.condition,
    label: row.label,
    workflow_version: row.workflow_version,
    created_at: iso(row.created_at),
  };
}
