import { describe, expect, it } from 'vitest';
import { localDay, resolvePeriod, zonedMidnight } from './period.ts';

const now = new Date('2026-03-29T10:30:00Z');

describe('analytics periods', () => {
  it('starts presets at midnight of their first day in the time zone, today included, and ends now', () => {
    expect(resolvePeriod({ range: 'today', tz: 'UTC' }, now)).toMatchObject({
      from: new Date('2026-03-29T00:00:00Z'),
      to: now,
      bucket: 'hour',
      days: 1,
      previousFrom: new Date('2026-03-28T00:00:00Z'),
      previousTo: new Date('2026-03-28T10:30:00Z'),
    });
    const week = resolvePeriod({ range: '7d', tz: 'America/New_York' }, now);
    expect(week.from).toEqual(new Date('2026-03-23T04:00:00Z'));
    expect(week.bucket).toBe('day');
    expect(week.previousFrom).toEqual(new Date('2026-03-16T04:00:00Z'));
    expect(resolvePeriod({ range: '90d', tz: 'UTC' }, now).bucket).toBe('week');
  });

  it('runs a custom period from the midnight of its first day to the midnight after its last', () => {
    const p = resolvePeriod({ range: 'custom', from: '2026-01-05', to: '2026-01-11', tz: 'Europe/Berlin' }, now);
    expect(p).toMatchObject({ from: new Date('2026-01-04T23:00:00Z'), to: new Date('2026-01-11T23:00:00Z'), days: 7, bucket: 'day' });
    expect(p.previousFrom).toEqual(new Date('2025-12-28T23:00:00Z'));
    expect(p.previousTo).toEqual(p.from);
    expect(resolvePeriod({ range: 'custom', from: '2026-01-05', to: '2026-01-06', tz: 'UTC' }, now).bucket).toBe('hour');
    expect(resolvePeriod({ range: 'custom', from: '2026-01-05', to: '2026-01-06', tz: 'UTC', bucket: 'day' }, now).bucket).toBe('day');
  });

  it('finds midnight across daylight saving changes and in zones with odd offsets', () => {
    // Berlin moves to summer time at 02:00 on 2026-03-29: that day still starts at 23:00 UTC the day before.
    expect(zonedMidnight('2026-03-29', 'Europe/Berlin')).toEqual(new Date('2026-03-28T23:00:00Z'));
    expect(zonedMidnight('2026-03-30', 'Europe/Berlin')).toEqual(new Date('2026-03-29T22:00:00Z'));
    expect(zonedMidnight('2026-01-01', 'Asia/Kolkata')).toEqual(new Date('2025-12-31T18:30:00Z'));
    // Santiago's clocks skip from 00:00 to 01:00 on 2026-09-06: the day begins at 01:00 local.
    expect(localDay(zonedMidnight('2026-09-06', 'America/Santiago'), 'America/Santiago')).toBe('2026-09-06');
    expect(localDay(new Date('2026-03-28T23:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
  });

  it('refuses a custom period that starts in the future', () => {
    expect(() => resolvePeriod({ range: 'custom', from: '2026-04-01', to: '2026-04-02', tz: 'UTC' }, now)).toThrow('The period cannot start in the future');
  });
});
