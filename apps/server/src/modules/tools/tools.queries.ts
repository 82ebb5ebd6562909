import type { ToolStatus } from '@admin-portal/contract/tools/api';
import type { Queryable } from '../../db/client.ts';
import { run, sql, type Sql } from '../../db/sql.ts';
import { containsPattern, NAME_AND_TIME_SORTS } from '../../http/list-filter.ts';

export interface ToolRow {
  id: string;
  organization_id: string;
  organization_name: string;
  name: string;
  description: string;
  tool_type: string;
  input_schema: Record<string, unknown>;
  output_schema: Record<string, unknown> | null;
  config: Record<string, unknown>;
  status: ToolStatus;
  is_enabled: boolean;
  created_by: string | null;
  created_by_email: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  `t.id, t.organization_id, (select o.name from organizations o where o.id = t.organization_id) as organization_name, t.name, t.description, t.tool_type, t.input_schema, t.output_schema, t.config, t.status,
  t.is_enabled, t.created_by, (select u.email from users u where u.id = t.created_by) as created_by_email, t.created_at, t.updated_at` as const;

/** A list's conditions on `tools t` (a WHERE, or nothing) and its ORDER BY. */
export interface ToolFilter {
  where: Sql;
  orderBy: Sql;
}

/** Draft, pending approval, approved, rejected, disabled: the lifecycle order. */
const BY_STATUS = "array_position(array['draft','pending_approval','approved','rejected','disabled']::text[], t.status)";

/** The orders a list of tools may take, by the `sort` the request names. */
export const TOOL_LIST_SORTS: Record<string, Sql> = {
  ...NAME_AND_TIME_SORTS,
  status: sql`${sql.fixed(BY_STATUS)} asc, lower(t.name), t.id`,
  '-status': sql`${sql.fixed(BY_STATUS)} desc, lower(t.name), t.id`,
};

/** What a list of tools keeps: those the scope sees (null: every one), of one organization, of a status, of a type, with a text. */
export interface ToolListConditions {
  scope: string | null;
  organizationId?: string | undefined;
  status?: ToolStatus | undefined;
  toolType?: string | undefined;
  q?: string | undefined;
}

/** The list's filter: its conditions, and its order (one of TOOL_LIST_SORTS, by name when none is named). */
export function toolListFilter(c: ToolListConditions, sort: string | undefined): ToolFilter {
  const conditions: Sql[] = [];
  if (c.scope) conditions.push(sql`t.organization_id = ${c.scope}`);
  if (c.organizationId) conditions.push(sql`t.organization_id = ${c.organizationId}`);
  if (c.status) conditions.push(sql`t.status = ${c.status}`);
  if (c.toolType) conditions.push(sql`t.tool_type = ${c.toolType}`);
  if (c.q) {
    const pattern = containsPattern(c.q);
    conditions.push(sql`(t.name ilike ${pattern} or t.description ilike ${pattern})`);
  }
  return { where: sql.where(conditions), orderBy: sort ? TOOL_LIST_SORTS[sort]! : TOOL_LIST_SORTS.name! };
}

export async function findTools(db: Queryable, filter: ToolFilter, page: { limit: number; offset: number }): Promise<ToolRow[]> {
  const res = await run<ToolRow>(
    db,
    sql`select ${sql.fixed(COLUMNS)} from tools t ${filter.where} order by ${filter.orderBy} limit ${page.limit} offset ${page.offset}`,
  );
  return res.rows;
}

/** Counts up to `cap` + 1 rows, so a huge table is never counted in full. */
export async function countTools(db: Queryable, filter: ToolFilter, cap: number): Promise<number> {
  const res = await run<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from tools t ${filter.where} limit ${cap + 1}) c`);
  return res.rows[0]!.n;
}

export async function findToolById(db: Queryable, id: string, lock = false): Promise<ToolRow | null> {
  const res = await db.query<ToolRow>(`select ${COLUMNS} from tools t where t.id = $1${lock ? ' for update' : ''}`, [id]);
  return res.rows[0] ?? null;
}

export async function findToolByName(db: Queryable, organizationId: string, name: string): Promise<{ id: string } | null> {
  const res = await db.query<{ id: string }>('select id from tools where organization_id = $1 and lower(name) = lower($2)', [organizationId, name]);
  return res.rows[0] ?? null;
}

/** Approved, enabled tools of an organization: what workflows may call and the MCP endpoint lists. */
export async function findRunnableTools(db: Queryable, organizationId: string): Promise<ToolRow[]> {
  const res = await db.query<ToolRow>(
    `select ${COLUMNS} from tools t where t.organization_id = $1 and t.status = 'approved' and t.is_enabled order by lower(t.name), t.id`,
    [organizationId],
  );
  return res.rows;
}

/** One approved, enabled tool by its name (what an MCP call names). */
export async function findRunnableTool(db: Queryable, organizationId: string, name: string): Promise<ToolRow | null> {
  const res = await db.query<ToolRow>(
    `select ${COLUMNS} from tools t where t.organization_id = $1 and t.name = $2 and t.status = 'approved' and t.is_enabled`,
    [organizationId, name],
  );
  return res.rows[0] ?? null;
}

export interface NewTool {
  organization_id: string;
  name: string;
  description: string;
  tool_type: string;
  input_schema: Record<string, unknown>;
  output_schema: Record<string, unknown> | null;
  config: Record<string, unknown>;
  created_by: string | null;
}

export async function insertTool(db: Queryable, t: NewTool): Promise<string> {
  const res = await db.query<{ id: string }>(
    `insert into tools (organization_id, name, description, tool_type, input_schema, output_schema, config, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      t.organization_id,
      t.name,
      t.description,
      t.tool_type,
      JSON.stringify(t.input_schema),
      t.output_schema === null ? null : JSON.stringify(t.output_schema),
      JSON.stringify(t.config),
      t.created_by,
    ],
  );
  return res.rows[0]!.id;
}

