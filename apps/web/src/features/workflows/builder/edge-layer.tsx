import { memo, useCallback, useId, useMemo, useRef, useSyncExternalStore, type KeyboardEvent, type MouseEvent } from 'react';
import { EdgeLabelRenderer, useStoreApi, type InternalNode } from '@xyflow/react';
import { ConnectionMode, getEdgePosition, type Handle } from '@xyflow/system';
import { useBuilderContext } from './builder-context.ts';
import { connectionKey, countsText, strokeWidth, trend, type Counts } from '../simulation/simulation-overlay.ts';
import { labelSize, routeNear, routerAmong, sameBox, type Box, type Route } from './edge-routes.ts';
import type { StepEdge, StepNode } from './graph-model.ts';
import { areaNearView, mayCross } from './view-area.ts';

/*
 * The workflow's connections, drawn in one <svg> under the steps. React Flow draws every edge in an <svg> of its
 * own; at a few hundred connections those separate drawings make the browser re-sort the whole canvas on every frame
 * of a drag (ADR 0018). Ends come from React Flow's measured handles; the lines between them are routed around the
 * steps (edge-routes.ts), so no connection or label is drawn hidden behind a step.
 */

interface EdgeGeometry {
  path: string;
  labelX: number;
  labelY: number;
  route: Route;
}

interface Drawn {
  edge: StepEdge;
  source: InternalNode<StepNode> | undefined;
  target: InternalNode<StepNode> | undefined;
  geometry: EdgeGeometry | null;
}

function boxOf(node: InternalNode<StepNode>): Box | null {
  const width = node.measured.width ?? node.width;
  const height = node.measured.height ?? node.height;
  if (!width || !height) return null;
  const { x, y } = node.internals.positionAbsolute;
  return { left: x, top: y, right: x + width, bottom: y + height };
}

function geometryOf(
  edge: StepEdge,
  source: InternalNode<StepNode> | undefined,
  target: InternalNode<StepNode> | undefined,
  route: ReturnType<typeof routerAmong>,
  boxes: ReadonlyMap<string, Box>,
): EdgeGeometry | null {
  if (!source || !target) return null;
  const position = getEdgePosition({
    id: edge.id,
    sourceNode: source,
    targetNode: target,
    sourceHandle: edge.sourceHandle ?? null,
    targetHandle: edge.targetHandle ?? null,
    connectionMode: ConnectionMode.Strict,
  });
  if (!position) return null;
  const routed = route({
    source: { x: position.sourceX, y: position.sourceY },
    target: { x: position.targetX, y: position.targetY },
    sourceBox: boxes.get(source.id) ?? null,
    targetBox: boxes.get(target.id) ?? null,
    label: typeof edge.label === 'string' ? labelSize(edge.label) : null,
  });
  return { path: routed.path, labelX: routed.labelX, labelY: routed.labelY, route: routed };
}

const NO_EDGES: readonly StepEdge[] = [];

const sameHandles = (a: readonly Handle[] | null | undefined, b: readonly Handle[] | null | undefined) =>
  a === b ||
  (!!a &&
    !!b &&
    a.length === b.length &&
    a.every((h, i) => h.id === b[i]!.id && h.x === b[i]!.x && h.y === b[i]!.y && h.width === b[i]!.width && h.height === b[i]!.height));

/** A step replaced by React Flow without moving or changing shape (it measures every step once after drawing it). */
function samePlace(a: InternalNode<StepNode> | undefined, b: InternalNode<StepNode> | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const pa = a.internals.positionAbsolute;
  const pb = b.internals.positionAbsolute;
  const ha = a.internals.handleBounds;
  const hb = b.internals.handleBounds;
  return pa.x === pb.x && pa.y === pb.y && !!ha && !!hb && sameHandles(ha.source, hb.source) && sameHandles(ha.target, hb.target);
}

const sameEnds = (a: StepEdge, b: StepEdge) =>
  a.source === b.source && a.target === b.target && a.sourceHandle === b.sourceHandle && a.targetHandle === b.targetHandle && a.label === b.label;

interface EdgeSet {
  edges: readonly StepEdge[];
  geometry: ReadonlyMap<string, EdgeGeometry>;
}

interface Drawing {
  /** Kept as the same object while the same connections move, so its <svg> is neither re-rendered nor repainted. */
  resting: EdgeSet;
  /** Connections of steps being dragged: drawn apart, so a drag frame repaints only them. */
  moving: EdgeSet;
  movingKey: string;
}

interface Cache {
  edges: readonly StepEdge[];
  /** React Flow's step objects the drawing was made from (it replaces a step's object whenever it touches it). */
  nodes: ReadonlyMap<string, InternalNode<StepNode>>;
  /** The steps' boxes the resting connections were routed among (during a drag: those from before it). */
  boxes: ReadonlyMap<string, Box>;
  drawn: Map<string, Drawn>;
  drawing: Drawing;
  /** Only connections that may cross this part of the canvas were drawn (null: all of them). */
  area: Box | null;
}

