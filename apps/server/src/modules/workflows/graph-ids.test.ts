import { describe, expect, it } from 'vitest';
import { assignIds, copyWithNewIds, keepExisting } from './graph-ids.ts';
import { sameJson } from './workflow-graph.queries.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const step = (id: string) => ({ id, type: 'form', name: id, config: {}, position: { x: 0, y: 0 } });

describe('assignIds', () => {
  const existingStep = '11111111-1111-4111-8111-111111111111';
  const existingConnection = '22222222-2222-4222-8222-222222222222';
  const existing = {
    steps: [step(existingStep)],
    connections: [{ id: existingConnection, source: existingStep, target: existingStep, condition: null, label: null }],
  };

  it('keeps ids of existing steps and connections, gives every other key a new UUID and remaps connections', () => {
    const other = '33333333-3333-4333-8333-333333333333';
    const { graph, clientKeys } = assignIds(
      {
        steps: [step(existingStep), step('n1'), step(other)],
        connections: [
          { id: existingConnection, source: existingStep, target: 'n1', condition: 'yes', label: '' },
          { id: existingConnection, source: 'n1', target: other },
          { source: other, target: existingStep, condition: null, label: 'Back' },
        ],
      },
      keepExisting(existing),
    );
    const [kept, n1, renamed] = graph.steps.map((s) => s.id);
    expect(kept).toBe(existingStep);
    expect(n1).toMatch(UUID);
    expect(renamed).toMatch(UUID);
    expect(renamed).not.toBe(other);
    expect(clientKeys.get(n1!)).toBe('n1');
    expect(clientKeys.get(renamed!)).toBe(other);
    expect(graph.connections).toEqual([
      { id: existingConnection, source: existingStep, target: n1, condition: 'yes', label: null },
      // A connection id used twice is kept once.
      { id: expect.stringMatching(UUID), source: n1, target: renamed, condition: null, label: null },
      { id: expect.stringMatching(UUID), source: renamed, target: existingStep, condition: null, label: 'Back' },
    ]);
    expect(graph.connections[1]!.id).not.toBe(existingConnection);
  });

  it('copies with all-new ids, leaving the original untouched', () => {
    const original = structuredClone(existing);
    const copy = copyWithNewIds(existing);
    expect(copy.steps[0]!.id).not.toBe(existingStep);
    expect(copy.connections[0]).toMatchObject({ source: copy.steps[0]!.id, target: copy.steps[0]!.id });
    expect(copy.connections[0]!.id).not.toBe(existingConnection);
    expect(existing).toEqual(original);
  });
});

describe('sameJson', () => {
  it('compares JSON whatever the key order, and ignores undefined keys', () => {
    expect(sameJson({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: [] }, { a: {} })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});
