import { Position, type Edge, type Node, type NodeHandle, type XYPosition } from '@xyflow/react';
import type { StepTypeDescription, WorkflowDetail } from '@admin-portal/contract/workflows/api';
import { POSITION_LIMIT, type WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import { starterGraph } from '@admin-portal/contract/workflows/starter-graph';
import { stepBranches } from '@admin-portal/contract/workflows/step-types/registry';

/*
 * The builder's document: React Flow nodes and edges, converted to and from the API's graph document. Pure
 * functions only, so the rules (which connections are allowed, what pasting does) are unit-tested without a canvas.
 */

export interface StepData extends Record<string, unknown> {
  type: string;
  name: string;
  config: Record<string, unknown>;
}
export type StepNode = Node<StepData, 'step'>;

export interface ConnectionData extends Record<string, unknown> {
  /** The branch of the source step this connection carries (null for single-output steps). */
  condition: string | null;
}
export type StepEdge = Edge<ConnectionData>;

export interface BuilderGraph {
  nodes: StepNode[];
  edges: StepEdge[];
}

/** Handle ids: every step has one input; a single-output step one output; a branching step one per branch. */
export const INPUT_HANDLE = 'in';
export const OUTPUT_HANDLE = 'out';

export type StepTypes = ReadonlyMap<string, StepTypeDescription>;

export function stepTypeMap(items: readonly StepTypeDescription[]): StepTypes {
  return new Map(items.map((t) => [t.type, t]));
}

let keyCounter = 0;
/** A client key for a step or connection not saved yet (the server gives it a UUID on save). */
export function newKey(prefix: 'n' | 'e'): string {
  keyCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${keyCounter.toString(36)}`;
}

/**
 * A branching step's outputs by its data object (never changed in place: an edit makes a new one): a load asks for
 * each step's outputs more than once (its geometry, each of its connections), and each answer checks the config with
 * the type's schema.
 */
const branchOutputs = new WeakMap<StepData, { types: StepTypes; outputs: { id: string; label: string | null }[] }>();

/** The outputs a step offers: a branch id per branch, else one plain output, else none. */
export function outputHandles(types: StepTypes, data: StepData): { id: string; label: string | null }[] {
  const type = types.get(data.type);
  if (!type || type.outputs === 'none') return [];
  if (type.outputs === 'single') return [{ id: OUTPUT_HANDLE, label: null }];
  const known = branchOutputs.get(data);
  if (known?.types === types) return known.outputs;
  const outputs = stepBranches(data.type, data.config).map((b) => ({ id: b.id, label: b.label }));
  branchOutputs.set(data, { types, outputs });
  return outputs;
}

/*
 * A step's size and handle positions as builder.css lays a step out (every length there is a whole pixel for this):
 * 220 px wide; a 1 px border (5 px on the left) and 6 px / 10 px padding; an 18 px header line and a 17 px name line;
 * a branching step adds a list (5 px margin, 1 px rule, 3 px padding) of 18 px branch lines; at least 64 px tall.
 * Handles are 11 px, centred on the outer border; branch handles centred on their line.
 */
const STEP_WIDTH = 220;
const STEP_MIN_HEIGHT = 64;
const FIRST_BRANCH_TOP = 51;
const BRANCH_LINE = 18;
const BELOW_BRANCHES = 7;
const HANDLE = 11;
/** Names up to this length fit the name line in any font the builder falls back to; longer ones may wrap. */
const ONE_LINE_NAME = 18;

/**
 * The geometry a loaded step will have on the canvas, handed to React Flow with the step so it draws the workflow and
 * its connections in one pass instead of measuring 500 steps first. Null when it cannot be sure (a long name may wrap,
 * an unknown type): React Flow measures those. Whenever React Flow does measure a step, its numbers win
 * (`withMeasuredGeometry`).
 */
export function estimatedGeometry(types: StepTypes, data: StepData): { measured: { width: number; height: number }; handles: NodeHandle[] } | null {
  const type = types.get(data.type);
  if (!type || data.name.length > ONE_LINE_NAME) return null;
  const outputs = outputHandles(types, data);
  const branching = type.outputs === 'branches';
  const height = branching ? Math.max(STEP_MIN_HEIGHT, FIRST_BRANCH_TOP + BRANCH_LINE * outputs.length + BELOW_BRANCHES) : STEP_MIN_HEIGHT;
  const middle = (height - HANDLE) / 2;
  const right = STEP_WIDTH - HANDLE / 2;
  const handles: NodeHandle[] = [];
  if (type.accepts_input) handles.push({ id: INPUT_HANDLE, type: 'target', position: Position.Left, x: -HANDLE / 2, y: middle, width: HANDLE, height: HANDLE });
  outputs.forEach((o, i) => {
    const y = branching ? FIRST_BRANCH_TOP + BRANCH_LINE * i + (BRANCH_LINE - HANDLE) / 2 : middle;
    handles.push({ id: o.id, type: 'source', position: Position.Right, x: right, y, width: HANDLE, height: HANDLE });
  });
  return { measured: { width: STEP_WIDTH, height }, handles };
}

/**
 * React Flow measured these steps (a `dimensions` change): drop the estimated handles, or React Flow would take them
 * again over its measurement whenever the step object changes.
 */
export function withMeasuredGeometry(nodes: StepNode[], measuredIds: ReadonlySet<string>): StepNode[] {
  if (measuredIds.size === 0) return nodes;
  return nodes.map((n) => (measuredIds.has(n.id) ? withoutComputedHandles(n) : n));
}

function withoutComputedHandles(node: StepNode): StepNode {
  if (node.handles === undefined) return node;
  const { handles: _computed, ...rest } = node;
  return rest;
}

const branchLabel = (types: StepTypes, data: StepData | undefined, condition: string | null): string | undefined => {
  if (!data || condition === null) return undefined;
  return outputHandles(types, data).find((h) => h.id === condition)?.label ?? condition;
};

export function makeEdge(
  types: StepTypes,
  nodes: ReadonlyMap<string, StepNode>,
  id: string,
  source: string,
  target: string,
  condition: string | null,
): StepEdge {
  const label = branchLabel(types, nodes.get(source)?.data, condition);
  return {
    id,
    source,
    target,
    sourceHandle: condition ?? OUTPUT_HANDLE,
    targetHandle: INPUT_HANDLE,
    data: { condition },
    ...(label ? { label } : {}),
    ...(condition ? { className: `edge-branch edge-branch-${condition}` } : {}),
  };
}

export function fromDetail(detail: Pick<WorkflowDetail, 'steps' | 'connections'>, types: StepTypes): BuilderGraph {
  const nodes: StepNode[] = detail.steps.map((s) => {
    const data: StepData = { type: s.type, name: s.name, config: s.config };
    return { id: s.id, type: 'step', position: { x: s.position.x, y: s.position.y }, data, ...estimatedGeometry(types, data) };
  });
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const edges = detail.connections.map((c) => makeEdge(types, byId, c.id, c.source, c.target, c.condition));
  return { nodes, edges };
}

/**
 * A new workflow in the builder: the contract's starter graph (Start connected to End), as New workflow → Blank makes
 * it on the server, with client keys for the save to replace.
 */
export function newWorkflowGraph(types: StepTypes): BuilderGraph {
  const starter = starterGraph();
  const ids = new Map(starter.steps.map((s) => [s.id, newKey('n')]));
  const key = (id: string) => ids.get(id) ?? id;
  return fromDetail(
    {
      steps: starter.steps.map((s) => ({ ...s, id: key(s.id) })),
      connections: starter.connections.map((c) => ({
        id: newKey('e'),
        source: key(c.source),
        target: key(c.target),
        condition: c.condition ?? null,
        label: c.label ?? null,
      })),
    },
    types,
  );
}

/** A coordinate as the server takes it: whole pixels within POSITION_LIMIT of the origin. */
const onCanvas = (value: number) => Math.min(POSITION_LIMIT, Math.max(-POSITION_LIMIT, Math.round(value)));

/** The graph document the server takes (`PUT /admin/workflows/{id}/complete`). */
export function toGraph(graph: BuilderGraph): WorkflowGraph {
  return {
    steps: graph.nodes.map((n) => ({
      id: n.id,
      type: n.data.type,
      name: n.data.name,
      config: n.data.config,
      position: { x: onCanvas(n.position.x), y: onCanvas(n.position.y) },
    })),
    connections: graph.edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      condition: e.data?.condition ?? null,
      label: typeof e.label === 'string' ? e.label : null,
    })),
  };
}

export interface ProposedConnection {
  source: string | null;
  target: string | null;
  sourceHandle?: string | null | undefined;
}

/**
 * Why a connection may not be drawn, or null when it may: the same rules the server's checks apply (no
 * self-loops, nothing into Start, nothing out of End, one connection per output or branch, no duplicates).
 */
export function connectionRefusal(types: StepTypes, graph: BuilderGraph, c: ProposedConnection): string | null {
  if (!c.source || !c.target) return 'Connect two steps';
  if (c.source === c.target) return 'A step cannot connect to itself';
  const source = graph.nodes.find((n) => n.id === c.source);
  const target = graph.nodes.find((n) => n.id === c.target);
  if (!source || !target) return 'Connect two steps';
  const targetType = types.get(target.data.type);
  if (targetType && !targetType.accepts_input) return `Nothing can connect into "${target.data.name}"`;
  const handles = outputHandles(types, source.data);
  if (handles.length === 0) return `"${source.data.name}" ends the workflow`;
  const handle = c.sourceHandle ?? handles[0]!.id;
  if (!handles.some((h) => h.id === handle)) return 'Unknown output';
  const condition = handle === OUTPUT_HANDLE ? null : handle;
  if (graph.edges.some((e) => e.source === c.source && (e.data?.condition ?? null) === condition)) {
    return condition ? 'That branch is already connected' : `"${source.data.name}" already has a next step`;
  }
  if (graph.edges.some((e) => e.source === c.source && e.target === c.target)) return 'These steps are already connected';
  return null;
}

/** Adds a connection the rules allow (else returns the graph unchanged). */
export function connect(types: StepTypes, graph: BuilderGraph, c: ProposedConnection): BuilderGraph {
  if (connectionRefusal(types, graph, c) !== null) return graph;
  const source = graph.nodes.find((n) => n.id === c.source)!;
  const handle = c.sourceHandle ?? outputHandles(types, source.data)[0]!.id;
  const condition = handle === OUTPUT_HANDLE ? null : handle;
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  return { ...graph, edges: [...graph.edges, makeEdge(types, byId, newKey('e'), c.source!, c.target!, condition)] };
}

/** A new step of a type, named after it (numbered when the name is taken). */
export function createStep(types: StepTypes, graph: BuilderGraph, type: string, position: XYPosition): StepNode {
  const description = types.get(type);
  const base = description?.label ?? type;
  const names = new Set(graph.nodes.map((n) => n.data.name));
  let name = base;
  for (let i = 2; names.has(name); i += 1) name = `${base} ${i}`;
  return {
    id: newKey('n'),
    type: 'step',
    position,
    selected: true,
    data: { type, name, config: structuredClone(description?.defaults ?? {}) },
  };
}

export function addStep(graph: BuilderGraph, node: StepNode): BuilderGraph {
  return {
    nodes: [...graph.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), node],
    edges: graph.edges.map((e) => (e.selected ? { ...e, selected: false } : e)),
  };
}

/** Removes the selected steps (with their connections) and the selected connections. */
export function deleteSelection(graph: BuilderGraph): BuilderGraph {
  const removed = new Set(graph.nodes.filter((n) => n.selected).map((n) => n.id));
  return {
    nodes: graph.nodes.filter((n) => !removed.has(n.id)),
    edges: graph.edges.filter((e) => !e.selected && !removed.has(e.source) && !removed.has(e.target)),
  };
}

/** A click on a connection: it alone is selected, or (additive) it joins or leaves the selection. */
export function selectEdge(graph: BuilderGraph, id: string, additive: boolean): BuilderGraph {
  if (additive) return { ...graph, edges: graph.edges.map((e) => (e.id === id ? { ...e, selected: !e.selected } : e)) };
  return {
    nodes: graph.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)),
    edges: graph.edges.map((e) => ((e.id === id) !== (e.selected ?? false) ? { ...e, selected: e.id === id } : e)),
  };
}

export function hasSelection(graph: BuilderGraph): boolean {
  return graph.nodes.some((n) => n.selected) || graph.edges.some((e) => e.selected);
}

/** What Ctrl+C keeps: the selected steps and the connections between them. */
export interface Clipboard {
  nodes: StepNode[];
  edges: StepEdge[];
}

export function copySelection(graph: BuilderGraph): Clipboard | null {
  const nodes = graph.nodes.filter((n) => n.selected);
  if (nodes.length === 0) return null;
  const ids = new Set(nodes.map((n) => n.id));
  return structuredClone({ nodes, edges: graph.edges.filter((e) => ids.has(e.source) && ids.has(e.target)) });
}

/** Pastes a copy with new keys, offset so it does not hide the original, and selects it. */
export function paste(types: StepTypes, graph: BuilderGraph, clipboard: Clipboard, offset: XYPosition = { x: 40, y: 40 }): BuilderGraph {
  const names = new Set(graph.nodes.map((n) => n.data.name));
  const ids = new Map<string, string>();
  const pasted: StepNode[] = clipboard.nodes.map((n) => {
    const id = newKey('n');
    ids.set(n.id, id);
    let name = n.data.name;
    if (names.has(name)) {
      const base = `${n.data.name} (copy)`;
      name = base;
      for (let i = 2; names.has(name); i += 1) name = `${base} ${i}`;
    }
    names.add(name);
    return {
      id,
      type: 'step',
      selected: true,
      position: { x: n.position.x + offset.x, y: n.position.y + offset.y },
      data: { ...structuredClone(n.data), name },
    };
  });
  const nodes = [...graph.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), ...pasted];
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const edges = [
    ...graph.edges.map((e) => (e.selected ? { ...e, selected: false } : e)),
    ...clipboard.edges.map((e) => makeEdge(types, byId, newKey('e'), ids.get(e.source)!, ids.get(e.target)!, e.data?.condition ?? null)),
  ];
  return { nodes, edges };
}

/**
 * A step's name or config changed: its connections follow (labels of renamed branches), and connections on
 * branches that no longer exist are dropped, since they would lead nowhere.
 */
export function updateStepData(types: StepTypes, graph: BuilderGraph, id: string, data: StepData): BuilderGraph {
  // A changed step is measured again by React Flow: its computed handles, if any, no longer hold.
  const nodes = graph.nodes.map((n) => (n.id === id ? { ...withoutComputedHandles(n), data } : n));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const handles = new Set(outputHandles(types, data).map((h) => h.id));
  const edges = graph.edges
    .filter((e) => e.source !== id || handles.has(e.data?.condition ?? OUTPUT_HANDLE))
    .map((e) => (e.source === id ? { ...makeEdge(types, byId, e.id, e.source, e.target, e.data?.condition ?? null), selected: e.selected } : e));
  return { nodes, edges };
}

/**
 * After a save the server answers with the same steps and connections in the same order, new ones with
 * UUIDs: the map from each key that was sent to its final id (only keys that changed).
 */
export function savedIdMap(sent: BuilderGraph, saved: Pick<WorkflowDetail, 'steps' | 'connections'>): Map<string, string> {
  const ids = new Map<string, string>();
  if (saved.steps.length !== sent.nodes.length || saved.connections.length !== sent.edges.length) return ids;
  sent.nodes.forEach((n, i) => n.id !== saved.steps[i]!.id && ids.set(n.id, saved.steps[i]!.id));
  sent.edges.forEach((e, i) => e.id !== saved.connections[i]!.id && ids.set(e.id, saved.connections[i]!.id));
  return ids;
}

/** Gives steps and connections their final ids (what is on screen otherwise stays: selection, positions). */
export function remapIds(graph: BuilderGraph, ids: ReadonlyMap<string, string>): BuilderGraph {
  if (ids.size === 0) return graph;
  const id = (key: string) => ids.get(key) ?? key;
  return {
    nodes: graph.nodes.map((n) => (ids.has(n.id) ? { ...n, id: id(n.id) } : n)),
    edges: graph.edges.map((e) =>
      ids.has(e.id) || ids.has(e.source) || ids.has(e.target) ? { ...e, id: id(e.id), source: id(e.source), target: id(e.target) } : e,
    ),
  };
}
