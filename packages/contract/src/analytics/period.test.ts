import { describe, expect, it } from 'vitest';
import { isTimeZone } from './period.ts';

describe('a time zone to bucket analytics by', () => {
  it('is a name or an alias the runtime knows, in any case', () => {
    for (const tz of ['UTC', 'Europe/Berlin', 'america/new_york', 'US/Eastern', 'Etc/GMT+5', 'Asia/Kolkata']) expect(isTimeZone(tz), tz).toBe(true);
  });

  it('is not an offset (PostgreSQL would read it the other way round) nor an unknown name', () => {
    for (const tz of ['+05:30', '-08:00', '+0530', '05:30', '', 'Mars/Olympus_Mons', 'GMT+25']) expect(isTimeZone(tz), tz).toBe(false);
  });
});
