import { describe, expect, it } from 'vitest';
import { READABLE_START, startViewport } from './canvas-view.ts';
import type { StepNode } from './graph-model.ts';

const step = (id: string, type: string, x: number, y: number): StepNode =>
  ({ id, type: 'step', position: { x, y }, data: { type, name: id, config: {} }, measured: { width: 180, height: 60 } }) as unknown as StepNode;

describe('startViewport: where the canvas opens', () => {
  it('keeps the fitted view when the whole workflow is readable fitted', () => {
    const fitted = { x: 10, y: 20, zoom: 0.8 };
    expect(startViewport([step('s', 'start', 0, 0)], 1000, fitted, 0.35)).toBe(fitted);
  });

  it('opens a workflow too large to read fitted at a readable zoom, its Start step at the left and middle height', () => {
    const nodes = [step('a', 'tool', -400, 900), step('s', 'start', 200, 300), step('z', 'end', 90_000, 4_000)];
    const view = startViewport(nodes, 1000, { x: 0, y: 0, zoom: 0.02 }, 0.35);
    expect(view.zoom).toBe(READABLE_START.zoom);
    // The Start step's left edge at READABLE_START.left, its middle at the canvas's middle height.
    expect(200 * view.zoom + view.x).toBe(READABLE_START.left);
    expect((300 + 30) * view.zoom + view.y).toBe(500);
  });

  it('starts from the leftmost step when there is no Start step', () => {
    const view = startViewport([step('b', 'tool', 500, 0), step('a', 'tool', -100, 0)], 800, { x: 0, y: 0, zoom: 0.1 }, 0.35);
    expect(-100 * view.zoom + view.x).toBe(READABLE_START.left);
  });
});
