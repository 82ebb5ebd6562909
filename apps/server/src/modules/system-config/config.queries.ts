import type { ConfigListQuery, ConfigValueType, Environment } from '@admin-portal/contract/system/config';
import type { Queryable } from '../../db/client.ts';
import { run, sql, type Sql } from '../../db/sql.ts';

export interface ConfigRow {
  id: string;
  organization_id: string | null;
  organization_name: string | null;
  key: string;
  description: string;
  environment: Environment | null;
  value_type: ConfigValueType;
  value: unknown;
  secret_value: string | null;
  file_id: string | null;
  file_name: string | null;
  content_type: string | null;
  size_bytes: string | number | null;
  sha256: string | null;
  is_enabled: boolean;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns of ConfigRow, for a query over `system_configs c` joined to o (organization), f (file), cu/uu (users). */
export const CONFIG_COLUMNS = `c.id, c.organization_id, o.name as organization_name, c.key, c.description, c.environment, c.value_type,
  c.value, c.secret_value, c.file_id, f.file_name, f.content_type, f.size_bytes, f.sha256, c.is_enabled,
  cu.email as created_by, uu.email as updated_by, c.created_at, c.updated_at` as const;

const FROM = `from system_configs c
  left join organizations o on o.id = c.organization_id
  left join config_files f on f.id = c.file_id
  left join users cu on cu.id = c.created_by
  left join users uu on uu.id = c.updated_by` as const;

export async function findConfig(db: Queryable, id: string, lock = false): Promise<ConfigRow | null> {
  const res = await db.query<ConfigRow>(`select ${CONFIG_COLUMNS} ${FROM} where c.id = $1${lock ? ' for update of c' : ''}`, [id]);
  return res.rows[0] ?? null;
}

/** The entry with exactly this key, organization (null: global) and environment (null: every one). */
export async function findConfigAt(db: Queryable, key: string, organizationId: string | null, environment: Environment | null): Promise<ConfigRow | null> {
  const res = await db.query<ConfigRow>(
    `select ${CONFIG_COLUMNS} ${FROM}
      where c.key = $1 and c.organization_id is not distinct from $2 and c.environment is not distinct from $3
      for update of c`,
    [key, organizationId, environment],
  );
  return res.rows[0] ?? null;
}

const SORTS: Record<ConfigListQuery['sort'], Sql> = {
  key: sql`c.key asc, c.organization_id asc nulls first, c.environment asc nulls first, c.id`,
  '-key': sql`c.key desc, c.organization_id desc nulls last, c.environment desc nulls last, c.id`,
  updated_at: sql`c.updated_at asc, c.id`,
  '-updated_at': sql`c.updated_at desc, c.id`,
  environment: sql`c.environment asc nulls first, c.key, c.id`,
  '-environment': sql`c.environment desc nulls last, c.key, c.id`,
};

/**
 * Where clause of a list or stats call. `visibleOrganization` null: every entry (a super admin); else that
 * organization's entries and the global ones.
 */
function listWhere(visibleOrganization: string | null, query: Partial<ConfigListQuery>): Sql {
  const conditions: Sql[] = [];
  if (visibleOrganization !== null) conditions.push(sql`(c.organization_id is null or c.organization_id = ${visibleOrganization})`);
  if (query.organization_id === 'global') conditions.push(sql`c.organization_id is null`);
  else if (query.organization_id) conditions.push(sql`c.organization_id = ${query.organization_id}`);
  if (query.environment === 'all') conditions.push(sql`c.environment is null`);
  else if (query.environment) conditions.push(sql`c.environment = ${query.environment}`);
  if (query.enabled !== undefined) conditions.push(sql`c.is_enabled = ${query.enabled}`);
  if (query.kind) conditions.push(sql`c.value_type = ${query.kind}`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    conditions.push(
      sql`(c.key ilike ${like} or c.description ilike ${like} or coalesce(f.file_name, '') ilike ${like} or (c.value_type not in ('secret', 'file') and c.value::text ilike ${like}))`,
    );
  }
  return sql.where(conditions);
}

export async function listConfigs(db: Queryable, visibleOrganization: string | null, query: ConfigListQuery): Promise<{ rows: ConfigRow[]; total: number }> {
  const where = listWhere(visibleOrganization, query);
  const [rows, count] = await Promise.all([
    run<ConfigRow>(
      db,
      sql`select ${sql.fixed(CONFIG_COLUMNS)} ${sql.fixed(FROM)} ${where} order by ${SORTS[query.sort]} limit ${query.limit} offset ${query.offset}`,
    ),
    run<{ n: number }>(db, sql`select count(*)::int as n from system_configs c left join config_files f on f.id = c.file_id ${where}`),
  ]);
  return { rows: rows.rows, total: count.rows[0]!.n };
}

export interface ConfigStatsRow {
  environment: string | null;
  value_type: string;
  organization_id: string | null;
  organization_name: string | null;
  is_enabled: boolean;
  n: number;
  file_bytes: string | number;
  files: number;
}

/** Counts grouped by environment, kind, organization and enabled, over the entries the caller can see. */
export async function configStats(db: Queryable, visibleOrganization: string | null): Promise<ConfigStatsRow[]> {
  const res = await run<ConfigStatsRow>(
    db,
    sql`select c.environment, c.value_type, c.organization_id, o.name as organization_name, c.is_enabled,
            count(*)::int as n, coalesce(sum(f.size_bytes), 0)::bigint as file_bytes, count(f.id)::int as files
       from system_configs c
       left join organizations o on o.id = c.organization_id
       left join config_files f on f.id = c.file_id
       ${listWhere(visibleOrganization, {})}
      group by 1, 2, 3, 4, 5`,
  );
  return res.rows;
}

/**
 * The enabled entry for `key` that applies to an organization (null: global entries only) in an environment:
 * organization + environment beats organization beats global + environment beats global.
 */
export async function findEffectiveConfigRow(db: Queryable, key: string, organizationId: string | null, environment: Environment): Promise<ConfigRow | null> {
  const res = await db.query<ConfigRow>(
    `select ${CONFIG_COLUMNS}
       from system_configs c
       left join organizations o on o.id = c.organization_id
       left join config_files f on f.id = c.file_id
       left join users cu on cu.id = c.created_by
       left join users uu on uu.id = c.updated_by
      where c.key = $1 and c.is_enabled
        and (c.organization_id is null or c.organization_id = $2)
        and (c.environment is null or c.environment = $3)
      order by (c.organization_id is not null) desc, (c.environment is not null) desc
      limit 1`,
    [key, organizationId, environment],
  );
  return res.rows[0] ?? null;
}

export async function organizationExists(db: Queryable, id: string): Promise<boolean> {
  const res = await db.query('select 1 from organizations where id = $1', [id]);
  return res.rows.length > 0;
}

/** A new typed entry (not a file); `value` is its JSON text (null for a secret, whose encrypted text is `secret_value`). Answers its id. */
export async function insertConfigEntry(
  tx: Queryable,
  entry: {
    organization_id: string | null;
    key: string;
    description: string;
    environment: Environment | null;
    value_type: ConfigValueType;
    value: string | null;
    secret_value: string | null;
    is_enabled: boolean;
    actor_id: string;
  },
): Promise<string> {
  const res = await tx.query<{ id: string }>(
    `insert into system_configs (organization_id, key, description, environment, value_type, value, secret_value, is_enabled, created_by, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) returning id`,
    [
      entry.organization_id,
      entry.key,
      entry.description,
      entry.environment,
      entry.value_type,
      entry.value,
      entry.secret_value,
      entry.is_enabled,
      entry.actor_id,
    ],
  );
  return res.rows[0]!.id;
}

/** The columns an update sets (only those given); `value` is its JSON text, as in insertConfigEntry. */
export interface ConfigEntryChanges {
  description?: string | undefined;
  is_enabled?: boolean | undefined;
  environment?: Environment | null | undefined;
  typed?: { value_type: ConfigValueType; value: string | null; secret_value: string | null } | undefined;
}

/** Sets the columns given, with who changed the entry and when. */
export async function updateConfigEntryRow(tx: Queryable, id: string, actorId: string, changes: ConfigEntryChanges): Promise<void> {
  const sets: Sql[] = [sql`updated_at = now()`, sql`updated_by = ${actorId}`];
  if (changes.description !== undefined) sets.push(sql`description = ${changes.description}`);
  if (changes.is_enabled !== undefined) sets.push(sql`is_enabled = ${changes.is_enabled}`);
  if (changes.environment !== undefined) sets.push(sql`environment = ${changes.environment}`);
  if (changes.typed) {
    sets.push(sql`value_type = ${changes.typed.value_type}`, sql`value = ${changes.typed.value}`, sql`secret_value = ${changes.typed.secret_value}`);
  }
  await run(tx, sql`update system_configs set ${sql.join(sets, ', ')} where id = ${id}`);
}

export async function toggleConfigEntryRow(tx: Queryable, id: string, actorId: string): Promise<void> {
  await tx.query('update system_configs set is_enabled = not is_enabled, updated_at = now(), updated_by = $2 where id = $1', [id, actorId]);
}

export async function deleteConfigEntryRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from system_configs where id = $1', [id]);
}

/** Points a file entry at a newly uploaded file; an empty `description` keeps the one it has. */
export async function attachFileToConfigEntry(tx: Queryable, id: string, fileId: string, description: string, actorId: string): Promise<void> {
  await tx.query(
    `update system_configs set file_id = $2, description = case when $3 = '' then description else $3 end, updated_at = now(), updated_by = $4 where id = $1`,
    [id, fileId, description, actorId],
  );
}

/** A new file entry holding an uploaded file; answers its id. */
export async function insertFileConfigEntry(
  tx: Queryable,
  entry: { organization_id: string | null; key: string; description: string; environment: Environment | null; file_id: string; actor_id: string },
): Promise<string> {
  const res = await tx.query<{ id: string }>(
    `insert into system_configs (organization_id, key, description, environment, value_type, file_id, created_by, updated_by)
         values ($1, $2, $3, $4, 'file', $5, $6, $6) returning id`,
    [entry.organization_id, entry.key, entry.description, entry.environment, entry.file_id, entry.actor_id],
  );
  return res.rows[0]!.id;
}
