import type { WORKFLOW_SORTS, WorkflowStatus } from '@admin-portal/contract/workflows/api';
import type { Queryable } from '../../db/client.ts';
import { run, sql, type Sql } from '../../db/sql.ts';
import { containsPattern } from '../../http/list-filter.ts';

export interface WorkflowRow {
  id: string;
  organization_id: string;
  name: string;
  description: string;
  category: string;
  status: WorkflowStatus;
  version: number;
  /** The newest pending draft saved beside the live version, or null. */
  pending_version: number | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface WorkflowListRow extends WorkflowRow {
  step_count: number;
  application_count: number;
}

const BASE_COLUMNS = `w.id, w.organization_id, w.name, w.description, w.category, w.status, w.version,
  (select max(v.version) from workflow_versions v where v.workflow_id = w.id and v.state = 'pending' and v.version > w.version) as pending_version,
  w.created_by, w.updated_by, w.created_at, w.updated_at`;
const COLUMNS = `${BASE_COLUMNS},
  (select count(*)::int from steps s where s.workflow_id = w.id) as step_count,
  (select count(*)::int from applications a where a.workflow_id = w.id) as application_count` as const;

/** A list's conditions on `workflows w` (a WHERE, or nothing) and its ORDER BY. */
export interface WorkflowFilter {
  where: Sql;
  orderBy: Sql;
}

/** Draft, active, archived: the lifecycle order. */
const BY_STATUS = "array_position(array['draft','active','archived']::text[], w.status)";

/** The orders a list of workflows may take, by the `sort` the request names. */
export const WORKFLOW_LIST_SORTS: Record<(typeof WORKFLOW_SORTS)[number], Sql> = {
  name: sql`lower(w.name) asc, w.id asc`,
  '-name': sql`lower(w.name) desc, w.id desc`,
  updated_at: sql`w.updated_at asc, w.id asc`,
  '-updated_at': sql`w.updated_at desc, w.id desc`,
  created_at: sql`w.created_at asc, w.id asc`,
  '-created_at': sql`w.created_at desc, w.id desc`,
  status: sql`${sql.fixed(BY_STATUS)} asc, lower(w.name) asc, w.id asc`,
  '-status': sql`${sql.fixed(BY_STATUS)} desc, lower(w.name) asc, w.id asc`,
};

/** What a list of workflows keeps: those the scope sees (null: every one), of one organization, of a status, of a category, with a text. */
export interface WorkflowListConditions {
  scope: string | null;
  organizationId?: string | undefined;
  status?: WorkflowStatus | undefined;
  category?: string | undefined;
  q?: string | undefined;
}

/** The list's filter: its conditions, and its order (one of WORKFLOW_LIST_SORTS, last updated first when none is named). */
export function workflowListFilter(c: WorkflowListConditions, sort: string | undefined): WorkflowFilter {
  const conditions: Sql[] = [];
  if (c.scope) conditions.push(sql`w.organization_id = ${c.scope}`);
  if (c.organizationId) conditions.push(sql`w.organization_id = ${c.organizationId}`);
  if (c.status) conditions.push(sql`w.status = ${c.status}`);
  if (c.category) conditions.push(sql`lower(w.category) = lower(${c.category})`);
  if (c.q) {
    const pattern = containsPattern(c.q);
    conditions.push(sql`(w.name ilike ${pattern} or w.description ilike ${pattern})`);
  }
  return { where: sql.where(conditions), orderBy: WORKFLOW_LIST_SORTS[(sort ?? '-updated_at') as keyof typeof WORKFLOW_LIST_SORTS] };
}

export async function findWorkflows(db: Queryable, filter: WorkflowFilter, page: { limit: number; offset: number }): Promise<WorkflowListRow[]> {
  const res = await run<WorkflowListRow>(
    db,
    sql`select ${sql.fixed(COLUMNS)} from workflows w ${filter.where} order by ${filter.orderBy} limit ${page.limit} offset ${page.offset}`,
  );
  return res.rows;
}

export async function countWorkflows(db: Queryable, filter: WorkflowFilter): Promise<number> {
  const res = await run<{ n: number }>(db, sql`select count(*)::int as n from workflows w ${filter.where}`);
  return res.rows[0]!.n;
}

export async function findWorkflowById(db: Queryable, id: string): Promise<WorkflowListRow | null> {
  const res = await db.query<WorkflowListRow>(`select ${COLUMNS} from workflows w where w.id = $1`, [id]);
  return res.rows[0] ?? null;
}

/** The workflow's own columns, without the counts (the application count grows with the history). */
export async function findWorkflowRowById(db: Queryable, id: string): Promise<WorkflowRow | null> {
  const res = await db.query<WorkflowRow>(`select ${BASE_COLUMNS} from workflows w where w.id = $1`, [id]);
  return res.rows[0] ?? null;
}

/**
 * Locks the workflow for the rest of the transaction, so graph saves and status changes of one workflow
 * happen one after another (the version number increases without gaps or duplicates). NO KEY UPDATE lets
 * rows that merely reference it (a new application) through; `forDelete` takes the full lock a delete needs,
 * so no application can start between the check and the delete.
 */
export async function lockWorkflow(db: Queryable, id: string, forDelete = false): Promise<WorkflowRow | null> {
  const res = await db.query<WorkflowRow>(`select ${BASE_COLUMNS} from workflows w where w.id = $1 for ${forDelete ? 'update' : 'no key update'}`, [id]);
  return res.rows[0] ?? null;
}

export interface NewWorkflow {
  organization_id: string;
  name: string;
  description: string;
  category: string;
  status: WorkflowStatus;
  created_by: string | null;
}

export async function insertWorkflow(db: Queryable, w: NewWorkflow): Promise<WorkflowRow> {
  const res = await db.query<WorkflowRow>(
    `insert into workflows as w (organization_id, name, description, category, status, version, created_by, updated_by)
     values ($1, $2, $3, $4, $5, 1, $6, $6) returning ${BASE_COLUMNS}`,
    [w.organization_id, w.name, w.description, w.category, w.status, w.created_by],
  );
  return res.rows[0]!;
}

export interface WorkflowChanges {
  name?: string | undefined;
  description?: string | undefined;
  category?: string | undefined;
  status?: WorkflowStatus | undefined;
}

/**
 * Updates the details (only those given) and the live version: with `version` 'next', the number after every version
 * saved (drafts included, so a live save never takes a draft's number); with a number, that version (a draft being
 * published); with 'same', it stays.
 */
export async function updateWorkflowRow(
  db: Queryable,
  id: string,
  changes: WorkflowChanges,
  actorId: string | null,
  version: 'same' | 'next' | number,
): Promise<WorkflowRow> {
  const res = await db.query<WorkflowRow>(
    `update workflows w set name = coalesce($2, name), description = coalesce($3, description), category = coalesce($4, category),
            status = coalesce($5, status), updated_by = $7, updated_at = now(),
            version = coalesce($8::integer,
                               case when $6::boolean
                                    then greatest(version, coalesce((select max(v.version) from workflow_versions v where v.workflow_id = w.id), 0)) + 1
                                    else version end)
      where id = $1 returning ${BASE_COLUMNS}`,
    [
      id,
      changes.name ?? null,
      changes.description ?? null,
      changes.category ?? null,
      changes.status ?? null,
      version === 'next',
      actorId,
      typeof version === 'number' ? version : null,
    ],
  );
  return res.rows[0]!;
}

export async function deleteWorkflowRow(db: Queryable, id: string): Promise<void> {
  await db.query('delete from workflows where id = $1', [id]);
}

export async function countApplications(db: Queryable, workflowId: string): Promise<{ total: number; open: number }> {
  const res = await db.query<{ total: number; open: number }>(
    'select count(*)::int as total, (count(*) filter (where completed_at is null))::int as open from applications where workflow_id = $1',
    [workflowId],
  );
  return res.rows[0]!;
}

/** Names of the organization's tools a tool step may call: approved and enabled. */
export async function approvedToolNames(db: Queryable, organizationId: string): Promise<Set<string>> {
  const res = await db.query<{ name: string }>("select name from tools where organization_id = $1 and status = 'approved' and is_enabled", [organizationId]);
  return new Set(res.rows.map((r) => r.name));
}

/** Workflows of the scope by status: how many, and the names of the 8 changed last (one status, or all). */
export async function workflowNamesByStatus(
  db: Queryable,
  scope: string | null,
  status: string | undefined,
): Promise<{ status: string; n: number; names: string[] }[]> {
  const res = await db.query<{ status: string; n: number; names: string[] }>(
    `select status, count(*)::int as n, (array_agg(name order by updated_at desc))[1:8] as names from workflows
      where ($1::uuid is null or organization_id = $1) and ($2::text is null or status = $2) group by status order by status`,
    [scope, status ?? null],
  );
  return res.rows;
}
