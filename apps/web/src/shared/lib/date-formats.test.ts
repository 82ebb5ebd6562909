import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateFormats, dateSettings, formatDateTime, zonedFormat } from './date-formats.ts';

const AT = new Date('2026-05-01T22:29:00Z');

describe('zonedFormat', () => {
  it('formats in the given time zone', () => {
    expect(zonedFormat({ timeStyle: 'short', hourCycle: 'h23' }, 'Asia/Tokyo').format(AT)).toMatch(/07:29/);
    expect(zonedFormat({ dateStyle: 'medium' }, 'Asia/Tokyo').resolvedOptions().timeZone).toBe('Asia/Tokyo');
  });

  it('falls back to the browser’s zone for none or one it does not know', () => {
    const browserZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(zonedFormat({ dateStyle: 'medium' }, undefined).resolvedOptions().timeZone).toBe(browserZone);
    expect(zonedFormat({ dateStyle: 'medium' }, 'Not/AZone').resolvedOptions().timeZone).toBe(browserZone);
  });
});

describe('zonedFormat made on first use', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes no Intl formatter until it formats, then one only', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const format = zonedFormat({ timeStyle: 'short', hourCycle: 'h23' }, 'Asia/Tokyo');
    expect(made).not.toHaveBeenCalled();
    expect(format.format(AT)).toMatch(/07:29/);
    expect(format.formatToParts(AT).some((part) => part.type === 'hour' && part.value === '07')).toBe(true);
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('formats when its format is passed on alone, as Intl’s bound format does', () => {
    const { format } = zonedFormat({ timeStyle: 'short', hourCycle: 'h23' }, 'Asia/Tokyo');
    expect([AT].map(format)).toEqual([expect.stringMatching(/07:29/)]);
  });
});

describe('dateFormats', () => {
  it('uses the user’s time zone and clock', () => {
    expect(dateFormats({ timezone: 'Asia/Tokyo', time_format: '24h' }).time.format(AT)).toMatch(/07:29/);
    expect(dateFormats({ timezone: 'America/New_York', time_format: '12h' }).time.format(AT)).toMatch(/6:29\sPM/);
    expect(dateSettings({ timezone: '', time_format: '24h' })).toEqual({ timeZone: undefined, hour12: false });
  });

  it('gives the long form the styles asked for', () => {
    const prefs = { timezone: 'UTC', time_format: '24h' } as const;
    expect(dateFormats(prefs).full.resolvedOptions()).toMatchObject({ dateStyle: 'full', timeStyle: 'long' });
    expect(dateFormats(prefs, { dateStyle: 'medium', timeStyle: 'short' }).full.resolvedOptions()).toMatchObject({ dateStyle: 'medium', timeStyle: 'short' });
    expect(dateFormats(prefs).date.resolvedOptions()).toMatchObject({ dateStyle: 'medium' });
  });

  it('does not throw for a time zone the browser does not know', () => {
    expect(() => dateFormats({ timezone: 'Not/AZone', time_format: '24h' }).full.format(AT)).not.toThrow();
  });
});

describe('formatDateTime', () => {
  it('formats a date, or says Never (or what it is told) for none', () => {
    const utc = zonedFormat({ dateStyle: 'medium' }, 'UTC');
    expect(formatDateTime('2026-05-01T22:29:00Z', utc)).toBe(utc.format(AT));
    expect(formatDateTime(null, utc)).toBe('Never');
    expect(formatDateTime(null, utc, '—')).toBe('—');
  });
});
