import { describe, expect, it } from 'vitest';
import { activationProblems, structuralProblems, type WorkflowGraph } from './graph.ts';

const step = (id: string, type: string, config: Record<string, unknown> = {}) => ({ id, type, name: id, config, position: { x: 0, y: 0 } });
const form = (id: string) => step(id, 'form', { title: 'T', fields: [{ key: 'a', label: 'A' }] });
const link = (source: string, target: string, condition?: string) => ({ source, target, condition: condition ?? null });

const kyc: WorkflowGraph = {
  steps: [
    step('start', 'start'),
    form('details'),
    step('check', 'condition', { branches: [{ id: 'adult', label: 'Adult', expression: 'data.age >= 18' }], otherwise: true }),
    step('review', 'approval'),
    step('ok', 'end', { outcome: 'approved' }),
    step('no', 'end', { outcome: 'rejected' }),
  ],
  connections: [
    link('start', 'details'),
    link('details', 'check'),
    link('check', 'review', 'adult'),
    link('check', 'no', 'otherwise'),
    link('review', 'ok', 'approved'),
    link('review', 'no', 'rejected'),
  ],
};

const codes = (g: WorkflowGraph, opts = {}) => activationProblems(g, opts).map((p) => `${p.code}${p.step_id ? `:${p.step_id}` : ''}`);

describe('workflow graph activation rules', () => {
  it('accepts a complete graph', () => {
    expect(activationProblems(kyc)).toEqual([]);
  });

  it('needs exactly one start and at least one end', () => {
    expect(codes({ steps: [form('a')], connections: [] })).toEqual(expect.arrayContaining(['no_start', 'no_end']));
    expect(codes({ ...kyc, steps: [...kyc.steps, step('start2', 'start')] })).toContain('many_starts:start2');
  });

  it('finds unreachable steps and dead ends', () => {
    const g = { steps: [...kyc.steps, form('orphan')], connections: kyc.connections };
    expect(codes(g)).toEqual(expect.arrayContaining(['unreachable:orphan']));
    const trap = {
      steps: [...kyc.steps.filter((s) => s.id !== 'review'), form('loop1'), form('loop2')],
      connections: [
        ...kyc.connections.filter((c) => c.source !== 'review' && c.target !== 'review'),
        link('check', 'loop1', 'adult'),
        link('loop1', 'loop2'),
        link('loop2', 'loop1'),
      ],
    };
    expect(codes(trap)).toEqual(expect.arrayContaining(['dead_end:loop1', 'dead_end:loop2']));
  });

  it('allows loops that can still finish', () => {
    const g = {
      steps: [...kyc.steps, form('resubmit')],
      connections: kyc.connections
        .filter((c) => !(c.source === 'review' && c.condition === 'rejected'))
        .concat([link('review', 'resubmit', 'rejected'), link('resubmit', 'details')]),
    };
    expect(activationProblems(g)).toEqual([]);
  });

  it('requires every branch connected once, and only branches', () => {
    const missing = { ...kyc, connections: kyc.connections.filter((c) => c.condition !== 'otherwise') };
    expect(codes(missing)).toContain('missing_branch:check');
    const extra = { ...kyc, connections: [...kyc.connections, link('check', 'ok', 'adult')] };
    expect(codes(extra)).toContain('duplicate_branch:check');
    const plain = { ...kyc, connections: [...kyc.connections, link('check', 'ok')] };
    expect(codes(plain)).toContain('unknown_branch:check');
  });

  it('enforces the shape of each step type', () => {
    expect(codes({ ...kyc, connections: [...kyc.connections, link('details', 'start')] })).toContain('into_start:start');
    expect(codes({ ...kyc, connections: [...kyc.connections, link('ok', 'details')] })).toContain('out_of_end:ok');
    expect(codes({ ...kyc, connections: [...kyc.connections, link('details', 'no')] })).toContain('too_many_outputs:details');
  });

  it('checks step configs and tool references', () => {
    const bad = {
      ...kyc,
      steps: kyc.steps.map((s) => (s.id === 'check' ? { ...s, config: { branches: [{ id: 'adult', label: 'Adult', expression: 'data.age >=' }] } } : s)),
    };
    const problem = activationProblems(bad).find((p) => p.code === 'invalid_config')!;
    expect(problem).toMatchObject({ step_id: 'check', field: 'branches.0.expression' });
    const withTool = {
      steps: [...kyc.steps, step('verify', 'tool', { tool_name: 'id_check' })],
      connections: [...kyc.connections.filter((c) => c.source !== 'details'), link('details', 'verify'), link('verify', 'check')],
    };
    expect(activationProblems(withTool, { toolNames: new Set(['id_check']) })).toEqual([]);
    expect(codes(withTool, { toolNames: new Set() })).toContain('unknown_tool:verify');
  });

  it('reports structural problems that block any save', () => {
    const g = { steps: [form('a'), form('a')], connections: [link('a', 'zzz'), link('a', 'a')] };
    expect(structuralProblems(g).map((p) => p.code)).toEqual(['duplicate_step', 'dangling_connection', 'self_loop']);
  });
});
