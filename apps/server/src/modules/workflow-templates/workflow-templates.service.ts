import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  DEFAULT_WORKFLOW_CATEGORY,
  type CreateWorkflowTemplate,
  type UpdateWorkflowTemplate,
  type workflowTemplateListQuerySchema,
} from '@admin-portal/contract/workflows/api';
import { structuralProblems, type WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import type { Db, Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { auditTargetName } from '../audit/audit.targets.ts';
import { graphProblemsError } from '../workflows/graph-problems.ts';
import { loadGraph } from '../workflows/workflow-graph.queries.ts';
import { actingOrganization, canSee, listScope } from '../../http/organization-scope.ts';
import { getVisibleWorkflow } from '../workflows/workflows.service.ts';
import { presentTemplate } from './workflow-templates.presenter.ts';
import { findTemplateById, type TemplateRow } from '../workflows/template-rows.queries.ts';
import {
  countTemplates,
  deleteTemplateRow,
  findTemplates,
  insertTemplate,
  templateListFilter,
  updateTemplateRow,
  type TemplateFilter,
} from './workflow-templates.queries.ts';

const TEMPLATE = 'Workflow template';
export const SHIPPED_READ_ONLY = 'Shipped templates are read-only: create a workflow from it, or save a copy as your own template';

type TemplateListQuery = z.infer<typeof workflowTemplateListQuerySchema>;

function buildFilter(auth: AuthContext, query: TemplateListQuery): TemplateFilter {
  return templateListFilter(
    { scope: listScope(auth), organizationId: query.organization_id, kind: query.scope, category: query.category, q: query.q },
    query.sort,
  );
}

export async function listTemplates(db: Db, auth: AuthContext, query: TemplateListQuery) {
  const filter = buildFilter(auth, query);
  const [rows, total] = await Promise.all([findTemplates(db, filter, query), countTemplates(db, filter)]);
  return { items: rows.map(presentTemplate), total, limit: query.limit, offset: query.offset };
}

/** A template the caller may change: an organization's own (shipped ones are read-only; another organization's "not found"). */
async function lockChangeable(tx: Queryable, auth: AuthContext, id: string): Promise<TemplateRow> {
  const row = await findTemplateById(tx, id, true);
  if (!row || (row.organization_id !== null && !canSee(auth, row.organization_id))) throw notFound(TEMPLATE);
  if (row.organization_id === null) throw forbidden(SHIPPED_READ_ONLY);
  return row;
}

function assertSavable(graph: WorkflowGraph): void {
  const problems = structuralProblems(graph);
  if (problems.length > 0) throw graphProblemsError('The template graph cannot be saved', problems);
}

export async function createTemplate(db: Db, request: FastifyRequest, auth: AuthContext, input: CreateWorkflowTemplate) {
  if (input.graph) assertSavable(input.graph);
  return db.transaction(async (tx) => {
    let organizationId = actingOrganization(auth);
    let graph: WorkflowGraph = input.graph!;
    let description = input.description;
    let category = input.category;
    if (input.workflow_id) {
      // Save as template: the workflow's current graph, into the workflow's organization.
      const workflow = await getVisibleWorkflow(tx, auth, input.workflow_id);
      organizationId = workflow.organization_id;
      graph = await loadGraph(tx, workflow.id);
      description ??= workflow.description;
      category ??= workflow.category;
    }
    const row = await insertTemplate(tx, {
      organization_id: organizationId,
      name: input.name,
      description: description ?? '',
      category: category ?? DEFAULT_WORKFLOW_CATEGORY,
      graph,
      created_by: auth.userId,
    });
    await recordAudit(tx, request, {
      action: 'workflow_template.create',
      targetType: 'workflow_template',
      targetId: row.id,
      organizationId,
      changes: { name: row.name, workflow_id: input.workflow_id ?? null, steps: graph.steps.length },
    });
    return presentTemplate(row);
  });
}

export async function updateTemplate(db: Db, request: FastifyRequest, auth: AuthContext, id: string, input: UpdateWorkflowTemplate) {
  if (input.graph) assertSavable(input.graph);
  return db.transaction(async (tx) => {
    const before = await lockChangeable(tx, auth, id);
    const after = await updateTemplateRow(tx, id, input);
    const changes = Object.fromEntries(
      (['name', 'description', 'category'] as const)
        .filter((k) => input[k] !== undefined && input[k] !== before[k])
        .map((k) => [k, { from: before[k], to: input[k] }]),
    );
    if (input.graph) Object.assign(changes, { graph: { steps: input.graph.steps.length, connections: input.graph.connections.length } });
    await recordAudit(tx, request, {
      action: 'workflow_template.update',
      targetType: 'workflow_template',
      targetId: id,
      organizationId: before.organization_id,
      changes,
    });
    return presentTemplate(after);
  });
}

export async function deleteTemplate(db: Db, request: FastifyRequest, auth: AuthContext, id: string) {
  await db.transaction(async (tx) => {
    const row = await lockChangeable(tx, auth, id);
    const targetName = await auditTargetName(tx, 'workflow_template', id);
    await deleteTemplateRow(tx, id);
    await recordAudit(tx, request, {
      action: 'workflow_template.delete',
      targetType: 'workflow_template',
      targetId: id,
      targetName,
      organizationId: row.organization_id,
      changes: { name: row.name },
    });
  });
}
