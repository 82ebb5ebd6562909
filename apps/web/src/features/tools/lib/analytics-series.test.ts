import { describe, expect, it } from 'vitest';
import { describeCalls, describeLatency, fillBuckets, labelTime, windowPhrase } from './analytics-series.ts';

const point = (at: string, calls: number, errors = 0, p50: number | null = 10, p95: number | null = 20) => ({ at, calls, errors, p50, p95 });

describe('fillBuckets', () => {
  it('lays out every hour of a 24-hour window, from the one holding `from`, with the listed ones in place', () => {
    const buckets = fillBuckets([point('2026-05-02T09:00:00.000Z', 3, 1)], '2026-05-01T10:30:00.000Z', '2026-05-02T10:30:00.000Z', 'hour');
    expect(buckets).toHaveLength(25);
    expect(new Date(buckets[0]!.at).toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect(new Date(buckets[24]!.at).toISOString()).toBe('2026-05-02T10:00:00.000Z');
    const filled = buckets.filter((b) => b.calls > 0);
    expect(filled).toEqual([{ at: Date.parse('2026-05-02T09:00:00.000Z'), calls: 3, errors: 1, p50: 10, p95: 20 }]);
    expect(buckets[0]).toEqual({ at: Date.parse('2026-05-01T10:00:00.000Z'), calls: 0, errors: 0, p50: null, p95: null });
  });

  it('lays out days (7 days: 8 buckets, the first partial)', () => {
    const buckets = fillBuckets([], '2026-05-01T10:30:00.000Z', '2026-05-08T10:30:00.000Z', 'day');
    expect(buckets).toHaveLength(8);
    expect(new Date(buckets[0]!.at).toISOString()).toBe('2026-05-01T00:00:00.000Z');
  });

  it('aligns on the server’s buckets when its day starts at another zone’s midnight', () => {
    // A database in UTC+2 cuts days at 22:00 UTC.
    const buckets = fillBuckets(
      [point('2026-05-03T22:00:00.000Z', 2), point('2026-05-05T22:00:00.000Z', 5)],
      '2026-05-01T10:30:00.000Z',
      '2026-05-08T10:30:00.000Z',
      'day',
    );
    expect(new Date(buckets[0]!.at).toISOString()).toBe('2026-04-30T22:00:00.000Z');
    expect(buckets.map((b) => b.calls)).toEqual([0, 0, 0, 2, 0, 5, 0, 0]);
  });

  it('places a bucket shifted by a daylight-saving hour in the nearest slot', () => {
    const buckets = fillBuckets(
      [point('2026-05-01T00:00:00.000Z', 1), point('2026-05-03T23:00:00.000Z', 4)],
      '2026-05-01T10:00:00.000Z',
      '2026-05-05T10:00:00.000Z',
      'day',
    );
    expect(buckets.map((b) => b.calls)).toEqual([1, 0, 0, 4, 0]);
  });

  it('ignores a malformed window', () => {
    expect(fillBuckets([], 'nonsense', '2026-05-01T00:00:00Z', 'hour')).toEqual([]);
    expect(fillBuckets([], '2026-05-02T00:00:00Z', '2026-05-01T00:00:00Z', 'hour')).toEqual([]);
  });
});

describe('labelTime', () => {
  it('reads an hour at its start and a day at its middle', () => {
    expect(labelTime({ at: Date.parse('2026-05-01T10:00:00Z') }, 'hour').toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect(labelTime({ at: Date.parse('2026-05-01T00:00:00Z') }, 'day').toISOString()).toBe('2026-05-01T12:00:00.000Z');
  });
});

describe('chart summaries', () => {
  const label = (d: Date) => d.toISOString().slice(0, 10);
  const buckets = fillBuckets(
    [point('2026-05-02T00:00:00.000Z', 4, 1, 12, 40), point('2026-05-04T00:00:00.000Z', 6, 0, 30, 90)],
    '2026-05-01T10:00:00.000Z',
    '2026-05-08T10:00:00.000Z',
    'day',
  );

  it('say the totals and the busiest day', () => {
    expect(describeCalls(buckets, 'day', 7, label)).toBe('Calls per day over the last 7 days: 10 calls, 1 error (10%). Busiest day: 2026-05-04 with 6 calls.');
  });

  it('say the median’s range and the highest p95', () => {
    expect(describeLatency(buckets, 'day', 7, label)).toBe(
      'Latency per day over the last 7 days: median between 12 ms and 30 ms; highest p95 90 ms (2026-05-04).',
    );
  });

  it('say when nothing ran', () => {
    const empty = fillBuckets([], '2026-05-01T10:00:00.000Z', '2026-05-02T10:00:00.000Z', 'hour');
    expect(describeCalls(empty, 'hour', 1, label)).toBe('Calls per hour over the last 24 hours: no calls.');
    expect(describeLatency(empty, 'hour', 1, label)).toBe('Latency per hour over the last 24 hours: no calls.');
  });

  it('name the window', () => {
    expect(windowPhrase(30)).toBe('the last 30 days');
    expect(windowPhrase(14)).toBe('the last 14 days');
  });
});
