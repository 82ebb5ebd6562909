import dagre from '@dagrejs/dagre';
import { stepBranches } from '@admin-portal/contract/workflows/step-types/registry';
import type { BuilderGraph } from './graph-model.ts';

export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 76;

/**
 * Steps a branching step leads to, in the order of its branches (an approval's Approved above its Rejected), when
 * they land in the same column: without this the layout may put them the other way round and their connections cross.
 */
function branchOrder(graph: BuilderGraph): { left: string; right: string }[] {
  const constraints: { left: string; right: string }[] = [];
  for (const n of graph.nodes) {
    const branches = stepBranches(n.data.type, n.data.config);
    if (branches.length < 2) continue;
    const targets = branches.flatMap((b) => graph.edges.filter((e) => e.source === n.id && e.data?.condition === b.id).map((e) => e.target));
    const distinct = [...new Set(targets)];
    for (let i = 1; i < distinct.length; i += 1) constraints.push({ left: distinct[i - 1]!, right: distinct[i]! });
  }
  return constraints;
}

/** Arranges the steps left to right by their connections (layered layout); connections are unchanged. */
export function autoLayout(graph: BuilderGraph): BuilderGraph {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'LR', nodesep: 40, ranksep: 90, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes) {
    g.setNode(n.id, { width: n.measured?.width ?? NODE_WIDTH, height: n.measured?.height ?? NODE_HEIGHT });
  }
  for (const e of graph.edges) g.setEdge(e.source, e.target);
  dagre.layout(g, { constraints: branchOrder(graph) });
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
