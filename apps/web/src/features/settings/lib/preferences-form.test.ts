import { describe, expect, it } from 'vitest';
import { changedPreferences, clockPreview } from './preferences-form.ts';

const saved = { theme: 'light', sidebar_open: true, page_size: 25, time_format: '24h', timezone: '' } as const;

describe('settings form', () => {
  it('sends only what changed', () => {
    expect(changedPreferences(saved, { ...saved })).toEqual({});
    expect(changedPreferences(saved, { ...saved, theme: 'dark', page_size: 50 })).toEqual({ theme: 'dark', page_size: 50 });
  });

  it('previews the clock in 12- or 24-hour time, in the chosen time zone', () => {
    const at = new Date('2025-01-15T14:05:00Z');
    expect(clockPreview(at, { time_format: '24h', timezone: 'UTC' }, 'en-GB')).toBe('14:05');
    expect(clockPreview(at, { time_format: '12h', timezone: 'UTC' }, 'en-US')).toMatch(/^2:05\sPM$/);
    expect(clockPreview(at, { time_format: '24h', timezone: 'Asia/Tokyo' }, 'en-GB')).toBe('23:05');
  });
});
