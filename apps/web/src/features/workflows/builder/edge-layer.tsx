import { memo, useCallback, useId, useMemo, useRef, useSyncExternalStore, type KeyboardEvent, type MouseEvent } from 'react';
import { EdgeLabelRenderer, getSmoothStepPath, useStoreApi, type InternalNode } from '@xyflow/react';
import { ConnectionMode, getEdgePosition, type Handle } from '@xyflow/system';
import { useBuilderContext } from './builder-context.ts';
import type { StepEdge, StepNode } from './graph-model.ts';

/*
 * The workflow's connections, drawn in one <svg> under the steps. React Flow draws every edge in an <svg> of its
 * own; at a few hundred connections those separate drawings make the browser re-sort the whole canvas on every frame
 * of a drag (ADR 0018). Positions still come from React Flow: its measured handles and the same smooth-step path.
 */

interface EdgeGeometry {
  path: string;
  labelX: number;
  labelY: number;
}

interface Drawn {
  edge: StepEdge;
  source: InternalNode<StepNode> | undefined;
  target: InternalNode<StepNode> | undefined;
  geometry: EdgeGeometry | null;
}

function geometryOf(edge: StepEdge, source: InternalNode<StepNode> | undefined, target: InternalNode<StepNode> | undefined): EdgeGeometry | null {
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
  const [path, labelX, labelY] = getSmoothStepPath(position);
  return { path, labelX, labelY };
}

const NO_EDGES: readonly StepEdge[] = [];

const sameHandles = (a: readonly Handle[] | null | undefined, b: readonly Handle[] | null | undefined) =>
  a === b || (!!a && !!b && a.length === b.length && a.every((h, i) => h.id === b[i]!.id && h.x === b[i]!.x && h.y === b[i]!.y && h.width === b[i]!.width && h.height === b[i]!.height));

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

const sameEnds = (a: StepEdge, b: StepEdge) => a.source === b.source && a.target === b.target && a.sourceHandle === b.sourceHandle && a.targetHandle === b.targetHandle;

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

/**
 * Each connection's path, recomputed only for connections whose steps actually moved or changed shape (React Flow
 * replaces a step's internal object whenever it touches it; the position and handles tell whether anything changed):
 * a drag frame redraws the dragged step's few connections.
 */
function useEdgeDrawing(edges: readonly StepEdge[]): Drawing {
  const store = useStoreApi<StepNode, StepEdge>();
  const cache = useRef<{ edges: readonly StepEdge[]; drawn: Map<string, Drawn>; drawing: Drawing } | null>(null);
  const getSnapshot = useCallback(() => {
    const { nodeLookup } = store.getState();
    const previous = cache.current;
    if (previous && previous.edges === edges) {
      const unchanged = edges.every((e) => {
        const d = previous.drawn.get(e.id);
        return d !== undefined && d.source === nodeLookup.get(e.source) && d.target === nodeLookup.get(e.target);
      });
      if (unchanged) return previous.drawing;
    }
    const drawn = new Map<string, Drawn>();
    const geometry = new Map<string, EdgeGeometry>();
    const moving = new Set<string>();
    for (const edge of edges) {
      const source = nodeLookup.get(edge.source);
      const target = nodeLookup.get(edge.target);
      const before = previous?.drawn.get(edge.id);
      const reuse = before && before.geometry && samePlace(before.source, source) && samePlace(before.target, target) && sameEnds(before.edge, edge);
      const d: Drawn = { edge, source, target, geometry: reuse ? before.geometry : geometryOf(edge, source, target) };
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
    cache.current = { edges, drawn, drawing };
    return drawing;
  }, [edges, store]);
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
}

const EdgeView = memo(function EdgeView({ far, edge, geometry, label, hintId, onSelect, isAdditive }: EdgeViewProps) {
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
  const { far } = useBuilderContext();
  const { edges, geometry } = set;
  return (
    <svg className="builder-edges" role="group" aria-label={label}>
      {edges.map((edge) => {
        const g = geometry.get(edge.id);
        if (!g) return null;
        const branch = typeof edge.label === 'string' ? ` (${edge.label})` : '';
        const text = `Connection from ${names.get(edge.source) ?? edge.source} to ${names.get(edge.target) ?? edge.target}${branch}`;
        return <EdgeView key={edge.id} far={far} edge={edge} geometry={g} label={text} hintId={hintId} onSelect={onSelect} isAdditive={isAdditive} />;
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
  /** A connection was clicked (additive with the multi-selection key held) or chosen with Enter or Space. */
  onSelect: (id: string, additive: boolean) => void;
}

/**
 * Every connection of the workflow, selectable by click or keyboard. While steps are dragged their connections are
 * drawn in a second <svg>: the browser then repaints only those few lines on each frame, not all of them.
 */
export const EdgeLayer = memo(function EdgeLayer({ edges, nodes, onSelect }: Props) {
  const { resting, moving } = useEdgeDrawing(edges);
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
      {moving.edges.length > 0 && <EdgeGroup set={moving} names={names} hintId={hintId} onSelect={onSelect} isAdditive={isAdditive} label="Connections being moved" />}
    </EdgeLabelRenderer>
  );
});
