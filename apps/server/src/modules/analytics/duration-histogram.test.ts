import { describe, expect, it } from 'vitest';
import { addHistograms, bucketOf, HISTOGRAM_BUCKETS, percentileOf, record } from './duration-histogram.ts';

/** The nearest-rank percentile of the raw values, the figure the histogram stands in for. */
const exact = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.max(1, Math.ceil(p * values.length)) - 1]!;

describe('duration histogram', () => {
  it('puts each duration in its geometric bucket', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(0.9)).toBe(0);
    expect(bucketOf(1)).toBe(1);
    expect(bucketOf(1.24)).toBe(1);
    expect(bucketOf(1.25)).toBe(2);
    expect(bucketOf(1000)).toBe(Math.floor(Math.log(1000) / Math.log(1.25)) + 1);
    expect(bucketOf(1e15)).toBe(HISTOGRAM_BUCKETS - 1);
    expect(bucketOf(Number.NaN)).toBe(0);
  });

  it('reads percentiles back within 12.5 % of the exact ones, from milliseconds to days', () => {
    const values = [3, 40, 40, 120, 800, 2_500, 61_000, 3_600_000, 86_400_000, 5 * 86_400_000, 7, 9, 15];
    const hist = values.reduce((h, v) => record(h, v), [] as number[]);
    for (const p of [0.1, 0.5, 0.9, 0.95, 1]) {
      const estimate = percentileOf(hist, p)!;
      const truth = exact(values, p);
      expect(Math.abs(estimate - truth) / truth, `p${p * 100}: ${estimate} vs ${truth}`).toBeLessThanOrEqual(0.125);
    }
  });

  it('adds hours up element by element and says nothing for no durations', () => {
    const a = record(record([], 10), 10);
    const b = record([], 5000);
    const sum = addHistograms(a, b);
    expect(sum.reduce((s, n) => s + n, 0)).toBe(3);
    expect(percentileOf(sum, 0.5)).toBeCloseTo(percentileOf(a, 0.5)!, 6);
    expect(percentileOf([], 0.5)).toBeNull();
    expect(percentileOf([0, 0], 0.5)).toBeNull();
  });
});