/** The boxes of steps that appeared, went, moved or changed size between two sets: old and new box each. */
function changedBoxes(before: ReadonlyMap<string, Box> | undefined, now: ReadonlyMap<string, Box>): Box[] | null {
  if (!before) return null;
  const changed: Box[] = [];
  for (const [id, box] of now) {
    const old = before.get(id);
    if (!sameBox(old, box)) {
      changed.push(box);
      if (old) changed.push(old);
    }
  }
  for (const [id, old] of before) if (!now.has(id)) changed.push(old);
  return changed;
}

/**
 * Each connection's route, recomputed only when it may have changed (React Flow replaces a step's internal object
 * whenever it touches it; the position and handles tell whether anything changed): a connection whose ends moved, and
 * once steps have moved, appeared or gone, the connections that passed near them and those that went around a step
 * (they may straighten). While steps are dragged only their connections follow, routed on every frame; the others are
 * routed again when the drag ends.
 */
function useEdgeDrawing(edges: readonly StepEdge[], nearViewOnly: boolean): Drawing {
  const store = useStoreApi<StepNode, StepEdge>();
  const cache = useRef<Cache | null>(null);
  const getSnapshot = useCallback(() => {
    const { nodeLookup, transform, width, height } = store.getState();
    const previous = cache.current;
    const area = nearViewOnly ? areaNearView(transform, width, height) : null;
    if (previous && previous.edges === edges && sameBox(previous.area, area) && previous.nodes.size === nodeLookup.size) {
      let unchanged = true;
      for (const [id, node] of nodeLookup) {
        if (previous.nodes.get(id) !== node) {
          unchanged = false;
          break;
        }
      }
      if (unchanged) return previous.drawing;
    }
    const boxes = new Map<string, Box>();
    let dragging = false;
    for (const [id, node] of nodeLookup) {
      const box = boxOf(node);
      if (box) boxes.set(id, box);
      if (node.dragging) dragging = true;
    }
    // The resting connections are routed again once a drag is over, among the steps as they then lie.
    const changed = dragging ? [] : changedBoxes(previous?.boxes, boxes);
    let router: ReturnType<typeof routerAmong> | null = null;
    const route: ReturnType<typeof routerAmong> = (request) => (router ??= routerAmong([...boxes.values()]))(request);
    const drawn = new Map<string, Drawn>();
    const geometry = new Map<string, EdgeGeometry>();
    const moving = new Set<string>();
    for (const edge of edges) {
      const source = nodeLookup.get(edge.source);
      const target = nodeLookup.get(edge.target);
      if (area && !(source?.dragging || target?.dragging)) {
        const sourceBox = boxes.get(edge.source);
        const targetBox = boxes.get(edge.target);
        // Far from the view: not routed nor drawn until a pan brings it near (a large workflow opens readable, ADR 0018).
        if (sourceBox && targetBox && !mayCross(sourceBox, targetBox, area)) continue;
      }
      const before = previous?.drawn.get(edge.id);
      let reuse = !!before?.geometry && samePlace(before.source, source) && samePlace(before.target, target) && sameEnds(before.edge, edge);
      if (reuse && changed === null) reuse = false;
      if (reuse && changed && changed.length > 0) {
        const routed = before!.geometry!.route;
        reuse = !routed.detour && !changed.some((box) => routeNear(routed, box));
      }
      const d: Drawn = { edge, source, target, geometry: reuse ? before!.geometry : geometryOf(edge, source, target, route, boxes) };
      drawn.set(edge.id, d);
      if (d.geometry) geometry.set(edge.id, d.geometry);
      if (source?.dragging || target?.dragging) moving.add(edge.id);
    }
    const movingKey = [...moving].join('|');
    const keepResting = previous && previous.edges === edges && moving.size > 0 && previous.drawing.movingKey === movingKey;
    const drawing: Drawing = {
      resting: keepResting ? previous.drawing.resting : { edges: moving.size ? edges.filter((e) => !moving.has(e.id)) : edges, geometry },
      moving: { edges: moving.size ? edges.filter((e) => moving.has(e.id)) : NO_EDGES, geometry },
      movingKey,
    };
    cache.current = { edges, nodes: new Map(nodeLookup), boxes: dragging && previous ? previous.boxes : boxes, drawn, drawing, area };
    return drawing;
  }, [edges, store, nearViewOnly]);
  return useSyncExternalStore(store.subscribe, getSnapshot);
}

