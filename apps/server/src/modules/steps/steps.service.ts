import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ValidationError } from '@admin-portal/contract/common';
import type { CreateStep, SavedStep, UpdateStep } from '@admin-portal/contract/workflows/api';
import { getStepType, validateStepConfig } from '@admin-portal/contract/workflows/step-types/registry';
import type { Db, Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { auditTargetName } from '../audit/audit.targets.ts';
import { assertVisible } from '../../http/organization-scope.ts';
import { getVisibleWorkflow } from '../workflows/workflows.service.ts';
import type { StoredGraph } from '../workflows/workflow-graph.queries.ts';
import { editGraph } from './edit-graph.ts';
import { presentStep } from './steps.presenter.ts';
import { findStepById, findStepsOfWorkflow, type StepRow } from './steps.queries.ts';

const STEP = 'Step';

/** Config errors with their request path (`config.fields.0.key`). */
function configErrors(errors: readonly ValidationError[]): ValidationError[] {
  return errors.map((e) => ({ field: e.field === 'config' ? 'config' : `config.${e.field}`, message: e.message }));
}

/** The check behind `POST /admin/steps/validate-config`: valid or not, the config with defaults, field errors. */
export function checkStepConfig(type: string, config: Record<string, unknown> | undefined) {
  const check = validateStepConfig(type, config ?? {});
  return { valid: check.valid, config: check.config, errors: configErrors(check.errors) };
}

/** A config a step call may store: valid for the type (defaults filled in), else 422 with the fields at fault. */
function validConfig(type: string, config: Record<string, unknown>): Record<string, unknown> {
  const check = validateStepConfig(type, config);
  if (check.valid) return check.config!;
  const errors = configErrors(check.errors);
  throw new HttpError(422, `Invalid ${type} step configuration: ${errors[0]!.field}: ${errors[0]!.message}`, errors);
}

/** A new step goes to the right of the right-most one unless a position is given. */
function nextPosition(graph: StoredGraph): { x: number; y: number } {
  if (graph.steps.length === 0) return { x: 0, y: 0 };
  const last = graph.steps.reduce((a, b) => (b.position.x > a.position.x ? b : a));
  return { x: last.position.x + 280, y: last.position.y };
}

/** A step the caller may see; another organization's is "not found". */
export async function getVisibleStep(db: Queryable, auth: AuthContext, id: string): Promise<StepRow> {
  const row = await findStepById(db, id);
  assertVisible(auth, row, STEP);
  return row;
}

export async function listSteps(db: Db, auth: AuthContext, workflowId: string) {
  await getVisibleWorkflow(db, auth, workflowId);
  const rows = await findStepsOfWorkflow(db, workflowId);
  return { items: rows.map(presentStep), total: rows.length };
}

export async function getStep(db: Db, auth: AuthContext, id: string) {
  return presentStep(await getVisibleStep(db, auth, id));
}

export async function createStep(db: Db, request: FastifyRequest, auth: AuthContext, input: CreateStep) {
  const config = validConfig(input.type, input.config ?? getStepType(input.type)!.defaults);
  return db.transaction(async (tx) => {
    const { workflow, result: step } = await editGraph(tx, auth, input.workflow_id, (current) => {
      const step: SavedStep = { id: randomUUID(), type: input.type, name: input.name, config, position: input.position ?? nextPosition(current) };
      return { next: { steps: [...current.steps, step], connections: current.connections }, note: `Step "${input.name}" added`, result: step };
    });
    await recordAudit(tx, request, {
      action: 'step.create',
      targetType: 'step',
      targetId: step.id,
      organizationId: workflow.organization_id,
      changes: { workflow_id: workflow.id, type: step.type, name: step.name, version: workflow.version },
    });
    return presentStep((await findStepById(tx, step.id))!);
  });
}

export async function updateStep(db: Db, request: FastifyRequest, auth: AuthContext, id: string, input: UpdateStep) {
  return db.transaction(async (tx) => {
    const row = await getVisibleStep(tx, auth, id);
    const { workflow, result: changes } = await editGraph(tx, auth, row.workflow_id, (current) => {
      const before = current.steps.find((s) => s.id === id);
      if (!before) throw notFound(STEP);
      const after: SavedStep = {
        ...before,
        name: input.name ?? before.name,
        config: input.config !== undefined ? validConfig(before.type, input.config) : before.config,
        position: input.position ?? before.position,
      };
      const changed = (['name', 'config', 'position'] as const).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
      return {
        next: { steps: current.steps.map((s) => (s.id === id ? after : s)), connections: current.connections },
        note: changed.length === 1 && changed[0] === 'position' ? `Step "${after.name}" moved` : `Step "${after.name}" changed`,
        result: Object.fromEntries(changed.map((k) => [k, k === 'config' ? 'changed' : { from: before[k], to: after[k] }])),
      };
    });
    await recordAudit(tx, request, {
      action: 'step.update',
      targetType: 'step',
      targetId: id,
      organizationId: workflow.organization_id,
      changes: { ...changes, workflow_id: workflow.id, version: workflow.version },
    });
    return presentStep((await findStepById(tx, id))!);
  });
}

/** Deletes a step and every connection into or out of it (one new version). */
export async function deleteStep(db: Db, request: FastifyRequest, auth: AuthContext, id: string) {
  return db.transaction(async (tx) => {
    const row = await getVisibleStep(tx, auth, id);
    const targetName = await auditTargetName(tx, 'step', id);
    const { workflow, result } = await editGraph(tx, auth, row.workflow_id, (current) => {
      const step = current.steps.find((s) => s.id === id);
      if (!step) throw notFound(STEP);
      const connections = current.connections.filter((c) => c.source !== id && c.target !== id);
      return {
        next: { steps: current.steps.filter((s) => s.id !== id), connections },
        note: `Step "${step.name}" deleted`,
        result: { name: step.name, type: step.type, connections_removed: current.connections.length - connections.length },
      };
    });
    await recordAudit(tx, request, {
      action: 'step.delete',
      targetType: 'step',
      targetId: id,
      targetName,
      organizationId: workflow.organization_id,
      changes: { ...result, workflow_id: workflow.id, version: workflow.version },
    });
    return { success: true, message: 'Step deleted successfully', workflow_version: workflow.version };
  });
}
