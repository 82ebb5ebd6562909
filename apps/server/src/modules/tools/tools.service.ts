import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { COUNT_CAP, type ValidationError } from '@admin-portal/contract/common';
import type { AuditAction } from '@admin-portal/contract/system/audit-actions';
import { TOOL_MESSAGES, type ApproveTool, type CreateTool, type ToolStatus, type toolListQuerySchema, type UpdateTool } from '@admin-portal/contract/tools/api';
import { getToolType, validateToolConfig } from '@admin-portal/contract/tools/tool-types/registry';
import type { Db, Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, forbidden, HttpError } from '../../http/errors.ts';
import { actingOrganization, assertVisible, listScope } from '../../http/organization-scope.ts';
import { queueEvent } from '../webhooks/webhooks.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { auditTargetName } from '../audit/audit.targets.ts';
import { mayApprove } from './approved-call.ts';
import { schemaProblems } from './json-schema-check.ts';
import { approveConfigurationCalls } from './tool-configurations.queries.ts';
import { presentStatusChange, presentTool } from './tools.presenter.ts';
import {
  countTools,
  deleteToolRow,
  findStatusHistory,
  findToolById,
  findToolByName,
  findTools,
  insertStatusChange,
  insertTool,
  toolListFilter,
  updateToolRow,
  type ToolChanges,
  type ToolFilter,
  type ToolRow,
} from './tools.queries.ts';

const TOOL = 'Tool';
type ToolListQuery = z.infer<typeof toolListQuerySchema>;

export const DEFAULT_INPUT_SCHEMA: Record<string, unknown> = { type: 'object', properties: {}, additionalProperties: true };

function buildFilter(auth: AuthContext, query: ToolListQuery): ToolFilter {
  return toolListFilter(
    { scope: listScope(auth), organizationId: query.organization_id, status: query.status, toolType: query.tool_type, q: query.q },
    query.sort,
  );
}

export async function listTools(db: Db, auth: AuthContext, query: ToolListQuery) {
  const filter = buildFilter(auth, query);
  const [rows, n] = await Promise.all([findTools(db, filter, query), countTools(db, filter, COUNT_CAP)]);
  const exact = n <= COUNT_CAP;
  return { items: rows.map(presentTool), total: exact ? n : COUNT_CAP, total_exact: exact, limit: query.limit, offset: query.offset };
}

export async function getVisibleTool(db: Queryable, auth: AuthContext, id: string, lock = false): Promise<ToolRow> {
  const row = await findToolById(db, id, lock);
  assertVisible(auth, row, TOOL);
  return row;
}

export async function getTool(db: Db, auth: AuthContext, id: string) {
  return presentTool(await getVisibleTool(db, auth, id));
}

export async function getStatusHistory(db: Db, auth: AuthContext, id: string) {
  await getVisibleTool(db, auth, id);
  return { items: (await findStatusHistory(db, id)).map(presentStatusChange) };
}

/** The config and schemas checked together, so one answer lists every field that is wrong. */
function checkDefinition(type: string, config: unknown, input: Record<string, unknown> | undefined, output: Record<string, unknown> | null | undefined) {
  const errors: ValidationError[] = [];
  const check = validateToolConfig(type, config);
  for (const e of check.errors) errors.push({ field: e.field ? `config.${e.field}` : 'config', message: e.message });
  if (input !== undefined) errors.push(...schemaProblems('input_schema', input));
  if (output) errors.push(...schemaProblems('output_schema', output));
  if (errors.length > 0) throw new HttpError(422, `The tool definition is not valid: ${errors[0]!.field}: ${errors[0]!.message}`, errors);
  return check.config!;
}

async function assertNameFree(db: Queryable, organizationId: string, name: string, exceptId?: string) {
  const existing = await findToolByName(db, organizationId, name);
  if (existing && existing.id !== exceptId) throw conflict(TOOL_MESSAGES.nameTaken, [{ field: 'name', message: TOOL_MESSAGES.nameTaken }]);
}