interface EdgeViewProps {
  /** Zoomed far out: no wide hit area (a line under a pixel wide is not aimed at) and no label. */
  far: boolean;
  edge: StepEdge;
  geometry: EdgeGeometry;
  label: string;
  hintId: string;
  onSelect: (id: string, additive: boolean) => void;
  isAdditive: () => boolean;
  /** A simulation's counts along this connection (kept by the overlay, so the same object while it shows). */
  simCounts: Counts | undefined;
  /** The width those counts give the connection; null while no simulation is shown. */
  simWidth: number | null;
}

const EdgeView = memo(function EdgeView({ far, edge, geometry, label, hintId, onSelect, isAdditive, simCounts, simWidth }: EdgeViewProps) {
  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    onSelect(edge.id, isAdditive());
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onSelect(edge.id, false);
  };
  return (
    <g
      className={`builder-edge nopan${edge.selected ? ' selected' : ''}${edge.className ? ` ${edge.className}` : ''}`}
      data-id={edge.id}
      tabIndex={0}
      role="group"
      aria-roledescription="connection"
      aria-label={label}
      aria-describedby={hintId}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      {!far && <path className="builder-edge-hit" d={geometry.path} />}
      <path className="builder-edge-path" d={geometry.path} />
      {simWidth !== null && <path className={`builder-edge-sim is-${trend(simCounts)}`} d={geometry.path} style={{ strokeWidth: simWidth }} />}
    </g>
  );
});

interface EdgeGroupProps {
  set: EdgeSet;
  names: ReadonlyMap<string, string>;
  hintId: string;
  onSelect: (id: string, additive: boolean) => void;
  isAdditive: () => boolean;
  label: string;
}

/** One <svg> of connections with their branch labels on top (so a line drawn later never hides a label). */
const EdgeGroup = memo(function EdgeGroup({ set, names, hintId, onSelect, isAdditive, label }: EdgeGroupProps) {
  const { far, simulation } = useBuilderContext();
  const { edges, geometry } = set;
  return (
    <svg className="builder-edges" role="group" aria-label={label}>
      {edges.map((edge) => {
        const g = geometry.get(edge.id);
        if (!g) return null;
        const branch = typeof edge.label === 'string' ? ` (${edge.label})` : '';
        const text = `Connection from ${names.get(edge.source) ?? edge.source} to ${names.get(edge.target) ?? edge.target}${branch}`;
        const counts = simulation?.connections.get(connectionKey(edge.source, edge.target));
        return (
          <EdgeView
            key={edge.id}
            far={far}
            edge={edge}
            geometry={g}
            label={simulation ? `${text}, ${countsText(counts)}` : text}
            hintId={hintId}
            onSelect={onSelect}
            isAdditive={isAdditive}
            simCounts={counts}
            simWidth={simulation ? strokeWidth(counts, simulation.cases) : null}
          />
        );
      })}
      {!far && (
        <g className="builder-edge-labels" aria-hidden="true">
          {edges.map((edge) => {
            const g = geometry.get(edge.id);
            if (!g || typeof edge.label !== 'string') return null;
            return (
              <text key={edge.id} className={`builder-edge-label${edge.selected ? ' selected' : ''}`} x={g.labelX} y={g.labelY}>
                {edge.label}
              </text>
            );
          })}
        </g>
      )}
    </svg>
  );
});

interface Props {
  edges: readonly StepEdge[];
  nodes: readonly StepNode[];
  /** Draw only the connections near the view (a large workflow, whose steps React Flow draws only in view). */
  nearViewOnly: boolean;
  /** A connection was clicked (additive with the multi-selection key held) or chosen with Enter or Space. */
  onSelect: (id: string, additive: boolean) => void;
}

/**
 * Every connection of the workflow, selectable by click or keyboard. While steps are dragged their connections are
 * drawn in a second <svg>: the browser then repaints only those few lines on each frame, not all of them.
 */
export const EdgeLayer = memo(function EdgeLayer({ edges, nodes, nearViewOnly, onSelect }: Props) {
  const { resting, moving } = useEdgeDrawing(edges, nearViewOnly);
  const store = useStoreApi();
  const hintId = useId();
  const names = useMemo(() => new Map(nodes.map((n) => [n.id, n.data.name])), [nodes]);
  const isAdditive = useCallback(() => store.getState().multiSelectionActive, [store]);
  return (
    <EdgeLabelRenderer>
      <p id={hintId} className="visually-hidden">
        Press Enter or Space to select a connection, then Delete to remove it or Escape to cancel.
      </p>
      <EdgeGroup set={resting} names={names} hintId={hintId} onSelect={onSelect} isAdditive={isAdditive} label="Connections" />
      {moving.edges.length > 0 && (
        <EdgeGroup set={moving} names={names} hintId={hintId} onSelect={onSelect} isAdditive={isAdditive} label="Connections being moved" />
      )}
    </EdgeLabelRenderer>
  );
});
