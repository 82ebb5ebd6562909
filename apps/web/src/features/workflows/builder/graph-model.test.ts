import { describe, expect, it } from 'vitest';
import { STEP_TYPES, describeStepType } from '@admin-portal/contract/workflows/step-types/registry';
import type { StepTypeDefinition } from '@admin-portal/contract/workflows/step-types/step-type';
import {
  addStep,
  connect,
  connectionRefusal,
  copySelection,
  createStep,
  deleteSelection,
  estimatedGeometry,
  fromDetail,
  newWorkflowGraph,
  paste,
  remapIds,
  savedIdMap,
  selectEdge,
  stepTypeMap,
  toGraph,
  updateStepData,
  withMeasuredGeometry,
  type BuilderGraph,
} from './graph-model.ts';

const types = stepTypeMap(STEP_TYPES.map((t) => describeStepType(t as unknown as StepTypeDefinition)));

/** start → form, a condition and an end, nothing else connected. */
function sample(): BuilderGraph {
  return fromDetail(
    {
      steps: [
        { id: 's', type: 'start', name: 'Start', config: {}, position: { x: 0, y: 0 } },
        { id: 'f', type: 'form', name: 'Details', config: types.get('form')!.defaults, position: { x: 300, y: 0 } },
        { id: 'c', type: 'condition', name: 'Check', config: types.get('condition')!.defaults, position: { x: 600, y: 0 } },
        { id: 'e', type: 'end', name: 'End', config: {}, position: { x: 900, y: 0 } },
      ],
      connections: [{ id: 'c1', source: 's', target: 'f', condition: null, label: null }],
    },
    types,
  );
}

describe('connection rules', () => {
  it('refuses self-loops, edges into Start, out of End, a second next step and a doubly used branch', () => {
    const g = sample();
    expect(connectionRefusal(types, g, { source: 'f', target: 'f' })).toBe('A step cannot connect to itself');
    expect(connectionRefusal(types, g, { source: 'f', target: 's' })).toBe('Nothing can connect into "Start"');
    expect(connectionRefusal(types, g, { source: 'e', target: 'f' })).toBe('"End" ends the workflow');
    expect(connectionRefusal(types, g, { source: 's', target: 'e' })).toBe('"Start" already has a next step');
    expect(connectionRefusal(types, g, { source: 'f', target: 'c' })).toBeNull();

    const branched = connect(types, g, { source: 'c', target: 'e', sourceHandle: 'yes' });
    expect(branched.edges.at(-1)).toMatchObject({ source: 'c', target: 'e', sourceHandle: 'yes', label: 'Yes', data: { condition: 'yes' } });
    expect(connectionRefusal(types, branched, { source: 'c', target: 'f', sourceHandle: 'yes' })).toBe('That branch is already connected');
    expect(connectionRefusal(types, branched, { source: 'c', target: 'e', sourceHandle: 'otherwise' })).toBe('These steps are already connected');
    expect(connectionRefusal(types, branched, { source: 'c', target: 'e', sourceHandle: 'nope' })).toBe('Unknown output');
    // A refused connection leaves the graph as it was.
    expect(connect(types, g, { source: 'f', target: 'f' })).toBe(g);
  });
});

