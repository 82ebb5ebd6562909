import { useLayoutEffect, useState, type RefObject } from 'react';
import { getNodesBounds, getViewportForBounds, type Rect, type useStoreApi, type Viewport } from '@xyflow/react';
import type { Padding } from '@xyflow/system';
import type { BuilderGraph, StepEdge, StepNode } from './graph-model.ts';

/*
 * Two pieces of the canvas's start that keep a 500-step workflow quick to open (ADR 0018). Both lean on steps
 * loaded with computed geometry (graph-model.ts, estimatedGeometry).
 */

type FlowStore = ReturnType<typeof useStoreApi<StepNode, StepEdge>>;

/**
 * React Flow measures every step once it is drawn (its ResizeObserver), replacing all of them and re-rendering them.
 * A step that came with computed geometry and measures exactly that size needs none of it: its handles are where the
 * computation put them (a browser test holds the two together). Explicit re-measures (a step's handles changed) and
 * steps of any other size go through.
 */
export function useConfirmedMeasurementsOnly(store: FlowStore): void {
  useLayoutEffect(() => {
    const measure = store.getState().updateNodeInternals;
    const confirmedOnly: typeof measure = (updates, params) => {
      if (params) return measure(updates, params);
      const { nodeLookup } = store.getState();
      const needed = new Map(
        [...updates].filter(([id, u]) => {
          const node = nodeLookup.get(id);
          const computed = node?.internals.userNode.handles !== undefined && node.internals.handleBounds !== undefined;
          return !(computed && u.nodeElement.offsetWidth === node.measured.width && u.nodeElement.offsetHeight === node.measured.height);
        }),
      );
      if (needed.size > 0) measure(needed);
    };
    store.setState({ updateNodeInternals: confirmedOnly });
    return () => store.setState({ updateNodeInternals: measure });
  }, [store]);
}

/** Where a workflow too large to read when fitted opens: at this zoom, its Start step this far from the left edge. */
export const READABLE_START = { zoom: 0.75, left: 48 };

/**
 * The first view of `nodes` on a canvas of `width` × `height`: `fitted` (everything in view) when that is readable
 * (zoom at least `readableZoom`), else the steps at a readable zoom from the Start step (or the leftmost step), at the
 * canvas's left and middle height. A workflow of hundreds of steps fitted whole is dots and lines: one opens it to
 * work on it, the overview (minimap) shows where one is, and Fit View still shows it whole (ADR 0018, issue 32 item 21).
 */
export function startViewport(nodes: readonly StepNode[], height: number, fitted: Viewport, readableZoom: number): Viewport {
  if (fitted.zoom >= readableZoom || nodes.length === 0) return fitted;
  const start = nodes.find((n) => n.data.type === 'start') ?? nodes.reduce((a, b) => (b.position.x < a.position.x ? b : a));
  const zoom = Math.max(READABLE_START.zoom, readableZoom);
  const middle = start.position.y + (start.measured?.height ?? 0) / 2;
  return { zoom, x: READABLE_START.left - start.position.x * zoom, y: height / 2 - middle * zoom };
}

/**
 * The canvas's first view, decided before React Flow draws (render the canvas once it is not null). A loaded workflow
 * whose steps all come with computed sizes is fitted at once, or opened readable at its start (`startViewport`), and
 * `onFitted` is called, so its first drawing is the one that stays, at the right level of detail; otherwise the
 * viewport is left to be fitted once React Flow has measured.
 */
export function useFirstView(
  store: FlowStore,
  graph: RefObject<BuilderGraph>,
  canvas: RefObject<HTMLDivElement | null>,
  fit: { padding: (bounds: Rect, width: number, height: number) => Padding; maxZoom: number },
  minZoom: number,
  readableZoom: number,
  onFitted: () => void,
): { viewport: Viewport | undefined } | null {
  const [view, setView] = useState<{ viewport: Viewport | undefined } | null>(null);
  useLayoutEffect(() => {
    const nodes = graph.current.nodes;
    const rect = canvas.current!.getBoundingClientRect();
    if (nodes.length === 0 || rect.width === 0 || !nodes.every((n) => n.measured?.width !== undefined)) {
      setView({ viewport: undefined });
      return;
    }
    const bounds = getNodesBounds(nodes);
    const fitted = getViewportForBounds(bounds, rect.width, rect.height, minZoom, fit.maxZoom, fit.padding(bounds, rect.width, rect.height));
    const viewport = startViewport(nodes, rect.height, fitted, readableZoom);
    store.setState({ transform: [viewport.x, viewport.y, viewport.zoom] });
    setView({ viewport });
    onFitted();
    // Once, when the canvas mounts.
  }, []);
  return view;
}
