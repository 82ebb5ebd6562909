import { describe, expect, it } from 'vitest';
import type { PeriodState } from '../../../shared/analytics/period-state.ts';
import { DASHBOARD_PERIOD, parseDashboardPeriod, writeDashboardPeriod } from './dashboard-period.ts';

const parse = (query: string) => parseDashboardPeriod(new URLSearchParams(query));
const write = (state: PeriodState, base = '') => writeDashboardPeriod(new URLSearchParams(base), state).toString();

describe('the dashboard period in the URL', () => {
  it('is the last 7 days without parameters, or with a range it does not know', () => {
    expect(parse('')).toEqual(DASHBOARD_PERIOD);
    expect(parse('range=year')).toEqual(DASHBOARD_PERIOD);
  });

  it('reads presets, custom days and a bucket', () => {
    expect(parse('range=30d')).toEqual({ range: '30d', from: '', to: '', bucket: '' });
    expect(parse('range=today&bucket=hour')).toEqual({ range: 'today', from: '', to: '', bucket: 'hour' });
    expect(parse('range=custom&from=2026-11-01&to=2026-11-10&bucket=day')).toEqual({ range: 'custom', from: '2026-11-01', to: '2026-11-10', bucket: 'day' });
  });

  it('keeps an hourly bucket on the default 7 days (up to 14 days may be hourly)', () => {
    expect(parse('bucket=hour')).toEqual({ ...DASHBOARD_PERIOD, bucket: 'hour' });
    expect(parse('range=90d&bucket=hour').bucket).toBe('');
  });

  it('writes only what differs from the last 7 days, so /dashboard stays /dashboard', () => {
    expect(write(DASHBOARD_PERIOD)).toBe('');
    expect(write({ ...DASHBOARD_PERIOD, range: '30d' })).toBe('range=30d');
    expect(write({ range: 'custom', from: '2026-11-01', to: '2026-11-10', bucket: 'week' })).toBe('range=custom&from=2026-11-01&to=2026-11-10&bucket=week');
    expect(write(DASHBOARD_PERIOD, 'range=90d&other=1')).toBe('other=1');
  });

  it('round-trips', () => {
    for (const state of [
      DASHBOARD_PERIOD,
      { range: '30d', from: '', to: '', bucket: 'week' },
      { range: 'custom', from: '2026-01-01', to: '2026-01-05', bucket: 'hour' },
    ] as PeriodState[]) {
      expect(parse(write(state))).toEqual(state);
    }
  });
});
