import type { SavedConnection, SavedStep, VersionState } from '@admin-portal/contract/workflows/api';
import type { Queryable } from '../../db/client.ts';

/** A workflow's graph as stored: steps and connections in document order, every id a UUID. */
export interface StoredGraph {
  steps: SavedStep[];
  connections: SavedConnection[];
}

export const EMPTY_GRAPH: StoredGraph = { steps: [], connections: [] };

export async function loadGraph(db: Queryable, workflowId: string): Promise<StoredGraph> {
  const [steps, connections] = await Promise.all([
    db.query<SavedStep>('select id, type, name, config, position from steps where workflow_id = $1 order by ordinal, id', [workflowId]),
    db.query<SavedConnection>(
      `select id, source_step_id as source, target_step_id as target, condition, label
         from step_connections where workflow_id = $1 order by ordinal, id`,
      [workflowId],
    ),
  ]);
  return { steps: steps.rows, connections: connections.rows };
}

/** Graphs of several workflows at once (two queries), for checks across an organization. */
export async function loadGraphs(db: Queryable, workflowIds: readonly string[]): Promise<Map<string, StoredGraph>> {
  const graphs = new Map<string, StoredGraph>(workflowIds.map((id) => [id, { steps: [], connections: [] }]));
  if (workflowIds.length === 0) return graphs;
  const ids = [...workflowIds];
  const [steps, connections] = await Promise.all([
    db.query<SavedStep & { workflow_id: string }>(
      'select workflow_id, id, type, name, config, position from steps where workflow_id = any($1::uuid[]) order by workflow_id, ordinal, id',
      [ids],
    ),
    db.query<SavedConnection & { workflow_id: string }>(
      `select workflow_id, id, source_step_id as source, target_step_id as target, condition, label
         from step_connections where workflow_id = any($1::uuid[]) order by workflow_id, ordinal, id`,
      [ids],
    ),
  ]);
  for (const { workflow_id, ...s } of steps.rows) graphs.get(workflow_id)!.steps.push(s);
  for (const { workflow_id, ...c } of connections.rows) graphs.get(workflow_id)!.connections.push(c);
  return graphs;
}

/** Whether two JSON values are equal, whatever the key order of their objects (jsonb reorders keys). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const sameStep = (a: SavedStep, b: SavedStep) =>
  a.type === b.type && a.name === b.name && a.position.x === b.position.x && a.position.y === b.position.y && sameJson(a.config, b.config);
const sameConnection = (a: SavedConnection, b: SavedConnection) =>
  a.source === b.source && a.target === b.target && (a.condition ?? null) === (b.condition ?? null) && (a.label ?? null) === (b.label ?? null);

/**
 * Makes the stored graph equal `next` (whose ids are final: existing step/connection ids of this workflow or new
 * UUIDs). Only what changed is written, each kind in one statement: removed connections and steps are deleted,
 * new and changed rows upserted from one JSON parameter. Saving a 500-step graph is a handful of statements,
 * and a one-step change rewrites one row.
 */
export async function writeGraph(db: Queryable, workflow: { id: string; organization_id: string }, next: StoredGraph, current: StoredGraph): Promise<void> {
  const stepIds = next.steps.map((s) => s.id);
  const connectionIds = next.connections.map((c) => c.id);
  const currentSteps = new Map(current.steps.map((s, ordinal) => [s.id, { s, ordinal }]));
  const currentConnections = new Map(current.connections.map((c, ordinal) => [c.id, { c, ordinal }]));
  const keptSteps = new Set(stepIds);
  const keptConnections = new Set(connectionIds);

  if (current.connections.some((c) => !keptConnections.has(c.id))) {
    await db.query('delete from step_connections where workflow_id = $1 and not (id = any($2::uuid[]))', [workflow.id, connectionIds]);
  }
  if (current.steps.some((s) => !keptSteps.has(s.id))) {
    await db.query('delete from steps where workflow_id = $1 and not (id = any($2::uuid[]))', [workflow.id, stepIds]);
  }

  const stepRows = next.steps
    .map((s, ordinal) => ({ s, ordinal }))
    .filter(({ s, ordinal }) => {
      const was = currentSteps.get(s.id);
      return !was || was.ordinal !== ordinal || !sameStep(was.s, s);
    })
    .map(({ s, ordinal }) => ({ id: s.id, type: s.type, name: s.name, config: s.config, position: s.position, ordinal }));
  if (stepRows.length > 0) {
    await db.query(
      `insert into steps (id, workflow_id, organization_id, type, name, config, position, ordinal)
       select x.id, $2, $3, x.type, x.name, x.config, x.position, x.ordinal
         from jsonb_to_recordset($1::jsonb) as x(id uuid, type text, name text, config jsonb, "position" jsonb, ordinal integer)
       on conflict (id) do update set type = excluded.type, name = excluded.name, config = excluded.config,
              position = excluded.position, ordinal = excluded.ordinal, updated_at = now()`,
      [JSON.stringify(stepRows), workflow.id, workflow.organization_id],
    );
  }

  const connectionRows = next.connections
    .map((c, ordinal) => ({ c, ordinal }))
    .filter(({ c, ordinal }) => {
      const was = currentConnections.get(c.id);
      return !was || was.ordinal !== ordinal || !sameConnection(was.c, c);
    })
    .map(({ c, ordinal }) => ({ id: c.id, source: c.source, target: c.target, condition: c.condition, label: c.label, ordinal }));
  if (connectionRows.length > 0) {
    await db.query(
      `insert into step_connections (id, workflow_id, organization_id, source_step_id, target_step_id, condition, label, ordinal)
       select x.id, $2, $3, x.source, x.target, x.condition, x.label, x.ordinal
         from jsonb_to_recordset($1::jsonb) as x(id uuid, source uuid, target uuid, condition text, label text, ordinal integer)
       on conflict (id) do update set source_step_id = excluded.source_step_id, target_step_id = excluded.target_step_id,
              condition = excluded.condition, label = excluded.label, ordinal = excluded.ordinal`,
      [JSON.stringify(connectionRows), workflow.id, workflow.organization_id],
    );
  }
}

