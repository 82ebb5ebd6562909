import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_WORKFLOW_CATEGORY,
  WORKFLOW_TRANSITIONS,
  type CreateCompleteWorkflow,
  type CreateWorkflow,
  type SaveWorkflowGraph,
  type UpdateWorkflow,
  type WorkflowListQuery,
  type WorkflowValidation,
} from '@admin-portal/contract/workflows/api';
import { structuralProblems } from '@admin-portal/contract/workflows/graph';
import { starterGraph } from '@admin-portal/contract/workflows/starter-graph';
import type { Db, Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { auditTargetName } from '../audit/audit.targets.ts';
import { findTemplateById } from './template-rows.queries.ts';
import { assignIds, copyWithNewIds, keepExisting } from './graph-ids.ts';
import { graphProblemsError, presentProblems } from './graph-problems.ts';
import { activationCheck, ARCHIVED_READ_ONLY, commitGraph, createWorkflowWithGraph } from './save-graph.ts';
import { actingOrganization, assertVisible, canSee, listScope } from '../../http/organization-scope.ts';
import { presentWorkflow, presentWorkflowDetail } from './workflows.presenter.ts';
import { EMPTY_GRAPH, loadGraph } from './workflow-graph.queries.ts';
import {
  countApplications,
  countWorkflows,
  deleteWorkflowRow,
  findWorkflowById,
  findWorkflowRowById,
  findWorkflows,
  lockWorkflow,
  updateWorkflowRow,
  workflowListFilter,
  type WorkflowFilter,
  type WorkflowListRow,
  type WorkflowRow,
} from './workflows.queries.ts';

const WORKFLOW = 'Workflow';

function buildFilter(auth: AuthContext, query: WorkflowListQuery): WorkflowFilter {
  return workflowListFilter(
    { scope: listScope(auth), organizationId: query.organization_id, status: query.status, category: query.category, q: query.q },
    query.sort,
  );
}

export async function listWorkflows(db: Db, auth: AuthContext, query: WorkflowListQuery) {
  const filter = buildFilter(auth, query);
  const [rows, total] = await Promise.all([findWorkflows(db, filter, query), countWorkflows(db, filter)]);
  return { items: rows.map((r) => presentWorkflow(r, r)), total, limit: query.limit, offset: query.offset };
}

/** A workflow the caller may see (another organization's is "not found"). */
/** A workflow the caller may see (its own columns; `getVisibleWorkflowWithCounts` adds its step and application counts). */
export async function getVisibleWorkflow(db: Queryable, auth: AuthContext, id: string): Promise<WorkflowRow> {
  const row = await findWorkflowRowById(db, id);
  assertVisible(auth, row, WORKFLOW);
  return row;
}

export async function getVisibleWorkflowWithCounts(db: Queryable, auth: AuthContext, id: string): Promise<WorkflowListRow> {
  const row = await findWorkflowById(db, id);
  assertVisible(auth, row, WORKFLOW);
  return row;
}

/** Locks a workflow the caller may see, for a change. */
export async function lockVisibleWorkflow(tx: Queryable, auth: AuthContext, id: string, forDelete = false): Promise<WorkflowRow> {
  const row = await lockWorkflow(tx, id, forDelete);
  assertVisible(auth, row, WORKFLOW);
  return row;
}

export async function getWorkflowDetail(db: Db, auth: AuthContext, id: string) {
  const row = await getVisibleWorkflowWithCounts(db, auth, id);
  return presentWorkflowDetail(row, await loadGraph(db, id), row.application_count);
}

const graphSummary = (graph: { steps: unknown[]; connections: unknown[] }) => ({ steps: graph.steps.length, connections: graph.connections.length });

export async function createWorkflow(db: Db, request: FastifyRequest, auth: AuthContext, input: CreateWorkflow) {
  const organizationId = actingOrganization(auth);
  return db.transaction(async (tx) => {
    // Blank is the same start as the menu's Visual Builder: Start connected to End.
    let graph = copyWithNewIds(starterGraph());
    let note = 'Created';
    let description = input.description;
    let category = input.category;
    if (input.template_id) {
      const template = await findTemplateById(tx, input.template_id);
      if (!template || (template.organization_id !== null && !canSee(auth, template.organization_id))) throw notFound('Workflow template');
      graph = copyWithNewIds(template.graph);
      note = `Created from template "${template.name}"`;
      description ??= template.description;
      category ??= template.category;
    }
    const created = await createWorkflowWithGraph(tx, {
      organizationId,
      name: input.name,
      description: description ?? '',
      category: category ?? DEFAULT_WORKFLOW_CATEGORY,
      status: 'draft',
      graph,
      note,
      actorId: auth.userId,
    });
    await recordAudit(tx, request, {
      action: 'workflow.create',
      targetType: 'workflow',
      targetId: created.workflow.id,
      organizationId,
      changes: { name: input.name, template_id: input.template_id ?? null, ...graphSummary(created.graph) },
    });
    return presentWorkflowDetail(created.workflow, created.graph, 0);
  });
}

export async function createCompleteWorkflow(db: Db, request: FastifyRequest, auth: AuthContext, input: CreateCompleteWorkflow) {
  const organizationId = actingOrganization(auth);
  const structural = structuralProblems(input.graph);
  if (structural.length > 0) throw graphProblemsError('The graph cannot be saved', structural);
  const { graph, clientKeys } = assignIds(input.graph, keepExisting(EMPTY_GRAPH));
  return db.transaction(async (tx) => {
    const created = await createWorkflowWithGraph(tx, {
      organizationId,
      name: input.name,
      description: input.description ?? '',
      category: input.category ?? DEFAULT_WORKFLOW_CATEGORY,
      status: input.status ?? 'draft',
      graph,
      note: 'Created with its graph',
      actorId: auth.userId,
      clientKeys,
    });
    await recordAudit(tx, request, {
      action: 'workflow.create',
      targetType: 'workflow',
      targetId: created.workflow.id,
      organizationId,
      changes: { name: input.name, status: created.workflow.status, ...graphSummary(created.graph) },
    });
    return presentWorkflowDetail(created.workflow, created.graph, 0);
  });
}

export async function updateWorkflow(db: Db, request: FastifyRequest, auth: AuthContext, id: string, input: UpdateWorkflow) {
  return db.transaction(async (tx) => {
    const before = await lockVisibleWorkflow(tx, auth, id);
    const status = input.status ?? before.status;
    if (status !== before.status && !WORKFLOW_TRANSITIONS[before.status].includes(status)) {
      const message = `A ${before.status} workflow cannot become ${status} (allowed: ${WORKFLOW_TRANSITIONS[before.status].join(', ')})`;
      throw conflict(message, [{ field: 'status', message }]);
    }
    const detailsChange = (['name', 'description', 'category'] as const).some((k) => input[k] !== undefined && input[k] !== before[k]);
    if (before.status === 'archived' && status === 'archived' && detailsChange) throw conflict(ARCHIVED_READ_ONLY);
    if (status === 'active' && before.status !== 'active') {
      const problems = await activationCheck(tx, before.organization_id, await loadGraph(tx, id));
      if (problems.length > 0) throw graphProblemsError('The workflow cannot be activated', problems);
    }
    const after = await updateWorkflowRow(tx, id, input, auth.userId, 'same');
    const changes = Object.fromEntries(
      (['name', 'description', 'category', 'status'] as const)
        .filter((k) => input[k] !== undefined && input[k] !== before[k])
        .map((k) => [k, { from: before[k], to: input[k] }]),
    );
    await recordAudit(tx, request, { action: 'workflow.update', targetType: 'workflow', targetId: id, organizationId: before.organization_id, changes });
    const counts = (await findWorkflowById(tx, id))!;
    return presentWorkflow(after, counts);
  });
}

export async function deleteWorkflow(db: Db, request: FastifyRequest, auth: AuthContext, id: string) {
  await db.transaction(async (tx) => {
    const row = await lockVisibleWorkflow(tx, auth, id, true);
    const apps = await countApplications(tx, id);
    if (apps.total > 0) {
      throw conflict(
        `This workflow has ${apps.total} application${apps.total === 1 ? '' : 's'} (${apps.open} still open) whose history refers to it; archive it instead of deleting it`,
      );
    }
    const targetName = await auditTargetName(tx, 'workflow', id);
    await deleteWorkflowRow(tx, id);
    await recordAudit(tx, request, {
      action: 'workflow.delete',
      targetType: 'workflow',
      targetId: id,
      targetName,
      organizationId: row.organization_id,
      changes: { name: row.name, version: row.version },
    });
  });
}

export async function saveWorkflowGraph(db: Db, request: FastifyRequest, auth: AuthContext, id: string, input: SaveWorkflowGraph) {
  return db.transaction(async (tx) => {
    const row = await lockVisibleWorkflow(tx, auth, id);
    if (row.status === 'archived') throw conflict(ARCHIVED_READ_ONLY);
    if (input.expected_version !== undefined && input.expected_version !== row.version) {
      const message = `The workflow was saved by someone else in the meantime (now version ${row.version}, you edited version ${input.expected_version}); reload it and apply your changes again`;
      throw conflict(message, [{ field: 'expected_version', message }]);
    }
    const structural = structuralProblems(input.graph);
    if (structural.length > 0) throw graphProblemsError('The graph cannot be saved', structural);
    const current = await loadGraph(tx, id);
    const { graph, clientKeys } = assignIds(input.graph, keepExisting(current));
    const saved = await commitGraph(tx, {
      workflow: row,
      next: graph,
      current,
      details: { name: input.name, description: input.description, category: input.category },
      note: 'Graph saved',
      actorId: auth.userId,
      clientKeys,
    });
    await recordAudit(tx, request, {
      action: 'workflow.graph_save',
      targetType: 'workflow',
      targetId: id,
      organizationId: row.organization_id,
      changes: { version: { from: row.version, to: saved.workflow.version }, ...graphSummary(saved.graph) },
    });
    return presentWorkflowDetail(saved.workflow, saved.graph, (await countApplications(tx, id)).total);
  });
}

const COPY_SUFFIX = ' (copy)';

export async function duplicateWorkflow(db: Db, request: FastifyRequest, auth: AuthContext, id: string, name: string | undefined) {
  return db.transaction(async (tx) => {
    const source = await getVisibleWorkflow(tx, auth, id);
    const graph = copyWithNewIds(await loadGraph(tx, id));
    const created = await createWorkflowWithGraph(tx, {
      organizationId: source.organization_id,
      name: name ?? `${source.name.slice(0, 200 - COPY_SUFFIX.length)}${COPY_SUFFIX}`,
      description: source.description,
      category: source.category,
      status: 'draft',
      graph,
      note: `Duplicated from "${source.name}" version ${source.version}`,
      actorId: auth.userId,
    });
    await recordAudit(tx, request, {
      action: 'workflow.duplicate',
      targetType: 'workflow',
      targetId: created.workflow.id,
      organizationId: source.organization_id,
      changes: { source_id: id, source_version: source.version, ...graphSummary(graph) },
    });
    return presentWorkflowDetail(created.workflow, created.graph, 0);
  });
}

/** What activation would say now, changing nothing. */
export async function validateWorkflow(db: Db, auth: AuthContext, id: string): Promise<WorkflowValidation> {
  const row = await getVisibleWorkflow(db, auth, id);
  const problems = await activationCheck(db, row.organization_id, await loadGraph(db, id));
  return { valid: problems.length === 0, problems: presentProblems(problems) };
}
