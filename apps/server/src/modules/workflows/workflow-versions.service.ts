import type { FastifyRequest } from 'fastify';
import { DRAFT_MESSAGES, type SaveWorkflowDraft } from '@admin-portal/contract/workflows/api';
import { structuralProblems } from '@admin-portal/contract/workflows/graph';
import type { Db, Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assignIds, type KeepIds } from './graph-ids.ts';
import { graphProblemsError } from './graph-problems.ts';
import { ARCHIVED_READ_ONLY, commitGraph, withDefaults } from './save-graph.ts';
import {
  countVersions,
  discardPendingVersions,
  findVersion,
  findVersions,
  idsOf,
  idsUsedElsewhere,
  insertVersion,
  loadGraph,
  newestVersionNumber,
  type GraphIds,
  type StoredGraph,
  type VersionRow,
} from './workflow-graph.queries.ts';
import type { WorkflowRow } from './workflows.queries.ts';
import { presentVersion, presentVersionSummary, presentWorkflowDetail } from './workflows.presenter.ts';
import { countApplications } from './workflows.queries.ts';
import { getVisibleWorkflow, lockVisibleWorkflow } from './workflows.service.ts';

const VERSION = 'Workflow version';

export async function listVersions(db: Db, auth: AuthContext, id: string, page: { limit: number; offset: number }) {
  const workflow = await getVisibleWorkflow(db, auth, id);
  const [rows, total] = await Promise.all([findVersions(db, id, page), countVersions(db, id)]);
  return { items: rows.map((r) => presentVersionSummary(r, workflow.version)), total, limit: page.limit, offset: page.offset };
}

export async function getVersion(db: Db, auth: AuthContext, id: string, version: number) {
  const workflow = await getVisibleWorkflow(db, auth, id);
  const row = await findVersion(db, id, version);
  if (!row) throw notFound(VERSION);
  return presentVersion(row, workflow.version);
}

const graphOf = (row: VersionRow): StoredGraph => ({ steps: row.graph.steps ?? [], connections: row.graph.connections ?? [] });

/** Of these ids, those a saved graph may keep: the ones no other workflow holds now (a restore's, a draft's, a publish's rule). */
async function keptIds(tx: Queryable, id: string, ids: GraphIds): Promise<KeepIds> {
  const elsewhere = await idsUsedElsewhere(tx, id, ids);
  return {
    steps: new Set(ids.steps.filter((s) => !elsewhere.steps.has(s))),
    connections: new Set(ids.connections.filter((c) => !elsewhere.connections.has(c))),
  };
}

/**
 * Saves a version's graph and details as the workflow's (the one save path, its checks included): a restore as a new
 * version, a draft being published under its own number. Steps keep the ids they had in that version, so applications
 * and events that name them still match, unless an id now belongs to another workflow (then it gets a new one).
 */
async function applyVersion(
  tx: Queryable,
  workflow: WorkflowRow,
  row: VersionRow,
  how: { note: string; actorId: string | null; publishing?: number },
): Promise<Awaited<ReturnType<typeof commitGraph>>> {
  const snapshot = graphOf(row);
  const [current, keep] = await Promise.all([loadGraph(tx, workflow.id), keptIds(tx, workflow.id, idsOf(snapshot))]);
  return commitGraph(tx, {
    workflow,
    next: assignIds(snapshot, keep).graph,
    current,
    details: { name: row.graph.name, description: row.graph.description, category: row.graph.category },
    ...how,
  });
}

/** Makes an older version's graph and details the newest version (nothing is lost: the versions in between stay). */
export async function restoreVersion(db: Db, request: FastifyRequest, auth: AuthContext, id: string, version: number) {
  return db.transaction(async (tx) => {
    const workflow = await lockVisibleWorkflow(tx, auth, id);
    const row = await findVersion(tx, id, version);
    if (!row) throw notFound(VERSION);
    const saved = await applyVersion(tx, workflow, row, { note: `Restored from version ${version}`, actorId: auth.userId });
    await recordAudit(tx, request, {
      action: 'workflow.restore',
      targetType: 'workflow',
      targetId: id,
      organizationId: workflow.organization_id,
      changes: { restored_version: version, version: { from: workflow.version, to: saved.workflow.version } },
    });
    return presentWorkflowDetail(saved.workflow, saved.graph, (await countApplications(tx, id)).total);
  });
}

/** The draft the caller may act on: a pending version that is the newest one saved. */
async function pendingDraft(tx: Queryable, workflow: WorkflowRow, version: number): Promise<VersionRow> {
  const row = await findVersion(tx, workflow.id, version);
  if (!row) throw notFound(VERSION);
  if (row.state !== 'pending') throw conflict(DRAFT_MESSAGES.notPending);
  if (version !== (await newestVersionNumber(tx, workflow.id))) throw conflict(DRAFT_MESSAGES.notNewest);
  return row;
}

