import { describe, expect, it } from 'vitest';
import type { OverTimePoint } from '@admin-portal/contract/analytics/api';
import { toCsv } from '../ui/data-table/csv.ts';
import { bucketLabels, chartedFlows, describeFlows, overTimeCsvColumns } from './over-time.ts';

const point = (at: string, counts: Partial<OverTimePoint> = {}): OverTimePoint => ({
  at,
  started: 0,
  completed: 0,
  approved: 0,
  rejected: 0,
  failed: 0,
  cancelled: 0,
  ...counts,
});

describe('bucket labels', () => {
  it('reads days in the period’s time zone', () => {
    const labels = bucketLabels([point('2026-11-21T23:00:00Z')], { bucket: 'day', tz: 'Europe/Berlin', days: 7 });
    expect(labels.short[0]).toMatch(/Nov 22/);
    expect(labels.long[0]).toMatch(/Sun.*Nov 22.*2026/);
  });

  it('reads hours with their day when the period spans several days, and weeks by their first day', () => {
    expect(bucketLabels([point('2026-11-22T14:00:00Z')], { bucket: 'hour', tz: 'UTC', days: 1 }).short[0]).toMatch(/^14:00$/);
    expect(bucketLabels([point('2026-11-22T14:00:00Z')], { bucket: 'hour', tz: 'UTC', days: 7 }).short[0]).toMatch(/Nov 22.*14:00/);
    expect(bucketLabels([point('2026-11-16T00:00:00Z')], { bucket: 'week', tz: 'UTC', days: 90 }).long[0]).toMatch(/^Week of Nov 16, 2026$/);
  });
});

describe('describeFlows', () => {
  const points = [
    point('a', { started: 4, completed: 2, approved: 1, rejected: 1 }),
    point('b', { started: 9, completed: 5, approved: 4, rejected: 1, failed: 2 }),
  ];
  const labels = ['Nov 21', 'Nov 22'];

  it('totals each series and names the busiest bucket', () => {
    expect(describeFlows(points, 'day', 'the last 7 days', labels, null)).toBe(
      'Applications per day over the last 7 days: 13 started, 7 completed (5 approved, 2 rejected), 2 failed. Busiest day: Nov 22 with 9 started.',
    );
  });

  it('follows a status filter', () => {
    expect(describeFlows(points, 'day', 'the last 7 days', labels, 'approved')).toBe(
      'Applications approved per day over the last 7 days: 5 applications. Busiest day: Nov 22 with 4 approved.',
    );
  });

  it('says when there is nothing', () => {
    expect(describeFlows([point('a')], 'hour', 'today', ['10:00'], null)).toBe('Applications per hour today: none.');
  });

  it('adds cancelled only when filtered on it', () => {
    expect(chartedFlows(null)).not.toContain('cancelled');
    expect(chartedFlows('cancelled')).toContain('cancelled');
  });
});

describe('overTimeCsvColumns', () => {
  it('exports each bucket with its start, its label and every count', () => {
    const points = [point('2026-11-21T00:00:00.000Z', { started: 4, approved: 1 }), point('2026-11-22T00:00:00.000Z', { started: 2, cancelled: 1 })];
    expect(toCsv(overTimeCsvColumns(['Nov 21', 'Nov 22'], points), points)).toBe(
      'Bucket start,Bucket,Started,Completed,Approved,Rejected,Failed,Cancelled\r\n2026-11-21T00:00:00.000Z,Nov 21,4,0,1,0,0,0\r\n2026-11-22T00:00:00.000Z,Nov 22,2,0,0,0,0,1\r\n',
    );
  });
});
