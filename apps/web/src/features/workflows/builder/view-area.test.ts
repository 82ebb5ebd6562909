import { describe, expect, it } from 'vitest';
import { sameBox } from './edge-routes.ts';
import { areaNearView, mayCross } from './view-area.ts';

describe('areaNearView: where connections are drawn on a large canvas', () => {
  it('covers the view and half a view more on each side, snapped to whole cells', () => {
    // 1000 × 500 px at zoom 0.5 shows canvas units 0–2000 × 0–1000.
    const area = areaNearView([0, 0, 0.5], 1000, 500)!;
    expect(area.left).toBeLessThanOrEqual(-1000);
    expect(area.right).toBeGreaterThanOrEqual(3000);
    expect(area.top).toBeLessThanOrEqual(-500);
    expect(area.bottom).toBeGreaterThanOrEqual(1500);
    for (const edge of Object.values(area)) expect(Math.abs(edge % 512)).toBe(0);
  });

  it('stays the same area for a small pan and changes once the view has moved by a cell', () => {
    const before = areaNearView([0, 0, 1], 1600, 1000);
    expect(sameBox(before, areaNearView([-10, 5, 1], 1600, 1000))).toBe(true);
    expect(sameBox(before, areaNearView([-600, 0, 1], 1600, 1000))).toBe(false);
  });

  it('has no area before the canvas has a size', () => {
    expect(areaNearView([0, 0, 1], 0, 0)).toBeNull();
  });
});

describe('mayCross', () => {
  const area = { left: 0, top: 0, right: 1000, bottom: 1000 };
  const box = (left: number, top: number) => ({ left, top, right: left + 220, bottom: top + 64 });
  it('draws a connection with a step in the area, or one passing over it between steps on both sides', () => {
    expect(mayCross(box(100, 100), box(5000, 100), area)).toBe(true);
    expect(mayCross(box(-3000, 500), box(3000, 500), area)).toBe(true);
  });
  it('leaves out one between two steps far from it', () => {
    expect(mayCross(box(5000, 100), box(5400, 300), area)).toBe(false);
    expect(mayCross(box(100, 3000), box(400, 3200), area)).toBe(false);
  });
});
