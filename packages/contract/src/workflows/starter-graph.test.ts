import { describe, expect, it } from 'vitest';
import { activationProblems, workflowGraphSchema } from './graph.ts';
import { starterGraph } from './starter-graph.ts';

describe('starterGraph', () => {
  it('is Start connected to End: a valid graph that passes the activation checks', () => {
    const graph = starterGraph();
    expect(workflowGraphSchema.parse(graph)).toEqual(graph);
    expect(graph.steps.map((s) => s.type)).toEqual(['start', 'end']);
    expect(graph.connections).toEqual([{ source: 'start', target: 'end', condition: null, label: null }]);
    expect(activationProblems(graph)).toEqual([]);
  });

  it('is a fresh copy each time (a caller may change it)', () => {
    const a = starterGraph();
    a.steps[0]!.config.trigger = 'manual';
    expect(starterGraph().steps[0]!.config.trigger).toBe('api');
  });
});
