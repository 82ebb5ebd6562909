import type { WorkflowDetail, WorkflowSummary, WorkflowVersion, WorkflowVersionSummary } from '@admin-portal/contract/workflows/api';
import type { StoredGraph, VersionRow, VersionSummaryRow } from './workflow-graph.queries.ts';
import type { WorkflowRow } from './workflows.queries.ts';

export const iso = (d: Date | string) => new Date(d).toISOString();

export function presentWorkflow(row: WorkflowRow, counts: { step_count: number; application_count: number }): WorkflowSummary {
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    description: row.description,
    category: row.category,
    status: row.status,
    version: row.version,
    pending_version: row.pending_version,
    step_count: counts.step_count,
    application_count: counts.application_count,
    created_by: row.created_by,
    updated_by: row.updated_by,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function presentWorkflowDetail(row: WorkflowRow, graph: StoredGraph, applicationCount: number): WorkflowDetail {
  return {
    ...presentWorkflow(row, { step_count: graph.steps.length, application_count: applicationCount }),
    steps: graph.steps,
    connections: graph.connections,
  };
}

export function presentVersionSummary(row: VersionSummaryRow, currentVersion: number): WorkflowVersionSummary {
  return {
    version: row.version,
    note: row.note,
    state: row.state,
    based_on_version: row.based_on,
    name: row.name,
    step_count: row.step_count,
    connection_count: row.connection_count,
    created_by: row.created_by,
    created_by_email: row.created_by_email,
    created_at: iso(row.created_at),
    is_current: row.version === currentVersion,
  };
}

export function presentVersion(row: VersionRow, currentVersion: number): WorkflowVersion {
  return {
    ...presentVersionSummary(row, currentVersion),
    workflow_id: row.workflow_id,
    description: row.graph.description ?? '',
    category: row.graph.category ?? '',
    steps: row.graph.steps ?? [],
    connections: row.graph.connections ?? [],
  };
}
