import type { ConfigListQuery, ConfigValueType, Environment } from '@admin-portal/contract/system/config';
import type { Queryable } from '../../db/client.ts';

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
  cu.email as created_by, uu.email as updated_by, c.created_at, c.updated_at`;

const FROM = `from system_configs c
  left join organizations o on o.id = c.organization_id
  left join config_files f on f.id = c.file_id
  left join users cu on cu.id = c.created_by
  left join users uu on uu.id = c.updated_by`;

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

const SORTS: Record<ConfigListQuery['sort'], string> = {
  key: 'c.key asc, c.organization_id asc nulls first, c.environment asc nulls first, c.id',
  '-key': 'c.key desc, c.organization_id desc nulls last, c.environment desc nulls last, c.id',
  updated_at: 'c.updated_at asc, c.id',
  '-updated_at': 'c.updated_at desc, c.id',
  environment: 'c.environment asc nulls first, c.key, c.id',
  '-environment': 'c.environment desc nulls last, c.key, c.id',
};

/**
 * Where clause of a list or stats call. `visibleOrganization` null: every entry (a super admin); else that
 * organization's entries and the global ones.
 */
function listWhere(visibleOrganization: string | null, query: Partial<ConfigListQuery>): { where: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (visibleOrganization !== null) add((p) => `(c.organization_id is null or c.organization_id = ${p})`, visibleOrganization);
  if (query.organization_id === 'global') where.push('c.organization_id is null');
  else if (query.organization_id) add((p) => `c.organization_id = ${p}`, query.organization_id);
  if (query.environment === 'all') where.push('c.environment is null');
  else if (query.environment) add((p) => `c.environment = ${p}`, query.environment);
  if (query.enabled !== undefined) add((p) => `c.is_enabled = ${p}`, query.enabled);
  if (query.kind) add((p) => `c.value_type = ${p}`, query.kind);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    add(
      (p) =>
        `(c.key ilike ${p} or c.description ilike ${p} or coalesce(f.file_name, '') ilike ${p} or (c.value_type not in ('secret', 'file') and c.value::text ilike ${p}))`,
      like,
    );
  }
  return { where: where.length ? `where ${where.join(' and ')}` : '', params };
}

export async function listConfigs(db: Queryable, visibleOrganization: string | null, query: ConfigListQuery): Promise<{ rows: ConfigRow[]; total: number }> {
  const { where, params } = listWhere(visibleOrganization, query);
  const [rows, count] = await Promise.all([
    db.query<ConfigRow>(`select ${CONFIG_COLUMNS} ${FROM} ${where} order by ${SORTS[query.sort]} limit ${query.limit} offset ${query.offset}`, params),
    db.query<{ n: number }>(`select count(*)::int as n from system_configs c left join config_files f on f.id = c.file_id ${where}`, params),
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
  const { where, params } = listWhere(visibleOrganization, {});
  const res = await db.query<ConfigStatsRow>(
    `select c.environment, c.value_type, c.organization_id, o.name as organization_name, c.is_enabled,
            count(*)::int as n, coalesce(sum(f.size_bytes), 0)::bigint as file_bytes, count(f.id)::int as files
       from system_configs c
       left join organizations o on o.id = c.organization_id
       left join config_files f on f.id = c.file_id
       ${where}
      group by 1, 2, 3, 4, 5`,
    params,
  );
  return res.rows;
}
