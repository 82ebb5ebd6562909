import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { CreateConnection, SavedConnection, SavedStep, UpdateConnection } from '@admin-portal/contract/workflows/api';
import { getStepType, stepBranches } from '@admin-portal/contract/workflows/step-types/registry';
import type { Db, Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, invalidField, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { auditTargetName } from '../audit/audit.targets.ts';
import { assertVisible, canSee } from '../../http/organization-scope.ts';
import { getVisibleWorkflow } from '../workflows/workflows.service.ts';
import type { StoredGraph } from '../workflows/workflow-graph.queries.ts';
import { editGraph } from './edit-graph.ts';
import { presentConnection } from './steps.presenter.ts';
import { findConnectionById, findConnectionsOfWorkflow, findStepById, type ConnectionRow } from './steps.queries.ts';

const CONNECTION = 'Connection';
const SAME_WORKFLOW = 'Source and target must be steps of the same workflow';

/** Empty text clears a condition or a label. */
const orNull = (v: string | undefined | null) => (v ? v : null);

/** A condition names one of the source step's branches; a step without branches takes none. */
function assertBranch(source: SavedStep, condition: string | null): void {
  if (condition === null) return;
  if (getStepType(source.type)?.outputs.kind !== 'branches') {
    throw invalidField('condition', `"${source.name}" has no branches: leave the condition empty`);
  }
  const branches = stepBranches(source.type, source.config);
  if (branches.length === 0) throw invalidField('condition', `The configuration of "${source.name}" is invalid: fix it before connecting its branches`);
  if (!branches.some((b) => b.id === condition)) {
    throw invalidField('condition', `Condition must be a branch of "${source.name}": ${branches.map((b) => b.id).join(', ')}`);
  }
}

/** Source and target as steps of the graph being edited, with the rules every connection follows. */
function checkEnds(graph: StoredGraph, sourceId: string, targetId: string, condition: string | null, self?: string) {
  if (sourceId === targetId) throw invalidField('target_step_id', 'A step cannot connect to itself');
  const source = graph.steps.find((s) => s.id === sourceId);
  const target = graph.steps.find((s) => s.id === targetId);
  if (!source) throw invalidField('source_step_id', SAME_WORKFLOW);
  if (!target) throw invalidField('target_step_id', SAME_WORKFLOW);
  assertBranch(source, condition);
  if (graph.connections.some((c) => c.id !== self && c.source === sourceId && c.target === targetId && c.condition === condition)) {
    throw conflict('These steps are already connected this way', [{ field: 'target_step_id', message: 'These steps are already connected this way' }]);
  }
  return { source, target };
}

/** A step of the request body: missing, or another organization's, is "not found" (404). */
async function visibleStep(db: Queryable, auth: AuthContext, id: string, what: string) {
  const row = await findStepById(db, id);
  if (!row || !canSee(auth, row.organization_id)) throw notFound(what);
  return row;
}

/** The workflow both steps belong to: each must exist and be visible (404), and they must share a workflow (422). */
async function workflowOfEnds(db: Queryable, auth: AuthContext, sourceId: string, targetId: string, workflowId?: string): Promise<string> {
  if (workflowId !== undefined) await getVisibleWorkflow(db, auth, workflowId);
  const source = await visibleStep(db, auth, sourceId, 'Source step');
  if (workflowId !== undefined && source.workflow_id !== workflowId) throw invalidField('source_step_id', 'The source step belongs to another workflow');
  const target = await visibleStep(db, auth, targetId, 'Target step');
  if (target.workflow_id !== source.workflow_id) throw invalidField('target_step_id', SAME_WORKFLOW);
  return source.workflow_id;
}

async function getVisibleConnection(db: Queryable, auth: AuthContext, id: string): Promise<ConnectionRow> {
  const row = await findConnectionById(db, id);
  assertVisible(auth, row, CONNECTION);
  return row;
}

const describe = (graph: StoredGraph, c: SavedConnection) => {
  const name = (id: string) => graph.steps.find((s) => s.id === id)?.name ?? id;
  return `"${name(c.source)}" → "${name(c.target)}"${c.condition ? ` (${c.condition})` : ''}`;
};

export async function listConnections(db: Db, auth: AuthContext, workflowId: string) {
  await getVisibleWorkflow(db, auth, workflowId);
  const rows = await findConnectionsOfWorkflow(db, workflowId);
  return { items: rows.map(presentConnection), total: rows.length };
}

export async function createConnection(db: Db, request: FastifyRequest, auth: AuthContext, input: CreateConnection) {
  if (input.source_step_id === input.target_step_id) throw invalidField('target_step_id', 'A step cannot connect to itself');
  return db.transaction(async (tx) => {
    const workflowId = await workflowOfEnds(tx, auth, input.source_step_id, input.target_step_id, input.workflow_id);
    const { workflow, result: connection } = await editGraph(tx, auth, workflowId, (current) => {
      const condition = orNull(input.condition);
      checkEnds(current, input.source_step_id, input.target_step_id, condition);
      const connection: SavedConnection = {
        id: randomUUID(),
        source: input.source_step_id,
        target: input.target_step_id,
        condition,
        label: orNull(input.label),
      };
      return {
        next: { steps: current.steps, connections: [...current.connections, connection] },
        note: `Connection ${describe(current, connection)} added`,
        result: connection,
      };
    });
    await recordAudit(tx, request, {
      action: 'connection.create',
      targetType: 'step_connection',
      targetId: connection.id,
      organizationId: workflow.organization_id,
      changes: {
        workflow_id: workflow.id,
        source_step_id: connection.source,
        target_step_id: connection.target,
        condition: connection.condition,
        version: workflow.version,
      },
    });
    return presentConnection((await findConnectionById(tx, connection.id))!);
  });
}

export async function updateConnection(db: Db, request: FastifyRequest, auth: AuthContext, id: string, input: UpdateConnection) {
  return db.transaction(async (tx) => {
    const row = await getVisibleConnection(tx, auth, id);
    const sourceId = input.source_step_id ?? row.source_step_id;
    const targetId = input.target_step_id ?? row.target_step_id;
    if (sourceId === targetId) throw invalidField('target_step_id', 'A step cannot connect to itself');
    const ends = await workflowOfEnds(tx, auth, sourceId, targetId);
    if (ends !== row.workflow_id)
      throw invalidField(input.source_step_id !== undefined ? 'source_step_id' : 'target_step_id', 'A connection stays in its workflow');
    const { workflow, result } = await editGraph(tx, auth, row.workflow_id, (current) => {
      const before = current.connections.find((c) => c.id === id);
      if (!before) throw notFound(CONNECTION);
      const after: SavedConnection = {
        id,
        source: sourceId,
        target: targetId,
        condition: input.condition !== undefined ? orNull(input.condition) : before.condition,
        label: input.label !== undefined ? orNull(input.label) : before.label,
      };
      checkEnds(current, after.source, after.target, after.condition, id);
      const changed = (['source', 'target', 'condition', 'label'] as const).filter((k) => before[k] !== after[k]);
      return {
        next: { steps: current.steps, connections: current.connections.map((c) => (c.id === id ? after : c)) },
        note: `Connection ${describe(current, after)} changed`,
        result: Object.fromEntries(changed.map((k) => [k, { from: before[k], to: after[k] }])),
      };
    });
    await recordAudit(tx, request, {
      action: 'connection.update',
      targetType: 'step_connection',
      targetId: id,
      organizationId: workflow.organization_id,
      changes: { ...result, workflow_id: workflow.id, version: workflow.version },
    });
    return presentConnection((await findConnectionById(tx, id))!);
  });
}

export async function deleteConnection(db: Db, request: FastifyRequest, auth: AuthContext, id: string) {
  return db.transaction(async (tx) => {
    const row = await getVisibleConnection(tx, auth, id);
    const targetName = await auditTargetName(tx, 'step_connection', id);
    const { workflow, result } = await editGraph(tx, auth, row.workflow_id, (current) => {
      const connection = current.connections.find((c) => c.id === id);
      if (!connection) throw notFound(CONNECTION);
      return {
        next: { steps: current.steps, connections: current.connections.filter((c) => c.id !== id) },
        note: `Connection ${describe(current, connection)} deleted`,
        result: { source_step_id: connection.source, target_step_id: connection.target, condition: connection.condition },
      };
    });
    await recordAudit(tx, request, {
      action: 'connection.delete',
      targetType: 'step_connection',
      targetId: id,
      targetName,
      organizationId: workflow.organization_id,
      changes: { ...result, workflow_id: workflow.id, version: workflow.version },
    });
    return { success: true, message: 'Connection deleted successfully', workflow_version: workflow.version };
  });
}
