import type { Environment } from '@admin-portal/contract/system/config';
import type { Queryable } from '../../db/client.ts';
import { CONFIG_COLUMNS, type ConfigRow } from './config.queries.ts';

export type ResolvedFrom = 'organization_environment' | 'organization' | 'global_environment' | 'global';

/**
 * The enabled entry for `key` that applies to an organization in an environment: organization + environment beats
 * organization (every environment) beats global + environment beats global. `organizationId` null looks at global
 * entries only.
 */
export async function resolveConfigEntry(
  db: Queryable,
  key: string,
  organizationId: string | null,
  environment: Environment,
): Promise<{ row: ConfigRow; resolvedFrom: ResolvedFrom } | null> {
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
  const row = res.rows[0];
  if (!row) return null;
  const resolvedFrom: ResolvedFrom =
    row.organization_id !== null ? (row.environment !== null ? 'organization_environment' : 'organization') : row.environment !== null ? 'global_environment' : 'global';
  return { row, resolvedFrom };
}

/** A known boolean entry's effective value (a feature flag), `fallback` when none applies. */
export async function configFlag(db: Queryable, key: string, organizationId: string | null, environment: Environment, fallback = true): Promise<boolean> {
  const found = await resolveConfigEntry(db, key, organizationId, environment);
  return found && typeof found.row.value === 'boolean' ? found.row.value : fallback;
}

/** A known number entry's effective value, `fallback` when none applies. */
export async function configNumber(db: Queryable, key: string, organizationId: string | null, environment: Environment, fallback: number): Promise<number> {
  const found = await resolveConfigEntry(db, key, organizationId, environment);
  return found && typeof found.row.value === 'number' ? found.row.value : fallback;
}

/** A known text entry's effective value, `fallback` when none applies. */
export async function configText(db: Queryable, key: string, organizationId: string | null, environment: Environment, fallback: string): Promise<string> {
  const found = await resolveConfigEntry(db, key, organizationId, environment);
  return found && typeof found.row.value === 'string' && found.row.value.trim() !== '' ? found.row.value : fallback;
}
