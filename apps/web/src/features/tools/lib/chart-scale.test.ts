import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandLayout, labelIndices, linearScale, linePath, niceStep, niceTicks } from './chart-scale.ts';

describe('niceStep', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(0.7)).toBe(1);
    expect(niceStep(1.3)).toBe(2);
    expect(niceStep(3)).toBe(5);
    expect(niceStep(7)).toBe(10);
    expect(niceStep(130)).toBe(200);
    expect(niceStep(0.03)).toBeCloseTo(0.05);
    expect(niceStep(0)).toBe(1);
  });
});

describe('niceTicks', () => {
  it('runs from 0 to a round number at or above the maximum', () => {
    expect(niceTicks(13)).toEqual([0, 5, 10, 15]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    expect(niceTicks(850)).toEqual([0, 500, 1000]);
    expect(niceTicks(2.4)).toEqual([0, 1, 2, 3]);
  });

  it('gives counts whole steps', () => {
    expect(niceTicks(3, { integer: true })).toEqual([0, 1, 2, 3]);
    expect(niceTicks(1, { integer: true })).toEqual([0, 1]);
  });

  it('keeps a scale on an empty axis', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
  });

  it('always starts at 0, covers the maximum, and steps evenly', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1e7, noNaN: true }), fc.boolean(), (max, integer) => {
        const ticks = niceTicks(max, { integer });
        expect(ticks[0]).toBe(0);
        expect(ticks[ticks.length - 1]!).toBeGreaterThanOrEqual(max * (1 - 1e-9));
        expect(ticks.length).toBeLessThanOrEqual(12);
        const step = ticks[1]! - ticks[0]!;
        ticks.forEach((t, i) => expect(t).toBeCloseTo(i * step, 6));
        if (integer) ticks.forEach((t) => expect(Number.isInteger(t)).toBe(true));
      }),
    );
  });
});

describe('linearScale', () => {
  it('maps the domain onto an upward SVG axis and clamps outside values', () => {
    const y = linearScale(100, 200, 0);
    expect(y(0)).toBe(200);
    expect(y(50)).toBe(100);
    expect(y(100)).toBe(0);
    expect(y(150)).toBe(0);
    expect(y(-5)).toBe(200);
  });

  it('survives an empty domain', () => {
    expect(linearScale(0, 100, 0)(0)).toBe(100);
  });
});

describe('linePath', () => {
  const x = (i: number) => i * 10;
  const y = (v: number) => 100 - v;

  it('draws through the points', () => {
    expect(linePath([1, 2, 3], x, y)).toBe('M0 99 L10 98 L20 97');
  });

  it('breaks the line where a value is missing', () => {
    expect(linePath([1, null, 3, 4], x, y)).toBe('M0 99 M20 97 L30 96');
    expect(linePath([null, null], x, y)).toBe('');
  });
});

describe('labelIndices', () => {
  it('labels every bucket when there is room', () => {
    expect(labelIndices(5, 500, 60)).toEqual([0, 1, 2, 3, 4]);
  });

  it('skips labels evenly when they would overlap, always labelling the latest', () => {
    expect(labelIndices(25, 300, 60)).toEqual([4, 9, 14, 19, 24]);
    expect(labelIndices(8, 200, 60)).toEqual([1, 4, 7]);
    expect(labelIndices(0, 300, 60)).toEqual([]);
  });
});

describe('bandLayout', () => {
  it('centres a bar in each band', () => {
    const bands = bandLayout(4, 400);
    expect(bands.band).toBe(100);
    expect(bands.bar).toBe(75);
    expect(bands.x(1)).toBe(112.5);
    expect(bands.center(1)).toBe(150);
  });
});
