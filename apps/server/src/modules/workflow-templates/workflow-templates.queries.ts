import type { WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import type { Queryable } from '../../db/client.ts';
import { run, sql, type Sql } from '../../db/sql.ts';
import { containsPattern, NAME_AND_TIME_SORTS } from '../../http/list-filter.ts';
import { TEMPLATE_COLUMNS as COLUMNS, type TemplateRow } from '../workflows/template-rows.queries.ts';

/** A list's conditions on `workflow_templates t` (a WHERE, or nothing) and its ORDER BY. */
export interface TemplateFilter {
  where: Sql;
  orderBy: Sql;
}

/** The orders a list of templates may take, by the `sort` the request names. */
export const TEMPLATE_SORTS: Record<string, Sql> = {
  ...NAME_AND_TIME_SORTS,
};
/** Default order: the organization's own templates first, then the shipped ones, each by name. */
const DEFAULT_ORDER = sql`(t.organization_id is null) asc, lower(t.name) asc, t.id`;

/** What a list of templates keeps: those the scope sees (null: every one), of one organization, shipped or own, of a category, with a text. */
export interface TemplateListConditions {
  scope: string | null;
  organizationId?: string | undefined;
  kind?: 'global' | 'organization' | undefined;
  category?: string | undefined;
  q?: string | undefined;
}

/** The list's filter: its conditions, and its order (one of TEMPLATE_SORTS, or the default). */
export function templateListFilter(c: TemplateListConditions, sort: string | undefined): TemplateFilter {
  const conditions: Sql[] = [];
  if (c.scope) conditions.push(sql`(t.organization_id is null or t.organization_id = ${c.scope})`);
  if (c.organizationId) conditions.push(sql`t.organization_id = ${c.organizationId}`);
  if (c.kind === 'global') conditions.push(sql`t.organization_id is null`);
  if (c.kind === 'organization') conditions.push(sql`t.organization_id is not null`);
  if (c.category) conditions.push(sql`lower(t.category) = lower(${c.category})`);
  if (c.q) {
    const pattern = containsPattern(c.q);
    conditions.push(sql`(t.name ilike ${pattern} or t.description ilike ${pattern})`);
  }
  return { where: sql.where(conditions), orderBy: sort ? TEMPLATE_SORTS[sort]! : DEFAULT_ORDER };
}

export async function findTemplates(db: Queryable, filter: TemplateFilter, page: { limit: number; offset: number }): Promise<TemplateRow[]> {
  const res = await run<TemplateRow>(
    db,
    sql`select ${sql.fixed(COLUMNS)} from workflow_templates t ${filter.where} order by ${filter.orderBy} limit ${page.limit} offset ${page.offset}`,
  );
  return res.rows;
}

export async function countTemplates(db: Queryable, filter: TemplateFilter): Promise<number> {
  const res = await run<{ n: number }>(db, sql`select count(*)::int as n from workflow_templates t ${filter.where}`);
  return res.rows[0]!.n;
}

export interface NewTemplate {
  organization_id: string | null;
  key?: string | null;
  name: string;
  description: string;
  category: string;
  graph: WorkflowGraph;
  created_by: string | null;
}

export async function insertTemplate(db: Queryable, t: NewTemplate): Promise<TemplateRow> {
  const res = await db.query<TemplateRow>(
    `insert into workflow_templates as t (organization_id, key, name, description, category, graph, created_by)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
    [t.organization_id, t.key ?? null, t.name, t.description, t.category, JSON.stringify(t.graph), t.created_by],
  );
  return res.rows[0]!;
}

export async function updateTemplateRow(
  db: Queryable,
  id: string,
  changes: { name?: string | undefined; description?: string | undefined; category?: string | undefined; graph?: WorkflowGraph | undefined },
): Promise<TemplateRow> {
  const res = await db.query<TemplateRow>(
    `update workflow_templates t set name = coalesce($2, name), description = coalesce($3, description), category = coalesce($4, category),
            graph = coalesce($5::jsonb, graph), updated_at = now()
      where id = $1 returning ${COLUMNS}`,
    [id, changes.name ?? null, changes.description ?? null, changes.category ?? null, changes.graph ? JSON.stringify(changes.graph) : null],
  );
  return res.rows[0]!;
}

export async function deleteTemplateRow(db: Queryable, id: string): Promise<void> {
  await db.query('delete from workflow_templates where id = $1', [id]);
}

/**
 * Inserts or refreshes a shipped (global) template by its stable key; a template whose content is unchanged is
 * not written (its updated_at stays). Safe when several processes start at once.
 */
export async function upsertGlobalTemplate(
  db: Queryable,
  t: { key: string; name: string; description: string; category: string; graph: WorkflowGraph },
): Promise<void> {
  await db.query(
    `insert into workflow_templates (organization_id, key, name, description, category, graph)
     values (null, $1, $2, $3, $4, $5)
     on conflict (key) where organization_id is null do update
        set name = excluded.name, description = excluded.description, category = excluded.category, graph = excluded.graph, updated_at = now()
      where (workflow_templates.name, workflow_templates.description, workflow_templates.category, workflow_templates.graph)
            is distinct from (excluded.name, excluded.description, excluded.category, excluded.graph)`,
    [t.key, t.name, t.description, t.category, JSON.stringify(t.graph)],
  );
}

export async function deleteGlobalTemplatesExcept(db: Queryable, keys: readonly string[]): Promise<void> {
  await db.query('delete from workflow_templates where organization_id is null and not (key = any($1::text[]))', [[...keys]]);
}

/** Names and descriptions of the first 12 templates by name the scope sees (null: every one): what the assistant lists. */
export async function templateNamesForAssistant(db: Queryable, scope: string | null): Promise<{ name: string; description: string | null }[]> {
  const res = await db.query<{ name: string; description: string | null }>(
    `select name, description from workflow_templates where organization_id is null or $1::uuid is null or organization_id = $1 order by name limit 12`,
    [scope],
  );
  return res.rows;
}
