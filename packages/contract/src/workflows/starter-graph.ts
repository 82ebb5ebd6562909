import type { WorkflowGraph } from './graph.ts';
import { endStep } from './step-types/end.ts';
import { startStep } from './step-types/start.ts';

/**
 * What every new workflow starts as, however it is started (the menu's Visual Builder, New workflow → Blank): a Start
 * step connected to an End step. A workflow needs both, and connected they are the smallest graph that passes the
 * activation checks; steps are added between them.
 */
export function starterGraph(): WorkflowGraph {
  return {
    steps: [
      { id: 'start', type: startStep.type, name: startStep.label, config: structuredClone(startStep.defaults), position: { x: 0, y: 100 } },
      { id: 'end', type: endStep.type, name: endStep.label, config: structuredClone(endStep.defaults), position: { x: 420, y: 100 } },
    ],
    connections: [{ source: 'start', target: 'end', condition: null, label: null }],
  };
}
