import type { Environment, ToolStatus } from '@admin-portal/contract/tools/api';
import type { Queryable } from '../../db/client.ts';
import type { ToolCall } from './approved-call.ts';

export interface ConfigurationRow {
  id: string;
  tool_id: string;
  organization_id: string;
  environment: Environment;
  config: Record<string, unknown>;
  secrets_encrypted: string | null;
  is_active: boolean;
  /** The call its secrets were approved for (approved-call.ts), or null: none yet. */
  approved_call: ToolCall | null;
  created_at: Date;
  updated_at: Date;
  /** Of its tool, to tell what it calls now and the tool's status. */
  tool_type: string;
  tool_config: Record<string, unknown>;
  tool_status: ToolStatus;
}

const COLUMNS = `c.id, c.tool_id, c.organization_id, c.environment, c.config, c.secrets_encrypted, c.is_active, c.approved_call, c.created_at, c.updated_at,
  t.tool_type, t.config as tool_config, t.status as tool_status`;
const FROM = 'tool_configurations c join tools t on t.id = c.tool_id';
const ENV_ORDER = "array_position(array['development','staging','production']::text[], c.environment)";

export async function findConfigurations(
  db: Queryable,
  filter: { organizationId: string | null; toolId?: string | undefined; environment?: string | undefined },
): Promise<ConfigurationRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.organizationId) where.push(`c.organization_id = $${params.push(filter.organizationId)}`);
  if (filter.toolId) where.push(`c.tool_id = $${params.push(filter.toolId)}`);
  if (filter.environment) where.push(`c.environment = $${params.push(filter.environment)}`);
  const res = await db.query<ConfigurationRow>(
    `select ${COLUMNS} from ${FROM} ${where.length ? `where ${where.join(' and ')}` : ''} order by c.tool_id, ${ENV_ORDER} limit 1000`,
    params,
  );
  return res.rows;
}

export async function findConfigurationById(db: Queryable, id: string, lock = false): Promise<ConfigurationRow | null> {
  const res = await db.query<ConfigurationRow>(`select ${COLUMNS} from ${FROM} where c.id = $1${lock ? ' for update of c' : ''}`, [id]);
  return res.rows[0] ?? null;
}

export async function findActiveConfiguration(db: Queryable, toolId: string, environment: Environment): Promise<ConfigurationRow | null> {
  const res = await db.query<ConfigurationRow>(`select ${COLUMNS} from ${FROM} where c.tool_id = $1 and c.environment = $2 and c.is_active`, [
    toolId,
    environment,
  ]);
  return res.rows[0] ?? null;
}

export async function insertConfiguration(
  db: Queryable,
  c: {
    tool_id: string;
    organization_id: string;
    environment: Environment;
    config: Record<string, unknown>;
    secrets_encrypted: string | null;
    is_active: boolean;
    approved_call: ToolCall;
  },
): Promise<string> {
  const res = await db.query<{ id: string }>(
    `insert into tool_configurations (tool_id, organization_id, environment, config, secrets_encrypted, is_active, approved_call)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [c.tool_id, c.organization_id, c.environment, JSON.stringify(c.config), c.secrets_encrypted, c.is_active, JSON.stringify(c.approved_call)],
  );
  return res.rows[0]!.id;
}

export async function updateConfigurationRow(
  db: Queryable,
  id: string,
  c: { config: Record<string, unknown>; secrets_encrypted: string | null; is_active: boolean; approved_call: ToolCall | null },
): Promise<void> {
  await db.query('update tool_configurations set config = $2, secrets_encrypted = $3, is_active = $4, approved_call = $5, updated_at = now() where id = $1', [
    id,
    JSON.stringify(c.config),
    c.secrets_encrypted,
    c.is_active,
    c.approved_call === null ? null : JSON.stringify(c.approved_call),
  ]);
}

/** Binds every configuration of a tool to what it calls now (the tool was approved, or an approver changed it). */
export async function approveConfigurationCalls(db: Queryable, toolId: string): Promise<void> {
  await db.query(
    `update tool_configurations c set approved_call = jsonb_build_object('tool_type', t.tool_type, 'config', t.config || c.config)
       from tools t where t.id = c.tool_id and c.tool_id = $1`,
    [toolId],
  );
}

export async function deleteConfigurationRow(db: Queryable, id: string): Promise<void> {
  await db.query('delete from tool_configurations where id = $1', [id]);
}