export interface ToolChanges {
  name?: string;
  description?: string;
  tool_type?: string;
  input_schema?: Record<string, unknown>;
  output_schema?: Record<string, unknown> | null;
  config?: Record<string, unknown>;
  status?: ToolStatus;
  is_enabled?: boolean;
}

const JSON_COLUMNS = new Set(['input_schema', 'output_schema', 'config']);

export async function updateToolRow(db: Queryable, id: string, changes: ToolChanges): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const [column, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    params.push(JSON_COLUMNS.has(column) && value !== null ? JSON.stringify(value) : value);
    sets.push(`${column} = $${params.length}`);
  }
  params.push(id);
  await db.query(`update tools set ${[...sets, 'updated_at = now()'].join(', ')} where id = $${params.length}`, params);
}

export async function deleteToolRow(db: Queryable, id: string): Promise<void> {
  await db.query('delete from tools where id = $1', [id]);
}

export async function insertStatusChange(
  db: Queryable,
  c: { tool_id: string; organization_id: string; from_status: string | null; to_status: string; comment: string; actor_id: string | null },
): Promise<void> {
  await db.query('insert into tool_status_history (tool_id, organization_id, from_status, to_status, comment, actor_id) values ($1, $2, $3, $4, $5, $6)', [
    c.tool_id,
    c.organization_id,
    c.from_status,
    c.to_status,
    c.comment,
    c.actor_id,
  ]);
}

export interface StatusChangeRow {
  id: string;
  from_status: string | null;
  to_status: string;
  comment: string;
  actor_id: string | null;
  actor_email: string | null;
  created_at: Date;
}

export async function findStatusHistory(db: Queryable, toolId: string): Promise<StatusChangeRow[]> {
  const res = await db.query<StatusChangeRow>(
    `select h.id, h.from_status, h.to_status, h.comment, h.actor_id, u.email as actor_email, h.created_at
       from tool_status_history h left join users u on u.id = h.actor_id
      where h.tool_id = $1 order by h.created_at desc, h.id desc`,
    [toolId],
  );
  return res.rows;
}

/** Tools of the scope by status: how many, and the names of the 8 changed last (one status, or all). */
export async function toolNamesByStatus(
  db: Queryable,
  scope: string | null,
  status: string | undefined,
): Promise<{ status: string; n: number; names: string[] }[]> {
  const res = await db.query<{ status: string; n: number; names: string[] }>(
    `select status, count(*)::int as n, (array_agg(name order by updated_at desc))[1:8] as names from tools
      where ($1::uuid is null or organization_id = $1) and ($2::text is null or status = $2) group by status order by status`,
    [scope, status ?? null],
  );
  return res.rows;
}
