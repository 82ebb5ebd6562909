import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assignIds } from './graph-ids.ts';
import { commitGraph } from './save-graph.ts';
import { countVersions, findVersion, findVersions, idsUsedElsewhere, loadGraph } from './workflow-graph.queries.ts';
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

/**
 * Makes an older version's graph and details the newest version (nothing is lost: the versions in between stay).
 * Steps keep the ids they had in that version, so applications and events that name them still match, unless
 * an id now belongs to another workflow (then it gets a new one).
 */
export async function restoreVersion(db: Db, request: FastifyRequest, auth: AuthContext, id: string, version: number) {
  return db.transaction(async (tx) => {
    const workflow = await lockVisibleWorkflow(tx, auth, id);
    const row = await findVersion(tx, id, version);
    if (!row) throw notFound(VERSION);
    const snapshot = { steps: row.graph.steps ?? [], connections: row.graph.connections ?? [] };
    const [current, elsewhere] = await Promise.all([loadGraph(tx, id), idsUsedElsewhere(tx, id, snapshot)]);
    const keep = {
      steps: new Set(snapshot.steps.map((s) => s.id).filter((s) => !elsewhere.steps.has(s))),
      connections: new Set(snapshot.connections.map((c) => c.id).filter((c) => !elsewhere.connections.has(c))),
    };
    const { graph } = assignIds(snapshot, keep);
    const saved = await commitGraph(tx, {
      workflow,
      next: graph,
      current,
      details: { name: row.graph.name, description: row.graph.description, category: row.graph.category },
      note: `Restored from version ${version}`,
      actorId: auth.userId,
    });
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
