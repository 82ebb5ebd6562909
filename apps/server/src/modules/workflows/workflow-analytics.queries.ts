import type { WorkflowStatus } from '@admin-portal/contract/workflows/api';
import type { Queryable } from '../../db/client.ts';

/** `$1` is the organization (null: every organization, for a super admin without X-Organization-Id). */
const inScope = (column: string) => `($1::uuid is null or ${column} = $1::uuid)`;

export interface StatusCount {
  status: string;
  n: number;
}

export async function workflowsByStatus(db: Queryable, scope: string | null): Promise<StatusCount[]> {
  const res = await db.query<StatusCount>(`select status, count(*)::int as n from workflows where ${inScope('organization_id')} group by status`, [scope]);
  return res.rows;
}

export interface ScopedWorkflowRow {
  id: string;
  organization_id: string;
  name: string;
  status: WorkflowStatus;
}

/** The workflows whose graphs the insights check: not archived, most recently changed first. */
export async function workflowsToCheck(db: Queryable, scope: string | null, limit: number): Promise<ScopedWorkflowRow[]> {
  const res = await db.query<ScopedWorkflowRow>(
    `select id, organization_id, name, status from workflows
      where ${inScope('organization_id')} and status <> 'archived' order by updated_at desc, id limit ${limit}`,
    [scope],
  );
  return res.rows;
}

export async function approvedToolsByOrganization(db: Queryable, organizationIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>(organizationIds.map((id) => [id, new Set<string>()]));
  if (organizationIds.length === 0) return out;
  const res = await db.query<{ organization_id: string; name: string }>(
    "select organization_id, name from tools where organization_id = any($1::uuid[]) and status = 'approved' and is_enabled",
    [[...organizationIds]],
  );
  for (const r of res.rows) out.get(r.organization_id)?.add(r.name);
  return out;
}

export async function staleDrafts(db: Queryable, scope: string | null, days: number, limit: number) {
  const res = await db.query<{ id: string; name: string; idle_days: number }>(
    `select id, name, floor(extract(epoch from now() - updated_at) / 86400)::int as idle_days from workflows
      where ${inScope('organization_id')} and status = 'draft' and updated_at < now() - make_interval(days => $2::int)
      order by updated_at, id limit ${limit}`,
    [scope, days],
  );
  return res.rows;
}