/** What a version keeps: the whole graph and the details it was saved with. */
export interface VersionSnapshot extends StoredGraph {
  name: string;
  description: string;
  category: string;
}

export async function insertVersion(
  db: Queryable,
  v: {
    workflowId: string;
    organizationId: string;
    version: number;
    snapshot: VersionSnapshot;
    note: string;
    createdBy: string | null;
    /** A draft beside the live version: pending, saved beside `basedOn`. */
    pendingBesides?: number;
  },
): Promise<void> {
  await db.query(
    `insert into workflow_versions (workflow_id, organization_id, version, graph, note, created_by, state, based_on) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      v.workflowId,
      v.organizationId,
      v.version,
      JSON.stringify(v.snapshot),
      v.note,
      v.createdBy,
      v.pendingBesides === undefined ? 'published' : 'pending',
      v.pendingBesides ?? null,
    ],
  );
}

/** The newest version number saved (drafts included), 0 when none. */
export async function newestVersionNumber(db: Queryable, workflowId: string): Promise<number> {
  const res = await db.query<{ n: number }>('select coalesce(max(version), 0)::int as n from workflow_versions where workflow_id = $1', [workflowId]);
  return res.rows[0]!.n;
}

/** A draft goes live as it was saved: its row is marked published (the number, graph and note stay). */
export async function markVersionPublished(db: Queryable, workflowId: string, version: number): Promise<void> {
  await db.query(`update workflow_versions set state = 'published' where workflow_id = $1 and version = $2`, [workflowId, version]);
}

/** Sets aside every pending draft newer than the live version (the drafts a discard ends); answers how many. */
export async function discardPendingVersions(db: Queryable, workflowId: string, liveVersion: number): Promise<number> {
  const res = await db.query(`update workflow_versions set state = 'discarded' where workflow_id = $1 and state = 'pending' and version > $2`, [
    workflowId,
    liveVersion,
  ]);
  return res.rowCount;
}

export interface VersionSummaryRow {
  workflow_id: string;
  version: number;
  note: string;
  state: VersionState;
  based_on: number | null;
  name: string;
  step_count: number;
  connection_count: number;
  created_by: string | null;
  created_by_email: string | null;
  created_at: Date;
}

const VERSION_SUMMARY_COLUMNS = `v.workflow_id, v.version, v.note, v.state, v.based_on, coalesce(v.graph->>'name', '') as name,
  coalesce(jsonb_array_length(v.graph->'steps'), 0)::int as step_count,
  coalesce(jsonb_array_length(v.graph->'connections'), 0)::int as connection_count,
  v.created_by, u.email as created_by_email, v.created_at`;

export async function findVersions(db: Queryable, workflowId: string, page: { limit: number; offset: number }): Promise<VersionSummaryRow[]> {
  const res = await db.query<VersionSummaryRow>(
    `select ${VERSION_SUMMARY_COLUMNS} from workflow_versions v left join users u on u.id = v.created_by
      where v.workflow_id = $1 order by v.version desc limit ${page.limit} offset ${page.offset}`,
    [workflowId],
  );
  return res.rows;
}

export async function countVersions(db: Queryable, workflowId: string): Promise<number> {
  const res = await db.query<{ n: number }>('select count(*)::int as n from workflow_versions where workflow_id = $1', [workflowId]);
  return res.rows[0]!.n;
}

export interface VersionRow extends VersionSummaryRow {
  graph: VersionSnapshot;
}

export async function findVersion(db: Queryable, workflowId: string, version: number): Promise<VersionRow | null> {
  const res = await db.query<VersionRow>(
    `select ${VERSION_SUMMARY_COLUMNS}, v.graph from workflow_versions v left join users u on u.id = v.created_by
      where v.workflow_id = $1 and v.version = $2`,
    [workflowId, version],
  );
  return res.rows[0] ?? null;
}

/** The ids of a graph's steps and connections. */
export interface GraphIds {
  steps: string[];
  connections: string[];
}

export const idsOf = (graph: StoredGraph): GraphIds => ({ steps: graph.steps.map((s) => s.id), connections: graph.connections.map((c) => c.id) });

/** Of these step and connection ids, those that belong to another workflow (so a restore must not reuse them). */
export async function idsUsedElsewhere(db: Queryable, workflowId: string, ids: GraphIds): Promise<{ steps: Set<string>; connections: Set<string> }> {
  const [steps, connections] = await Promise.all([
    db.query<{ id: string }>('select id from steps where id = any($1::uuid[]) and workflow_id <> $2', [ids.steps, workflowId]),
    db.query<{ id: string }>('select id from step_connections where id = any($1::uuid[]) and workflow_id <> $2', [ids.connections, workflowId]),
  ]);
  return { steps: new Set(steps.rows.map((r) => r.id)), connections: new Set(connections.rows.map((r) => r.id)) };
}
