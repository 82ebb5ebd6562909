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

/**
 * The canvas's first view, decided before React Flow draws (render the canvas once it is not null). A loaded workflow
 * whose steps all come with computed sizes is fitted at once (`onFitted` is called), so its first drawing is the one
 * that stays, at the right level of detail; otherwise the viewport is left to be fitted once React Flow has measured.
 */
export function useFirstView(
  store: FlowStore,
  graph: RefObject<BuilderGraph>,
  canvas: RefObject<HTMLDivElement | null>,
  fit: { padding: (bounds: Rect, width: number, height: number) => Padding; maxZoom: number },
  minZoom: number,
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
    const viewport = getViewportForBounds(bounds, rect.width, rect.height, minZoom, fit.maxZoom, fit.padding(bounds, rect.width, rect.height));
    store.setState({ transform: [viewport.x, viewport.y, viewport.zoom] });
    setView({ viewport });
    onFitted();
    // Once, when the canvas mounts.
  }, []);
  return view;
}