/**
 * Saves a graph as a draft beside the live version of an active workflow (ADR 0062): a new version, pending, that
 * applications do not start on. Only structural problems refuse it; the activation checks run when it is published.
 * Steps keep the ids they have live or in the draft it continues, so a published draft's steps match the cases that
 * named them.
 */
export async function saveDraft(db: Db, request: FastifyRequest, auth: AuthContext, id: string, input: SaveWorkflowDraft) {
  return db.transaction(async (tx) => {
    const workflow = await lockVisibleWorkflow(tx, auth, id);
    if (workflow.status === 'archived') throw conflict(ARCHIVED_READ_ONLY);
    if (workflow.status !== 'active') throw conflict(DRAFT_MESSAGES.onlyActive);
    const newest = await newestVersionNumber(tx, id);
    if (input.expected_version !== undefined && input.expected_version !== newest) {
      const message = DRAFT_MESSAGES.newerSaved(newest, input.expected_version);
      throw conflict(message, [{ field: 'expected_version', message }]);
    }
    const structural = structuralProblems(input.graph);
    if (structural.length > 0) throw graphProblemsError('The graph cannot be saved', structural);
    const live = await loadGraph(tx, id);
    const continued = workflow.pending_version === null ? null : await findVersion(tx, id, workflow.pending_version);
    const liveIds = idsOf(live);
    const draftIds = continued ? idsOf(graphOf(continued)) : { steps: [], connections: [] };
    const keep = await keptIds(tx, id, {
      steps: [...liveIds.steps, ...draftIds.steps],
      connections: [...liveIds.connections, ...draftIds.connections],
    });
    const { graph } = assignIds(input.graph, keep);
    const version = newest + 1;
    await insertVersion(tx, {
      workflowId: id,
      organizationId: workflow.organization_id,
      version,
      snapshot: {
        name: input.name ?? continued?.graph.name ?? workflow.name,
        description: input.description ?? continued?.graph.description ?? workflow.description,
        category: input.category ?? continued?.graph.category ?? workflow.category,
        ...withDefaults(graph),
      },
      note: 'Draft saved',
      createdBy: auth.userId,
      pendingBesides: workflow.version,
    });
    await recordAudit(tx, request, {
      action: 'workflow.draft_save',
      targetType: 'workflow',
      targetId: id,
      organizationId: workflow.organization_id,
      changes: { version, live_version: workflow.version, steps: graph.steps.length, connections: graph.connections.length },
    });
    return presentVersion((await findVersion(tx, id, version))!, workflow.version);
  });
}

/**
 * Makes the pending draft the live version, under its own number (its simulation runs stay with it): the activation
 * checks run as for any save of an active workflow, and the live version must still be the one the draft was saved
 * beside, so nobody's live change is overwritten unseen.
 */
export async function publishDraft(db: Db, request: FastifyRequest, auth: AuthContext, id: string, version: number) {
  return db.transaction(async (tx) => {
    const workflow = await lockVisibleWorkflow(tx, auth, id);
    if (workflow.status === 'archived') throw conflict(ARCHIVED_READ_ONLY);
    const row = await pendingDraft(tx, workflow, version);
    if (row.based_on !== workflow.version) throw conflict(DRAFT_MESSAGES.liveChanged(workflow.version, row.based_on ?? 0));
    const saved = await applyVersion(tx, workflow, row, { note: row.note, actorId: auth.userId, publishing: version });
    await recordAudit(tx, request, {
      action: 'workflow.publish',
      targetType: 'workflow',
      targetId: id,
      organizationId: workflow.organization_id,
      changes: { version: { from: workflow.version, to: saved.workflow.version } },
    });
    return presentWorkflowDetail(saved.workflow, saved.graph, (await countApplications(tx, id)).total);
  });
}

/** Sets the pending draft aside (kept in the history as discarded); the live version is untouched. */
export async function discardDraft(db: Db, request: FastifyRequest, auth: AuthContext, id: string, version: number) {
  return db.transaction(async (tx) => {
    const workflow = await lockVisibleWorkflow(tx, auth, id);
    if (workflow.status === 'archived') throw conflict(ARCHIVED_READ_ONLY);
    await pendingDraft(tx, workflow, version);
    const discarded = await discardPendingVersions(tx, id, workflow.version);
    await recordAudit(tx, request, {
      action: 'workflow.draft_discard',
      targetType: 'workflow',
      targetId: id,
      organizationId: workflow.organization_id,
      changes: { version, live_version: workflow.version, discarded },
    });
    return presentVersion((await findVersion(tx, id, version))!, workflow.version);
  });
}
