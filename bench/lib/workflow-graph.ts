// The generated workflows the builder benchmarks load and save: one definition of "a realistic N-step workflow".
import type { GraphConnection, GraphStep, WorkflowGraph } from '../../packages/contract/src/workflows/graph.ts';

/** Grid cell of the generated layout: a step is about 220 × 76 px, so neighbours never overlap. */
export const CELL_WIDTH = 280;
export const CELL_HEIGHT = 180;

/**
 * A start, then stages of form → ai → condition → approval → delay → notification until `steps` is reached, and two
 * ends: conditions and approvals branch off to the rejection end, everything else goes on. Every step is reachable
 * and it passes activation. Steps are placed in order on a grid of `columns` columns (row by row).
 */
export function generateGraph(steps: number, columns = 25): WorkflowGraph {
  const nodes: GraphStep[] = [];
  const links: GraphConnection[] = [];
  const at = (i: number) => ({ x: (i % columns) * CELL_WIDTH, y: Math.floor(i / columns) * CELL_HEIGHT });
  const add = (type: string, name: string, config: Record<string, unknown>) => {
    const id = `n${nodes.length}`;
    nodes.push({ id, type, name, config, position: at(nodes.length) });
    return id;
  };
  const cycle: [string, (n: number) => Record<string, unknown>][] = [
    [
      'form',
      (n) => ({
        title: `Stage ${n} details`,
        instructions: 'Fill in every field.',
        fields: [
          { key: `field_${n}_a`, label: 'Full name', type: 'text', required: true, options: [] },
          { key: `field_${n}_b`, label: 'Amount', type: 'number', required: true, options: [] },
          { key: `field_${n}_c`, label: 'Country', type: 'select', required: true, options: ['DE', 'FR', 'NL'] },
        ],
      }),
    ],
    ['ai', (n) => ({ mode: 'summary', prompt: `Summarise stage ${n} for the reviewer.`, output_field: `summary_${n}`, options: [] })],
    [
      'condition',
      (n) => ({ branches: [{ id: 'pass', label: 'Pass', expression: `data.field_${n}_b >= 100 and data.field_${n}_c in ["DE", "FR"]` }], otherwise: true }),
    ],
    ['approval', () => ({ instructions: 'Check the stage and decide.', assignee_role: 'operator', sla_hours: 24 })],
    ['delay', () => ({ amount: 5, unit: 'minutes' })],
    ['notification', (n) => ({ channel: 'email', to: '{{data.email}}', subject: `Stage ${n}`, message: `Stage ${n} is done.` })],
  ];
  let previous = add('start', 'Start', { trigger: 'api', required_fields: [] });
  let pendingBranch: string | null = null;
  const rejectLinks: [string, string][] = [];
  for (let i = 0; nodes.length < steps - 2; i += 1) {
    const [type, config] = cycle[i % cycle.length]!;
    const id = add(type, `${type} ${i}`, config(i));
    links.push({ source: previous, target: id, condition: pendingBranch, label: null });
    if (type === 'condition') {
      pendingBranch = 'pass';
      rejectLinks.push([id, 'otherwise']);
    } else if (type === 'approval') {
      pendingBranch = 'approved';
      rejectLinks.push([id, 'rejected']);
    } else pendingBranch = null;
    previous = id;
  }
  const done = add('end', 'Done', { outcome: 'approved' });
  const rejected = add('end', 'Rejected', { outcome: 'rejected' });
  links.push({ source: previous, target: done, condition: pendingBranch, label: null });
  for (const [source, branch] of rejectLinks) links.push({ source, target: rejected, condition: branch, label: 'Reject' });
  return { steps: nodes, connections: links };
}