/** Creates a draft tool in the caller's organization, audited as `audit.action` (default tool.create). */
export async function createTool(
  db: Db,
  request: FastifyRequest,
  auth: AuthContext,
  body: CreateTool,
  audit: { action?: AuditAction; changes?: Record<string, unknown> } = {},
) {
  const organizationId = actingOrganization(auth);
  const inputSchema = body.input_schema ?? DEFAULT_INPUT_SCHEMA;
  const config = checkDefinition(body.tool_type, body.config ?? getToolType(body.tool_type)!.defaults, inputSchema, body.output_schema);
  const id = await db.transaction(async (tx) => {
    await assertNameFree(tx, organizationId, body.name);
    const id = await insertTool(tx, {
      organization_id: organizationId,
      name: body.name,
      description: body.description,
      tool_type: body.tool_type,
      input_schema: inputSchema,
      output_schema: body.output_schema ?? null,
      config,
      created_by: auth.userId,
    });
    await insertStatusChange(tx, {
      tool_id: id,
      organization_id: organizationId,
      from_status: null,
      to_status: 'draft',
      comment: 'Created',
      actor_id: auth.userId,
    });
    await recordAudit(tx, request, {
      action: audit.action ?? 'tool.create',
      targetType: 'tool',
      targetId: id,
      organizationId,
      changes: { name: body.name, tool_type: body.tool_type, ...audit.changes },
    });
    return id;
  });
  return getTool(db, auth, id);
}

const DEFINITION_FIELDS = ['name', 'description', 'tool_type', 'config', 'input_schema', 'output_schema'] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const holdsApproval = (status: ToolStatus) => status === 'approved' || status === 'disabled';

/**
 * After a change to what an approved (or disabled) tool calls, written already: an editor who may approve it keeps
 * its status, and its configurations' secrets are bound to their new calls; anyone else's change sends it back for
 * approval (its secrets stay bound to the calls approved before). Answers what happened, for the audit row.
 */
export async function afterCallChange(tx: Queryable, auth: AuthContext, tool: ToolRow, comment: string): Promise<'kept_approved' | 'sent_back' | null> {
  if (!holdsApproval(tool.status)) return null;
  if (mayApprove(auth, tool)) {
    await approveConfigurationCalls(tx, tool.id);
    return 'kept_approved';
  }
  await updateToolRow(tx, tool.id, { status: 'pending_approval', is_enabled: true });
  await insertStatusChange(tx, {
    tool_id: tool.id,
    organization_id: tool.organization_id,
    from_status: tool.status,
    to_status: 'pending_approval',
    comment,
    actor_id: auth.userId,
  });
  return 'sent_back';
}

/** The status a tool moves to after an update, or an error when the asked change is not allowed. */
function nextStatus(
  current: ToolStatus,
  body: UpdateTool,
  definitionChanged: boolean,
  editorMayApprove: boolean,
): { status: ToolStatus; comment: string } | null {
  if (body.status === 'pending_approval' && current !== 'pending_approval') {
    if (current !== 'draft' && current !== 'rejected') throw conflict(TOOL_MESSAGES.cannotSubmit, [{ field: 'status', message: TOOL_MESSAGES.cannotSubmit }]);
    return { status: 'pending_approval', comment: 'Submitted for approval' };
  }
  if (body.status === 'draft' && current !== 'draft') {
    if (current !== 'pending_approval' && current !== 'rejected')
      throw conflict(TOOL_MESSAGES.cannotWithdraw, [{ field: 'status', message: TOOL_MESSAGES.cannotWithdraw }]);
    return { status: 'draft', comment: 'Back to draft' };
  }
  if (definitionChanged && holdsApproval(current) && !editorMayApprove) return { status: 'pending_approval', comment: TOOL_MESSAGES.sentBack };
  if (body.is_enabled === false && current !== 'disabled') {
    if (current !== 'approved') throw conflict(TOOL_MESSAGES.cannotToggle, [{ field: 'is_enabled', message: TOOL_MESSAGES.cannotToggle }]);
    return { status: 'disabled', comment: 'Disabled' };
  }
  if (body.is_enabled === true && current === 'disabled') return { status: 'approved', comment: 'Enabled again' };
  return null;
}

