/**
 * Test factories for workflows, templates, tools and applications: rows written directly (no HTTP, no audit),
 * so tests and the policy matrix can set up what a call needs.
 */
import type { WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import type { Db } from '../db/client.ts';
import { insertTemplate } from '../modules/workflow-templates/workflow-templates.queries.ts';
import { assignIds } from '../modules/workflows/graph-ids.ts';
import { createWorkflowWithGraph } from '../modules/workflows/save-graph.ts';
import { findVersion, insertVersion } from '../modules/workflows/workflow-graph.queries.ts';

const step = (id: string, type: string, config: Record<string, unknown> = {}, x = 0) => ({ id, type, name: id, config, position: { x, y: 0 } });
const link = (source: string, target: string, condition: string | null = null) => ({ source, target, condition, label: null });

/** A small complete graph that passes activation: start → details (form) → review (approval) → ok / no (ends). */
export function sampleGraph(): WorkflowGraph {
  return {
    steps: [
      step('start', 'start', { trigger: 'api', required_fields: [] }, 0),
      step('details', 'form', { title: 'Details', fields: [{ key: 'full_name', label: 'Full name' }] }, 280),
      step('review', 'approval', {}, 560),
      step('ok', 'end', { outcome: 'approved' }, 840),
      step('no', 'end', { outcome: 'rejected' }, 840),
    ],
    connections: [link('start', 'details'), link('details', 'review'), link('review', 'ok', 'approved'), link('review', 'no', 'rejected')],
  };
}

export interface TestWorkflow {
  id: string;
  organizationId: string;
  /** Final step id by the key in the graph it was made from. */
  steps: Record<string, string>;
  /** Step type by the same key. */
  types: Record<string, string>;
  connections: string[];
}

export async function createTestWorkflow(
  db: Db,
  organizationId: string,
  options: { name?: string; status?: 'draft' | 'active'; graph?: WorkflowGraph; category?: string } = {},
): Promise<TestWorkflow> {
  const source = options.graph ?? sampleGraph();
  const { graph, clientKeys } = assignIds(source, { steps: new Set(), connections: new Set() });
  const created = await db.transaction((tx) =>
    createWorkflowWithGraph(tx, {
      organizationId,
      name: options.name ?? `Workflow ${Math.random().toString(36).slice(2, 8)}`,
      description: 'A test workflow',
      category: options.category ?? 'testing',
      status: options.status ?? 'draft',
      graph,
      note: 'Created',
      actorId: null,
    }),
  );
  return {
    id: created.workflow.id,
    organizationId,
    steps: Object.fromEntries([...clientKeys].map(([id, key]) => [key, id])),
    types: Object.fromEntries(source.steps.map((s) => [s.id, s.type])),
    connections: created.graph.connections.map((c) => c.id),
  };
}

/** A pending draft of an active workflow beside its live version 1: version 2, a copy of version 1 (ADR 0062). */
export async function createTestDraft(db: Db, workflow: TestWorkflow): Promise<number> {
  const live = (await findVersion(db, workflow.id, 1))!;
  await insertVersion(db, {
    workflowId: workflow.id,
    organizationId: workflow.organizationId,
    version: 2,
    snapshot: live.graph,
    note: 'Draft saved',
    createdBy: null,
    pendingBesides: 1,
  });
  return 2;
}

export async function createTestTemplate(db: Db, organizationId: string | null, options: { name?: string; graph?: WorkflowGraph } = {}) {
  return insertTemplate(db, {
    organization_id: organizationId,
    name: options.name ?? `Template ${Math.random().toString(36).slice(2, 8)}`,
    description: 'A test template',
    category: 'testing',
    graph: options.graph ?? sampleGraph(),
    created_by: null,
  });
}

export async function insertTool(db: Db, organizationId: string, name: string, status = 'approved', isEnabled = true): Promise<string> {
  const res = await db.query<{ id: string }>(
    `insert into tools (organization_id, name, description, tool_type, status, is_enabled) values ($1, $2, 'A test tool', 'http_request', $3, $4) returning id`,
    [organizationId, name, status, isEnabled],
  );
  return res.rows[0]!.id;
}

export async function insertApplication(
  db: Db,
  workflow: { id: string; organizationId: string },
  options: { status?: string; currentStepId?: string | null; createdAgo?: string; updatedAgo?: string; completedAgo?: string | null } = {},
): Promise<string> {
  const res = await db.query<{ id: string }>(
    `insert into applications (organization_id, workflow_id, workflow_version, status, current_step_id, created_at, updated_at, completed_at)
     values ($1, $2, 1, $3, $4, now() - $5::interval, now() - $6::interval, case when $7::text is null then null else now() - $7::interval end)
     returning id`,
    [
      workflow.organizationId,
      workflow.id,
      options.status ?? 'pending',
      options.currentStepId ?? null,
      options.createdAgo ?? '0 seconds',
      options.updatedAgo ?? options.createdAgo ?? '0 seconds',
      options.completedAgo ?? null,
    ],
  );
  return res.rows[0]!.id;
}

export async function insertApplicationEvent(
  db: Db,
  application: { id: string; organizationId: string },
  type: string,
  stepId: string | null | undefined,
): Promise<void> {
  await db.query('insert into application_events (application_id, organization_id, type, step_id) values ($1, $2, $3, $4)', [
    application.id,
    application.organizationId,
    type,
    stepId ?? null,
  ]);
}
