/**
 * Test factories for tools, their configurations and executions: rows written directly (no HTTP, no audit).
 */
import type { ToolStatus } from '@admin-portal/contract/tools/api';
import type { Db } from '../db/client.ts';
import { encryptJson } from '../security/encryption.ts';

let seq = 0;

/** A transform tool (runs without any network): full_name ← first + last name. */
export const TRANSFORM_CONFIG = { mapping: { full_name: 'input.first_name + " " + input.last_name' } };
export const NAME_INPUT_SCHEMA = {
  type: 'object',
  properties: { first_name: { type: 'string', minLength: 1 }, last_name: { type: 'string', minLength: 1 } },
  required: ['first_name', 'last_name'],
};

export interface TestTool {
  id: string;
  name: string;
  organizationId: string;
}

export async function createTestTool(
  db: Db,
  organizationId: string,
  options: {
    name?: string;
    status?: ToolStatus;
    toolType?: string;
    config?: Record<string, unknown>;
    inputSchema?: Record<string, unknown>;
    createdBy?: string | null;
    description?: string;
  } = {},
): Promise<TestTool> {
  seq += 1;
  const name = options.name ?? `tool_${seq}_${Math.random().toString(36).slice(2, 8)}`;
  const status = options.status ?? 'draft';
  const res = await db.query<{ id: string }>(
    `insert into tools (organization_id, name, description, tool_type, input_schema, config, status, is_enabled, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      organizationId,
      name,
      options.description ?? 'Builds a full name',
      options.toolType ?? 'transform',
      JSON.stringify(options.inputSchema ?? NAME_INPUT_SCHEMA),
      JSON.stringify(options.config ?? TRANSFORM_CONFIG),
      status,
      status !== 'disabled',
      options.createdBy ?? null,
    ],
  );
  return { id: res.rows[0]!.id, name, organizationId };
}

export async function createTestConfiguration(
  db: Db,
  tool: TestTool,
  secretKey: string,
  options: {
    environment?: 'development' | 'staging' | 'production';
    config?: Record<string, unknown>;
    secrets?: Record<string, string>;
    approved?: boolean;
  } = {},
): Promise<string> {
  const secrets = options.secrets ?? {};
  // As an administrator's approval leaves it (approved: false leaves its secrets bound to no call).
  const res = await db.query<{ id: string }>(
    `insert into tool_configurations (tool_id, organization_id, environment, config, secrets_encrypted, approved_call)
     select $1, $2, $3, $4::jsonb, $5, case when $6 then jsonb_build_object('tool_type', t.tool_type, 'config', t.config || $4::jsonb) end
       from tools t where t.id = $1
     returning id`,
    [
      tool.id,
      tool.organizationId,
      options.environment ?? 'development',
      JSON.stringify(options.config ?? {}),
      Object.keys(secrets).length ? encryptJson(secrets, secretKey) : null,
      options.approved ?? true,
    ],
  );
  return res.rows[0]!.id;
}

export async function createTestExecution(
  db: Db,
  tool: TestTool,
  options: {
    status?: 'success' | 'error' | 'timeout' | 'refused';
    latencyMs?: number;
    error?: string | null;
    callerType?: string;
    callerId?: string | null;
    at?: Date;
  } = {},
): Promise<string> {
  const status = options.status ?? 'success';
  const res = await db.query<{ id: string }>(
    `insert into tool_executions (tool_id, organization_id, caller_type, caller_id, environment, status, input, output, error, latency_ms, created_at)
     values ($1, $2, $3, $4, 'development', $5, '{}', '{}', $6, $7, $8) returning id`,
    [
      tool.id,
      tool.organizationId,
      options.callerType ?? 'test',
      options.callerId ?? null,
      status,
      options.error ?? (status === 'success' ? null : 'failed'),
      options.latencyMs ?? 20,
      options.at ?? new Date(),
    ],
  );
  return res.rows[0]!.id;
}
