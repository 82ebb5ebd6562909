import { describe, expect, it } from 'vitest';
import { bandAt, labelEvery, valueAxis } from './chart-scale.ts';

describe('valueAxis', () => {
  it('starts at zero and ends on a round step at or above the highest value', () => {
    expect(valueAxis(7, 5, true)).toEqual({ ticks: [0, 2, 4, 6, 8], max: 8 });
    expect(valueAxis(100, 5, true)).toEqual({ ticks: [0, 25, 50, 75, 100], max: 100 });
    expect(valueAxis(0.37, 5, false)).toEqual({ ticks: [0, 0.1, 0.2, 0.3, 0.4], max: 0.4 });
    expect(valueAxis(1234, 6, false)).toEqual({ ticks: [0, 250, 500, 750, 1000, 1250], max: 1250 });
  });

  it('never has more ticks than asked for', () => {
    for (const highest of [1, 3, 9, 11, 19, 99, 101, 999, 1001, 12_345, 0.003, 57.5]) {
      for (const maxTicks of [2, 3, 5, 6]) {
        const axis = valueAxis(highest, maxTicks, false);
        expect(axis.ticks.length, `${highest}/${maxTicks}`).toBeLessThanOrEqual(maxTicks);
        expect(axis.max, `${highest}/${maxTicks}`).toBeGreaterThanOrEqual(highest);
      }
    }
  });

  it('counts step by whole numbers', () => {
    for (const highest of [1, 2, 3, 5, 7, 13, 250]) {
      for (const tick of valueAxis(highest, 5, true).ticks) expect(Number.isInteger(tick), `${highest}: ${tick}`).toBe(true);
    }
    expect(valueAxis(1, 5, true).ticks).toEqual([0, 1]);
  });

  it('gives an empty chart an axis of 0 to 1', () => {
    expect(valueAxis(0, 5, true)).toEqual({ ticks: [0, 1], max: 1 });
    expect(valueAxis(Number.NaN, 5, false)).toEqual({ ticks: [0, 1], max: 1 });
  });
});

describe('labelEvery', () => {
  it('writes every label that fits its band, else every n-th', () => {
    expect(labelEvery(60, 40)).toBe(1);
    expect(labelEvery(30, 40)).toBe(2);
    expect(labelEvery(10, 40)).toBe(5);
    expect(labelEvery(0, 40)).toBe(1);
  });
});

describe('bandAt', () => {
  it('finds the band under a point, clamped to the ends', () => {
    expect(bandAt(0, 10, 5)).toBe(0);
    expect(bandAt(25, 10, 5)).toBe(2);
    expect(bandAt(-3, 10, 5)).toBe(0);
    expect(bandAt(99, 10, 5)).toBe(4);
  });
});