describe('estimated geometry', () => {
  const data = (type: string, name = 'Step') => ({ type, name, config: structuredClone(types.get(type)!.defaults) as Record<string, unknown> });

  it('sizes a plain step 220 × 64 with its input and output centred on the side borders', () => {
    expect(estimatedGeometry(types, data('form'))).toEqual({
      measured: { width: 220, height: 64 },
      handles: [
        { id: 'in', type: 'target', position: 'left', x: -5.5, y: 26.5, width: 11, height: 11 },
        { id: 'out', type: 'source', position: 'right', x: 214.5, y: 26.5, width: 11, height: 11 },
      ],
    });
    // Start takes no input; End gives no output.
    expect(estimatedGeometry(types, data('start'))!.handles.map((h) => h.id)).toEqual(['out']);
    expect(estimatedGeometry(types, data('end'))!.handles.map((h) => h.id)).toEqual(['in']);
  });

  it('grows a branching step by one 18 px line per branch, each branch handle centred on its line', () => {
    const approval = estimatedGeometry(types, data('approval'))!;
    expect(approval.measured).toEqual({ width: 220, height: 94 });
    expect(approval.handles.map((h) => [h.id, h.y])).toEqual([
      ['in', 41.5],
      ['approved', 54.5],
      ['rejected', 72.5],
    ]);
  });

  it('leaves steps whose name may wrap, or of an unknown type, to be measured', () => {
    expect(estimatedGeometry(types, data('form', 'A name long enough to wrap'))).toBeNull();
    expect(estimatedGeometry(types, { type: 'teleport', name: 'X', config: {} })).toBeNull();
  });

  it('is handed to React Flow with loaded steps, and dropped once React Flow has measured a step or its data changes', () => {
    const g = sample();
    expect(g.nodes[1]).toMatchObject({ measured: { width: 220, height: 64 }, handles: expect.any(Array) });
    const measured = withMeasuredGeometry(g.nodes, new Set(['f']));
    expect(measured[1]!.handles).toBeUndefined();
    expect(measured[0]).toBe(g.nodes[0]);
    expect(withMeasuredGeometry(g.nodes, new Set())).toBe(g.nodes);
    const renamed = updateStepData(types, g, 's', { ...g.nodes[0]!.data, name: 'Begin' });
    expect(renamed.nodes[0]!.handles).toBeUndefined();
  });
});

describe('selecting a connection', () => {
  it('selects it alone, or with the multi-selection key adds it to the selection and takes it out again', () => {
    const g = connect(types, sample(), { source: 'f', target: 'c' });
    const withStep = { ...g, nodes: g.nodes.map((n) => (n.id === 'f' ? { ...n, selected: true } : n)) };
    const alone = selectEdge(withStep, 'c1', false);
    expect(alone.nodes.some((n) => n.selected)).toBe(false);
    expect(alone.edges.filter((e) => e.selected).map((e) => e.id)).toEqual(['c1']);
    // Untouched connections keep their identity (the canvas redraws only what changed).
    expect(alone.edges[1]).toBe(withStep.edges[1]);

    const both = selectEdge(alone, g.edges[1]!.id, true);
    expect(both.edges.every((e) => e.selected)).toBe(true);
    const toggled = selectEdge(both, 'c1', true);
    expect(toggled.edges.filter((e) => e.selected).map((e) => e.id)).toEqual([g.edges[1]!.id]);
  });
});

describe('editing', () => {
  it('names new steps after their type, numbered when taken, with the type defaults, selected alone', () => {
    let g = sample();
    g = addStep(g, createStep(types, g, 'form', { x: 1, y: 2 }));
    g = addStep(g, createStep(types, g, 'form', { x: 1, y: 2 }));
    expect(g.nodes.map((n) => n.data.name).slice(-2)).toEqual(['Form', 'Form 2']);
    expect(g.nodes.filter((n) => n.selected).map((n) => n.data.name)).toEqual(['Form 2']);
    expect(g.nodes.at(-1)!.data.config).toEqual(types.get('form')!.defaults);
    expect(g.nodes.at(-1)!.data.config).not.toBe(types.get('form')!.defaults);
  });

  it('deletes selected steps with their connections', () => {
    const g = sample();
    const selected = { ...g, nodes: g.nodes.map((n) => (n.id === 'f' ? { ...n, selected: true } : n)) };
    const after = deleteSelection(selected);
    expect(after.nodes.map((n) => n.id)).toEqual(['s', 'c', 'e']);
    expect(after.edges).toEqual([]);
  });

  it('pastes copies with new keys and names, keeping the connections between copied steps', () => {
    const g = sample();
    const selected = { ...g, nodes: g.nodes.map((n) => (n.id === 's' || n.id === 'f' ? { ...n, selected: true } : n)) };
    const clip = copySelection(selected)!;
    expect(clip.nodes).toHaveLength(2);
    expect(clip.edges).toHaveLength(1);
    const after = paste(types, selected, clip);
    const pasted = after.nodes.slice(-2);
    expect(pasted.map((n) => n.data.name)).toEqual(['Start (copy)', 'Details (copy)']);
    expect(pasted.every((n) => n.selected && !['s', 'f'].includes(n.id))).toBe(true);
    expect(pasted[0]!.position).toEqual({ x: 40, y: 40 });
    expect(after.nodes.filter((n) => n.selected)).toHaveLength(2);
    expect(after.edges.at(-1)).toMatchObject({ source: pasted[0]!.id, target: pasted[1]!.id });
  });

  it('drops connections of branches a condition no longer has, and relabels the rest', () => {
    let g = connect(types, sample(), { source: 'c', target: 'e', sourceHandle: 'yes' });
    g = connect(types, g, { source: 'c', target: 'f', sourceHandle: 'otherwise' });
    const node = g.nodes.find((n) => n.id === 'c')!;
    const config = { branches: [{ id: 'yes', label: 'Approved', expression: 'data.score > 1' }], otherwise: false };
    const after = updateStepData(types, g, 'c', { ...node.data, config });
    const fromCondition = after.edges.filter((e) => e.source === 'c');
    expect(fromCondition).toHaveLength(1);
    expect(fromCondition[0]).toMatchObject({ target: 'e', label: 'Approved' });
  });
});

