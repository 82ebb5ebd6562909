import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './time-zones.ts';

describe('time zone options', () => {
  it('puts UTC first and keeps an unknown current value', () => {
    expect(timeZoneOptions(undefined, () => ['Europe/Berlin', 'UTC', 'Asia/Tokyo'])).toEqual(['UTC', 'Europe/Berlin', 'Asia/Tokyo']);
    expect(timeZoneOptions('Mars/Base', () => ['Europe/Berlin'])).toEqual(['UTC', 'Mars/Base', 'Europe/Berlin']);
    expect(
      timeZoneOptions('UTC', () => {
        throw new Error('unsupported');
      }),
    ).toEqual(['UTC']);
  });
});
