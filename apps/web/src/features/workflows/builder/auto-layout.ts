import dagre from '@dagrejs/dagre';
import type { BuilderGraph } from './graph-model.ts';

export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 76;

/** Arranges the steps left to right by their connections (layered layout); connections are unchanged. */
export function autoLayout(graph: BuilderGraph): BuilderGraph {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'LR', nodesep: 40, ranksep: 90, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes) {
    g.setNode(n.id, { width: n.measured?.width ?? NODE_WIDTH, height: n.measured?.height ?? NODE_HEIGHT });
  }
  for (const e of graph.edges) g.setEdge(e.source, e.target);
  dagre.layout(g);
  return {
    nodes: graph.nodes.map((n) => {
      const p = g.node(n.id);
      const width = n.measured?.width ?? NODE_WIDTH;
      const height = n.measured?.height ?? NODE_HEIGHT;
      return { ...n, position: { x: Math.round(p.x - width / 2), y: Math.round(p.y - height / 2) } };
    }),
    edges: graph.edges,
  };
}
