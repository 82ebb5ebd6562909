import { memo, useEffect, useId, useMemo, useRef } from 'react';
import { Panel, useStore, useStoreApi } from '@xyflow/react';
import { getBoundsOfRects, XYMinimap, type Rect, type XYMinimapInstance } from '@xyflow/system';
import type { StepEdge, StepNode } from './graph-model.ts';

/** Room around the workflow in the overview, in overview pixels (as React Flow's MiniMap: offsetScale). */
const OFFSET = 5;

/**
 * Each step type's steps as one path of rectangles, in canvas units: the overview draws one `<path>` per type instead
 * of an element per step.
 */
export function stepShapes(nodes: readonly StepNode[]): { bounds: Rect | null; paths: { type: string; d: string }[] } {
  const parts = new Map<string, string[]>();
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const node of nodes) {
    if (node.hidden) continue;
    const width = node.measured?.width ?? node.width ?? 0;
    const height = node.measured?.height ?? node.height ?? 0;
    const { x, y } = node.position;
    left = Math.min(left, x);
    top = Math.min(top, y);
    right = Math.max(right, x + width);
    bottom = Math.max(bottom, y + height);
    const list = parts.get(node.data.type) ?? [];
    list.push(`M${Math.round(x)} ${Math.round(y)}h${Math.round(width)}v${Math.round(height)}h${-Math.round(width)}z`);
    parts.set(node.data.type, list);
  }
  const bounds = left === Infinity ? null : { x: left, y: top, width: right - left, height: bottom - top };
  return { bounds, paths: [...parts].map(([type, list]) => ({ type, d: list.join('') })) };
}

interface Props {
  width: number;
  height: number;
  ariaLabel: string;
}

/**
 * The workflow's overview in the canvas's bottom-right corner: every step as a small rectangle in its type's colour,
 * the view as a window in a mask; drag it to pan, wheel to zoom (React Flow's own minimap behaviour, XYMinimap).
 * React Flow's MiniMap draws an element per step, each watching the canvas's store: at 2,000 steps that took ~430 ms
 * of the builder's opening and ran 2,000 selectors on every frame of a pan (issue 32 item 21). The same classes are
 * used, so React Flow's styles and ours (`.minimap-node-<type>`) apply unchanged.
 */
export const Overview = memo(function Overview({ width: elementWidth, height: elementHeight, ariaLabel }: Props) {
  const store = useStoreApi<StepNode, StepEdge>();
  const svg = useRef<SVGSVGElement>(null);
  const titleId = useId();
  const nodes = useStore((s) => s.nodes as StepNode[]);
  const transform = useStore((s) => s.transform);
  const flowWidth = useStore((s) => s.width);
  const flowHeight = useStore((s) => s.height);
  const panZoom = useStore((s) => s.panZoom);
  const translateExtent = useStore((s) => s.translateExtent);
  const shapes = useMemo(() => stepShapes(nodes), [nodes]);

  const viewBB = { x: -transform[0] / transform[2], y: -transform[1] / transform[2], width: flowWidth / transform[2], height: flowHeight / transform[2] };
  const box = shapes.bounds ? getBoundsOfRects(shapes.bounds, viewBB) : viewBB;
  const viewScale = Math.max(box.width / elementWidth, box.height / elementHeight) || 1;
  const viewWidth = viewScale * elementWidth;
  const viewHeight = viewScale * elementHeight;
  const offset = OFFSET * viewScale;
  const x = box.x - (viewWidth - box.width) / 2 - offset;
  const y = box.y - (viewHeight - box.height) / 2 - offset;
  const width = viewWidth + offset * 2;
  const height = viewHeight + offset * 2;

  const viewScaleRef = useRef(viewScale);
  viewScaleRef.current = viewScale;
  const minimap = useRef<XYMinimapInstance | null>(null);
  useEffect(() => {
    if (!svg.current || !panZoom) return;
    minimap.current = XYMinimap({ domNode: svg.current, panZoom, getTransform: () => store.getState().transform, getViewScale: () => viewScaleRef.current });
    return () => {
      minimap.current?.destroy();
      minimap.current = null;
    };
  }, [panZoom, store]);
  useEffect(() => {
    minimap.current?.update({ translateExtent, width: flowWidth, height: flowHeight, inversePan: false, pannable: true, zoomStep: 1, zoomable: true });
  }, [panZoom, translateExtent, flowWidth, flowHeight]);

  return (
    <Panel position="bottom-right" className="react-flow__minimap" style={{ width: elementWidth, height: elementHeight }}>
      <svg
        ref={svg}
        width={elementWidth}
        height={elementHeight}
        viewBox={`${x} ${y} ${width} ${height}`}
        className="react-flow__minimap-svg"
        role="img"
        aria-labelledby={titleId}
      >
        <title id={titleId}>{ariaLabel}</title>
        {shapes.paths.map((p) => (
          <path key={p.type} className={`react-flow__minimap-node minimap-node minimap-node-${p.type}`} d={p.d} shapeRendering="crispEdges" />
        ))}
        <path
          className="react-flow__minimap-mask"
          d={`M${x - offset},${y - offset}h${width + offset * 2}v${height + offset * 2}h${-width - offset * 2}z M${viewBB.x},${viewBB.y}h${viewBB.width}v${viewBB.height}h${-viewBB.width}z`}
          fillRule="evenodd"
          pointerEvents="none"
        />
      </svg>
    </Panel>
  );
});
