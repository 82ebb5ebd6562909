import { describe, expect, it } from 'vitest';
import { activityDateFormats, formatCount, formatLatency, formatPercent, successRate } from './activity-format.ts';

describe('formatLatency', () => {
  it('reads milliseconds, seconds and minutes as a person would', () => {
    expect(formatLatency(0)).toBe('0 ms');
    expect(formatLatency(0.44)).toBe('0.4 ms');
    expect(formatLatency(4)).toBe('4 ms');
    expect(formatLatency(9.96)).toBe('10 ms');
    expect(formatLatency(85.4)).toBe('85 ms');
    expect(formatLatency(999.4)).toBe('999 ms');
    expect(formatLatency(1250)).toBe('1.25 s');
    expect(formatLatency(2000)).toBe('2 s');
    expect(formatLatency(12_340)).toBe('12.3 s');
    expect(formatLatency(150_000)).toBe('2.5 min');
  });

  it('shows a dash when there is no latency', () => {
    expect(formatLatency(null)).toBe('—');
    expect(formatLatency(undefined)).toBe('—');
    expect(formatLatency(Number.NaN)).toBe('—');
  });
});

describe('formatPercent', () => {
  it('shows at most one decimal', () => {
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.125)).toBe('12.5%');
    expect(formatPercent(1 / 3)).toBe('33.3%');
    expect(formatPercent(0.25)).toBe('25%');
    expect(formatPercent(1)).toBe('100%');
  });

  it('never rounds a rare failure to 0% or an almost perfect rate to 100%', () => {
    expect(formatPercent(0.0001)).toBe('<0.1%');
    expect(formatPercent(0.9999)).toBe('>99.9%');
  });

  it('clamps and handles missing values', () => {
    expect(formatPercent(1.2)).toBe('100%');
    expect(formatPercent(-0.1)).toBe('0%');
    expect(formatPercent(null)).toBe('—');
  });
});

describe('counts and rates', () => {
  it('group thousands', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('have no success rate without calls', () => {
    expect(successRate(0, 0)).toBeNull();
    expect(successRate(4, 3)).toBe(0.75);
  });
});

describe('activityDateFormats', () => {
  it('uses the user’s time zone and clock', () => {
    const f = activityDateFormats({ timezone: 'Asia/Tokyo', time_format: '24h' });
    expect(f.hour.format(new Date('2026-05-01T10:00:00Z'))).toMatch(/19:00/);
    const us = activityDateFormats({ timezone: 'America/New_York', time_format: '12h' });
    expect(us.hour.format(new Date('2026-05-01T22:00:00Z'))).toMatch(/6:00\sPM/);
  });

  it('falls back to the browser’s zone for one it does not know', () => {
    expect(() => activityDateFormats({ timezone: 'Not/AZone', time_format: '24h' }).dateTime.format(new Date())).not.toThrow();
  });
});
