import { describe, expect, it } from 'vitest';
import type { StepNode } from './graph-model.ts';
import { stepShapes } from './overview.tsx';

const step = (id: string, type: string, x: number, y: number, hidden = false): StepNode =>
  ({ id, type: 'step', hidden, position: { x, y }, data: { type, name: id, config: {} }, measured: { width: 220, height: 64 } }) as unknown as StepNode;

describe('stepShapes: the overview draws one path per step type', () => {
  it('puts every step of a type in one path of rectangles, and bounds them all', () => {
    const { bounds, paths } = stepShapes([
      step('s', 'start', 0, 0),
      step('a', 'delay', 300, 100),
      step('b', 'delay', 600, -50),
      step('h', 'delay', 9000, 9000, true),
    ]);
    expect(paths).toEqual([
      { type: 'start', d: 'M0 0h220v64h-220z' },
      { type: 'delay', d: 'M300 100h220v64h-220zM600 -50h220v64h-220z' },
    ]);
    expect(bounds).toEqual({ x: 0, y: -50, width: 820, height: 214 });
  });

  it('has no bounds without steps', () => {
    expect(stepShapes([])).toEqual({ bounds: null, paths: [] });
  });
});
