import type { FastifyRequest } from 'fastify';
import {
  SECRET_MASK,
  TOOL_MESSAGES,
  type CreateToolConfiguration,
  type ToolConfiguration,
  type UpdateToolConfiguration,
} from '@admin-portal/contract/tools/api';
import { validateToolConfig } from '@admin-portal/contract/tools/tool-types/registry';
import type { Db, Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { HttpError } from '../../http/errors.ts';
import { assertVisible, listScope } from '../../http/organization-scope.ts';
import { decryptJson, encryptJson } from '../../security/encryption.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { auditTargetName } from '../audit/audit.targets.ts';
import { callOf, environmentCall, mayApprove, sameCall } from './approved-call.ts';
import {
  deleteConfigurationRow,
  findConfigurationById,
  findConfigurations,
  insertConfiguration,
  updateConfigurationRow,
  type ConfigurationRow,
} from './tool-configurations.queries.ts';
import type { ToolRow } from './tools.queries.ts';
import { afterCallChange, getVisibleTool } from './tools.service.ts';

const CONFIGURATION = 'Tool configuration';

export function readSecrets(row: Pick<ConfigurationRow, 'secrets_encrypted'>, secretKey: string): Record<string, string> {
  return row.secrets_encrypted ? decryptJson<Record<string, string>>(row.secrets_encrypted, secretKey) : {};
}

/** Whether a configuration's secrets may be sent with what it calls now (it has none, or they were approved for it). */
export function secretsApproved(row: Pick<ConfigurationRow, 'secrets_encrypted' | 'approved_call' | 'config' | 'tool_type' | 'tool_config'>): boolean {
  return row.secrets_encrypted === null || sameCall(row.approved_call, callOf({ tool_type: row.tool_type, config: row.tool_config }, row.config));
}

/** Secrets are never returned: each name with the mask. */
function present(row: ConfigurationRow, secretKey: string): ToolConfiguration {
  const secrets = readSecrets(row, secretKey);
  return {
    id: row.id,
    tool_id: row.tool_id,
    environment: row.environment,
    config: row.config,
    secrets: Object.fromEntries(Object.keys(secrets).map((name) => [name, SECRET_MASK])),
    is_active: row.is_active,
    secrets_approved: secretsApproved(row),
    tool_status: row.tool_status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The tool's config with an environment's overrides on top: what a run in that environment uses. */
export function mergedConfig(tool: Pick<ToolRow, 'config'>, overrides: Record<string, unknown>): Record<string, unknown> {
  return { ...tool.config, ...overrides };
}

/** Overrides must leave a config that is valid for the tool's type. */
function checkOverrides(tool: ToolRow, overrides: Record<string, unknown>) {
  const check = validateToolConfig(tool.tool_type, mergedConfig(tool, overrides));
  if (!check.valid) {
    const errors = check.errors.map((e) => ({ field: `config.${e.field}`, message: e.message }));
    throw new HttpError(422, `The configuration does not fit the tool: ${errors[0]!.field}: ${errors[0]!.message}`, errors);
  }
}

const encryptSecrets = (secrets: Record<string, string>, secretKey: string) => (Object.keys(secrets).length > 0 ? encryptJson(secrets, secretKey) : null);

export async function listToolConfigurations(db: Db, auth: AuthContext, secretKey: string, toolId: string) {
  await getVisibleTool(db, auth, toolId);
  return { items: (await findConfigurations(db, { organizationId: null, toolId })).map((r) => present(r, secretKey)) };
}

export async function listConfigurations(
  db: Db,
  auth: AuthContext,
  secretKey: string,
  query: { tool_id?: string | undefined; environment?: string | undefined },
) {
  const rows = await findConfigurations(db, { organizationId: listScope(auth), toolId: query.tool_id, environment: query.environment });
  return { items: rows.map((r) => present(r, secretKey)) };
}

export async function createConfiguration(db: Db, request: FastifyRequest, auth: AuthContext, secretKey: string, body: CreateToolConfiguration) {
  const id = await db.transaction(async (tx) => {
    const tool = await getVisibleTool(tx, auth, body.tool_id, true);
    const overrides = body.config ?? {};
    checkOverrides(tool, overrides);
    const secrets = Object.fromEntries(Object.entries(body.secrets ?? {}).filter(([, v]) => v !== SECRET_MASK));
    const isActive = body.is_active ?? true;
    const id = await insertConfiguration(tx, {
      tool_id: tool.id,
      organization_id: tool.organization_id,
      environment: body.environment,
      config: overrides,
      secrets_encrypted: encryptSecrets(secrets, secretKey),
      is_active: isActive,
      // Every secret of a new configuration is entered now, by someone who knows it: bound to what it calls.
      approved_call: callOf(tool, overrides),
    });
    const callChanged = !sameCall(environmentCall(tool, null), environmentCall(tool, { config: overrides, is_active: isActive }));
    const approval = callChanged ? await afterCallChange(tx, auth, tool, TOOL_MESSAGES.configurationSentBack) : null;
    await recordAudit(tx, request, {
      action: 'tool_configuration.create',
      targetType: 'tool_configuration',
      targetId: id,
      organizationId: tool.organization_id,
      changes: {
        tool_id: tool.id,
        environment: body.environment,
        secret_names: Object.keys(secrets),
        call_changed: callChanged,
        ...(approval ? { approval } : {}),
      },
    });
    return id;
  });
  return present((await findConfigurationById(db, id))!, secretKey);
}

async function visibleConfiguration(db: Queryable, auth: AuthContext, id: string, lock = false) {
  const row = await findConfigurationById(db, id, lock);
  assertVisible(auth, row, CONFIGURATION);
  return row;
}

/**
 * A configuration and its tool, both locked in the order every change takes (the tool first, as a tool's own update
 * and its approval rebind its configurations), so concurrent changes wait for each other instead of deadlocking.
 */
async function lockConfigurationAndTool(tx: Queryable, auth: AuthContext, id: string) {
  const seen = await visibleConfiguration(tx, auth, id);
  const tool = await getVisibleTool(tx, auth, seen.tool_id, true);
  const row = await visibleConfiguration(tx, auth, id, true);
  return { row, tool };
}

export async function updateConfiguration(db: Db, request: FastifyRequest, auth: AuthContext, secretKey: string, id: string, body: UpdateToolConfiguration) {
  await db.transaction(async (tx) => {
    const { row, tool } = await lockConfigurationAndTool(tx, auth, id);
    const overrides = body.config ?? row.config;
    checkOverrides(tool, overrides);
    const stored = readSecrets(row, secretKey);
    // A masked value keeps what is stored; a name left out is removed; anything else is the new value.
    const secrets =
      body.secrets === undefined
        ? stored
        : Object.fromEntries(
            Object.entries(body.secrets).flatMap(([name, value]) =>
              value === SECRET_MASK ? (name in stored ? [[name, stored[name]!]] : []) : [[name, value]],
            ),
          );
    const isActive = body.is_active ?? row.is_active;
    // Kept secrets stay bound to the call they were approved for, unless the editor may approve the tool; secrets
    // all entered anew are bound to the new call (whoever entered them knows them).
    const kept = Object.keys(secrets).some((name) => body.secrets === undefined || body.secrets[name] === SECRET_MASK);
    const approvedCall = mayApprove(auth, tool) || !kept ? callOf(tool, overrides) : row.approved_call;
    await updateConfigurationRow(tx, id, {
      config: overrides,
      secrets_encrypted: encryptSecrets(secrets, secretKey),
      is_active: isActive,
      approved_call: approvedCall,
    });
    const callChanged = !sameCall(environmentCall(tool, row), environmentCall(tool, { config: overrides, is_active: isActive }));
    const approval = callChanged ? await afterCallChange(tx, auth, tool, TOOL_MESSAGES.configurationSentBack) : null;
    await recordAudit(tx, request, {
      action: 'tool_configuration.update',
      targetType: 'tool_configuration',
      targetId: id,
      organizationId: row.organization_id,
      changes: {
        environment: row.environment,
        fields: Object.keys(body),
        secret_names: Object.keys(secrets),
        call_changed: callChanged,
        ...(approval ? { approval } : {}),
      },
    });
  });
  return present((await findConfigurationById(db, id))!, secretKey);
}

/** Deletes a configuration; answers whether that sent its tool back for approval. */
export async function deleteConfiguration(db: Db, request: FastifyRequest, auth: AuthContext, id: string): Promise<{ sentBack: boolean }> {
  return db.transaction(async (tx) => {
    const { row, tool } = await lockConfigurationAndTool(tx, auth, id);
    const targetName = await auditTargetName(tx, 'tool_configuration', id);
    await deleteConfigurationRow(tx, id);
    // Without it, runs in its environment call the tool's own settings: a change of call when it was active.
    const callChanged = !sameCall(environmentCall(tool, row), environmentCall(tool, null));
    const approval = callChanged ? await afterCallChange(tx, auth, tool, TOOL_MESSAGES.configurationSentBack) : null;
    await recordAudit(tx, request, {
      action: 'tool_configuration.delete',
      targetType: 'tool_configuration',
      targetId: id,
      targetName,
      organizationId: row.organization_id,
      changes: { environment: row.environment, call_changed: callChanged, ...(approval ? { approval } : {}) },
    });
    return { sentBack: approval === 'sent_back' };
  });
}