describe('the graph document', () => {
  it('round-trips through the API shape, with whole-pixel positions', () => {
    const g = sample();
    g.nodes[0] = { ...g.nodes[0]!, position: { x: 10.4, y: 20.6 } };
    const doc = toGraph(g);
    expect(doc.steps[0]).toEqual({ id: 's', type: 'start', name: 'Start', config: {}, position: { x: 10, y: 21 } });
    expect(doc.connections).toEqual([{ id: 'c1', source: 's', target: 'f', condition: null, label: null }]);
  });

  it('takes the ids the server gave new steps and connections, everywhere they appear', () => {
    const g = addStep(sample(), createStep(types, sample(), 'end', { x: 0, y: 0 }));
    const key = g.nodes.at(-1)!.id;
    const linked = connect(types, g, { source: 'f', target: key });
    const saved = toGraph(linked);
    const server = {
      steps: saved.steps.map((s) => (s.id === key ? { ...s, id: 'uuid-end' } : s)),
      connections: saved.connections.map((c, i) => ({
        ...c,
        id: i === 0 ? c.id! : 'uuid-conn',
        condition: c.condition ?? null,
        label: c.label ?? null,
        target: c.target === key ? 'uuid-end' : c.target,
      })),
    };
    const ids = savedIdMap(linked, server);
    expect(ids.get(key)).toBe('uuid-end');
    const after = remapIds(linked, ids);
    expect(after.nodes.at(-1)!.id).toBe('uuid-end');
    expect(after.edges.at(-1)).toMatchObject({ id: 'uuid-conn', target: 'uuid-end' });
    expect(remapIds(after, new Map())).toBe(after);
  });
});

describe('newWorkflowGraph', () => {
  it('starts a new workflow as Start connected to End (as New workflow → Blank does), with keys for the save to replace', () => {
    const graph = newWorkflowGraph(types);
    expect(graph.nodes.map((n) => [n.data.type, n.data.name])).toEqual([
      ['start', 'Start'],
      ['end', 'End'],
    ]);
    expect(graph.edges).toHaveLength(1);
    expect(graph.edges[0]).toMatchObject({ source: graph.nodes[0]!.id, target: graph.nodes[1]!.id, data: { condition: null } });
    expect(graph.nodes.every((n) => n.id.startsWith('n-') && !n.selected)).toBe(true);
    // Drawn at once from computed sizes, and a second one has keys of its own.
    expect(graph.nodes.every((n) => n.measured !== undefined)).toBe(true);
    const other = newWorkflowGraph(types);
    expect(other.nodes[0]!.id).not.toBe(graph.nodes[0]!.id);
    expect(connectionRefusal(types, graph, { source: graph.nodes[0]!.id, target: graph.nodes[1]!.id })).not.toBeNull();
  });
});