export async function updateTool(db: Db, request: FastifyRequest, auth: AuthContext, id: string, body: UpdateTool) {
  await db.transaction(async (tx) => {
    const tool = await getVisibleTool(tx, auth, id, true);
    const type = body.tool_type ?? tool.tool_type;
    const changes: ToolChanges = {};
    const definitionChanged = DEFINITION_FIELDS.some((f) => body[f] !== undefined && !same(body[f], tool[f]));
    if (definitionChanged) {
      const config = checkDefinition(type, body.config ?? tool.config, body.input_schema, body.output_schema);
      if (body.name !== undefined && body.name !== tool.name) await assertNameFree(tx, tool.organization_id, body.name, id);
      Object.assign(changes, {
        name: body.name,
        description: body.description,
        tool_type: body.tool_type,
        input_schema: body.input_schema,
        output_schema: body.output_schema,
        config: body.config !== undefined || body.tool_type !== undefined ? config : undefined,
      });
    }
    // An approver's change keeps the approval: theirs is the approval of what they wrote (audited as such below).
    const keptApproved = definitionChanged && holdsApproval(tool.status) && mayApprove(auth, tool);
    const next = nextStatus(tool.status, body, definitionChanged, keptApproved);
    if (next) {
      changes.status = next.status;
      changes.is_enabled = next.status !== 'disabled';
      await insertStatusChange(tx, {
        tool_id: id,
        organization_id: tool.organization_id,
        from_status: tool.status,
        to_status: next.status,
        comment: next.comment,
        actor_id: auth.userId,
      });
    }
    if (Object.values(changes).every((v) => v === undefined)) return;
    await updateToolRow(tx, id, changes);
    if (keptApproved) await approveConfigurationCalls(tx, id);
    await recordAudit(tx, request, {
      action: 'tool.update',
      targetType: 'tool',
      targetId: id,
      organizationId: tool.organization_id,
      changes: {
        fields: Object.keys(changes).filter((k) => changes[k as keyof ToolChanges] !== undefined),
        ...(next ? { status: next.status } : {}),
        ...(keptApproved ? { approval: 'kept: changed by an approver' } : {}),
      },
    });
  });
  return getTool(db, auth, id);
}

export async function decideApproval(db: Db, request: FastifyRequest, auth: AuthContext, id: string, body: ApproveTool) {
  await db.transaction(async (tx) => {
    const tool = await getVisibleTool(tx, auth, id, true);
    if (tool.status !== 'pending_approval') throw conflict(TOOL_MESSAGES.notPending);
    if (tool.created_by === auth.userId && !auth.isSuperAdmin) throw forbidden(TOOL_MESSAGES.ownTool);
    const status: ToolStatus = body.action === 'approve' ? 'approved' : 'rejected';
    await updateToolRow(tx, id, { status, is_enabled: true });
    // Approving approves what each configuration calls now: their secrets are bound to those calls.
    if (status === 'approved') await approveConfigurationCalls(tx, id);
    const comment = body.comment ?? (status === 'approved' ? 'Approved' : '');
    await insertStatusChange(tx, {
      tool_id: id,
      organization_id: tool.organization_id,
      from_status: tool.status,
      to_status: status,
      comment,
      actor_id: auth.userId,
    });
    await recordAudit(tx, request, {
      action: `tool.${body.action}`,
      targetType: 'tool',
      targetId: id,
      organizationId: tool.organization_id,
      changes: { comment },
    });
    if (status === 'approved') {
      await queueEvent(tx, db, {
        organizationId: tool.organization_id,
        type: 'tool.approved',
        data: { tool_id: id, name: tool.name, approved_by: auth.email },
      });
    }
  });
  return getTool(db, auth, id);
}

export async function deleteTool(db: Db, request: FastifyRequest, auth: AuthContext, id: string) {
  await db.transaction(async (tx) => {
    const tool = await getVisibleTool(tx, auth, id, true);
    const targetName = await auditTargetName(tx, 'tool', id);
    await deleteToolRow(tx, id);
    await recordAudit(tx, request, {
      action: 'tool.delete',
      targetType: 'tool',
      targetId: id,
      targetName,
      organizationId: tool.organization_id,
      changes: { name: tool.name },
    });
  });
}
