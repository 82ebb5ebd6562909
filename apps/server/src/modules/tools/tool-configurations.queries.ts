import type { Environment } from '@admin-portal/contract/tools/api';
import type { Queryable } from '../../db/client.ts';

export interface ConfigurationRow {
  id: string;
  tool_id: string;
  organization_id: string;
  environment: Environment;
  config: Record<string, unknown>;
  secrets_encrypted: string | null;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'c.id, c.tool_id, c.organization_id, c.environment, c.config, c.secrets_encrypted, c.is_active, c.created_at, c.updated_at';
const ENV_ORDER = "array_position(array['development','staging','production']::text[], c.environment)";

export async function findConfigurations(db: Queryable, filter: { organizationId: string | null; toolId?: string | undefined; environment?: string | undefined }): Promise<ConfigurationRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.organizationId) where.push(`c.organization_id = $${params.push(filter.organizationId)}`);
  if (filter.toolId) where.push(`c.tool_id = $${params.push(filter.toolId)}`);
  if (filter.environment) where.push(`c.environment = $${params.push(filter.environment)}`);
  const res = await db.query<ConfigurationRow>(
    `select ${COLUMNS} from tool_configurations c ${where.length ? `where ${where.join(' and ')}` : ''} order by c.tool_id, ${ENV_ORDER} limit 1000`,
    params,
  );
  return res.rows;
}

export async function findConfigurationById(db: Queryable, id: string, lock = false): Promise<ConfigurationRow | null> {
  const res = await db.query<ConfigurationRow>(`select ${COLUMNS} from tool_configurations c where c.id = $1${lock ? ' for update' : ''}`, [id]);
  return res.rows[0] ?? null;
}

export async function findActiveConfiguration(db: Queryable, toolId: string, environment: Environment): Promise<ConfigurationRow | null> {
  const res = await db.query<ConfigurationRow>(`select ${COLUMNS} from tool_configurations c where c.tool_id = $1 and c.environment = $2 and c.is_active`, [toolId, environment]);
  return res.rows[0] ?? null;
}

export async function insertConfiguration(
  db: Queryable,
  c: { tool_id: string; organization_id: string; environment: Environment; config: Record<string, unknown>; secrets_encrypted: string | null; is_active: boolean },
): Promise<string> {
  const res = await db.query<{ id: string }>(
    `insert into tool_configurations (tool_id, organization_id, environment, config, secrets_encrypted, is_active)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [c.tool_id, c.organization_id, c.environment, JSON.stringify(c.config), c.secrets_encrypted, c.is_active],
  );
  return res.rows[0]!.id;
}

export async function updateConfigurationRow(db: Queryable, id: string, c: { config: Record<string, unknown>; secrets_encrypted: string | null; is_active: boolean }): Promise<void> {
  await db.query('update tool_configurations set config = $2, secrets_encrypted = $3, is_active = $4, updated_at = now() where id = $1', [
    id,
    JSON.stringify(c.config),
    c.secrets_encrypted,
    c.is_active,
  ]);
}

export async function deleteConfigurationRow(db: Queryable, id: string): Promise<void> {
  await db.query('delete from tool_configurations where id = $1', [id]);
}
