import { describe, expect, it } from 'vitest';
import { clockFormat } from './header-clock.tsx';

const at = new Date('2026-03-14T21:05:00Z');

describe('header clock format', () => {
  it('follows the preferred hour format and time zone', () => {
    expect(
      clockFormat('24h', 'UTC')
        .formatToParts(at)
        .find((p) => p.type === 'hour')?.value,
    ).toBe('21');
    const twelve = clockFormat('12h', 'UTC').formatToParts(at);
    expect(twelve.find((p) => p.type === 'hour')?.value).toBe('09');
    expect(twelve.some((p) => p.type === 'dayPeriod')).toBe(true);
    expect(
      clockFormat('24h', 'Asia/Tokyo')
        .formatToParts(at)
        .find((p) => p.type === 'hour')?.value,
    ).toBe('06');
  });

  it('falls back to the browser’s zone when the stored one is unknown', () => {
    expect(() => clockFormat('24h', 'Mars/Olympus').format(at)).not.toThrow();
  });
});
