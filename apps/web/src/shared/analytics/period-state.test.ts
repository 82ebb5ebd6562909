import { describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES } from '@admin-portal/contract/analytics/period';
import {
  analyticsTimeZone,
  chooseBucket,
  chooseDay,
  choosePreset,
  DEFAULT_PERIOD,
  effectiveBucket,
  hourAllowed,
  isDay,
  parsePeriod,
  periodDays,
  periodPhrase,
  periodProblem,
  periodQuery,
  todayIn,
  writePeriod,
  type PeriodState,
} from './period-state.ts';

const parse = (query: string) => parsePeriod(new URLSearchParams(query));
const write = (state: PeriodState, base = '') => writePeriod(new URLSearchParams(base), state).toString();
const TODAY = '2026-11-22';

describe('parsePeriod', () => {
  it('reads the last 30 days from an empty URL', () => {
    expect(parse('')).toEqual(DEFAULT_PERIOD);
  });

  it('reads a preset, a custom period and a bucket', () => {
    expect(parse('range=7d&bucket=hour')).toEqual({ range: '7d', from: '', to: '', bucket: 'hour' });
    expect(parse('range=custom&from=2026-11-01&to=2026-11-10&bucket=week')).toEqual({ range: 'custom', from: '2026-11-01', to: '2026-11-10', bucket: 'week' });
  });

  it('ignores what it does not know: unknown ranges and buckets, days that are not days, days on a preset', () => {
    expect(parse('range=year&bucket=minute')).toEqual(DEFAULT_PERIOD);
    expect(parse('range=custom&from=2026-02-30&to=tomorrow')).toEqual({ range: 'custom', from: '', to: '', bucket: '' });
    expect(parse('range=7d&from=2026-11-01&to=2026-11-10')).toEqual({ range: '7d', from: '', to: '', bucket: '' });
  });

  it('drops an hourly bucket a period longer than 14 days cannot have', () => {
    expect(parse('range=90d&bucket=hour').bucket).toBe('');
    expect(parse('bucket=hour').bucket).toBe('');
    expect(parse('range=custom&from=2026-11-01&to=2026-11-14&bucket=hour').bucket).toBe('hour');
    expect(parse('range=custom&from=2026-11-01&to=2026-11-15&bucket=hour').bucket).toBe('');
  });
});

describe('writePeriod', () => {
  it('writes only what differs from the defaults, and keeps the page’s other parameters', () => {
    expect(write(DEFAULT_PERIOD)).toBe('');
    expect(write({ range: '7d', from: '', to: '', bucket: '' }, 'workflow=abc&range=90d')).toBe('workflow=abc&range=7d');
    expect(write({ range: 'custom', from: '2026-11-01', to: '2026-11-10', bucket: 'day' })).toBe('range=custom&from=2026-11-01&to=2026-11-10&bucket=day');
  });

  it('round-trips through the URL', () => {
    for (const state of [
      DEFAULT_PERIOD,
      { range: 'today', from: '', to: '', bucket: 'hour' },
      { range: 'custom', from: '2026-01-01', to: '2026-03-31', bucket: 'week' },
    ] as PeriodState[]) {
      expect(parse(write(state))).toEqual(state);
    }
  });
});

describe('days and buckets', () => {
  it('counts the days of presets and custom periods (both ends included)', () => {
    expect(periodDays({ ...DEFAULT_PERIOD, range: 'today' })).toBe(1);
    expect(periodDays({ range: 'custom', from: '2026-11-01', to: '2026-11-01', bucket: '' })).toBe(1);
    expect(periodDays({ range: 'custom', from: '2026-02-27', to: '2026-03-02', bucket: '' })).toBe(4);
    expect(periodDays({ range: 'custom', from: '2026-11-02', to: '2026-11-01', bucket: '' })).toBeNull();
    expect(periodDays({ range: 'custom', from: '', to: '', bucket: '' })).toBeNull();
  });

  it('allows hours up to 14 days and follows the server’s default bucket', () => {
    expect(hourAllowed({ ...DEFAULT_PERIOD, range: '7d' })).toBe(true);
    expect(hourAllowed(DEFAULT_PERIOD)).toBe(false);
    expect(effectiveBucket({ ...DEFAULT_PERIOD, range: 'today' })).toBe('hour');
    expect(effectiveBucket(DEFAULT_PERIOD)).toBe('day');
    expect(effectiveBucket({ ...DEFAULT_PERIOD, range: '90d' })).toBe('week');
    expect(effectiveBucket({ ...DEFAULT_PERIOD, bucket: 'week' })).toBe('week');
  });
});

describe('choosing', () => {
  it('a custom period starts from the days the preset covered', () => {
    expect(choosePreset({ ...DEFAULT_PERIOD, range: '7d' }, 'custom', TODAY)).toEqual({ range: 'custom', from: '2026-11-16', to: TODAY, bucket: '' });
  });

  it('a longer preset drops an hourly bucket; a preset clears custom days', () => {
    expect(choosePreset({ range: 'today', from: '', to: '', bucket: 'hour' }, '90d', TODAY)).toEqual({ range: '90d', from: '', to: '', bucket: '' });
    expect(choosePreset({ range: 'custom', from: '2026-11-01', to: '2026-11-03', bucket: 'hour' }, '7d', TODAY)).toEqual({
      range: '7d',
      from: '',
      to: '',
      bucket: 'hour',
    });
  });

  it('moving one end past the other moves the other along', () => {
    const custom: PeriodState = { range: 'custom', from: '2026-11-01', to: '2026-11-10', bucket: '' };
    expect(chooseDay(custom, 'from', '2026-11-12')).toMatchObject({ from: '2026-11-12', to: '2026-11-12' });
    expect(chooseDay(custom, 'to', '2026-10-30')).toMatchObject({ from: '2026-10-30', to: '2026-10-30' });
    expect(chooseDay({ ...custom, bucket: 'hour' }, 'from', '2026-09-01').bucket).toBe('');
  });

  it('the period’s default bucket is written as none', () => {
    expect(chooseBucket(DEFAULT_PERIOD, 'day').bucket).toBe('');
    expect(chooseBucket(DEFAULT_PERIOD, 'week').bucket).toBe('week');
  });
});

describe('periodProblem', () => {
  it('says what the server would refuse, in the contract’s words', () => {
    expect(periodProblem(DEFAULT_PERIOD, TODAY)).toBeNull();
    expect(periodProblem({ range: 'custom', from: '', to: '', bucket: '' }, TODAY)).toBe(ANALYTICS_MESSAGES.customNeedsDates);
    expect(periodProblem({ range: 'custom', from: '2026-11-10', to: '2026-11-01', bucket: '' }, TODAY)).toBe(ANALYTICS_MESSAGES.endBeforeStart);
    expect(periodProblem({ range: 'custom', from: '2025-01-01', to: '2026-11-01', bucket: '' }, TODAY)).toBe(ANALYTICS_MESSAGES.tooLong);
    expect(periodProblem({ range: 'custom', from: '2026-11-23', to: '2026-11-24', bucket: '' }, TODAY)).toBe(ANALYTICS_MESSAGES.inFuture);
    expect(periodProblem({ range: 'custom', from: '2026-10-01', to: '2026-11-01', bucket: 'hour' }, TODAY)).toBe(ANALYTICS_MESSAGES.hourlyTooLong);
    expect(periodProblem({ range: 'custom', from: '2025-11-22', to: '2026-11-22', bucket: '' }, TODAY)).toBeNull();
  });
});

describe('the call and the words', () => {
  it('builds the query string of an analytics call', () => {
    expect(periodQuery(DEFAULT_PERIOD, 'Europe/Berlin')).toEqual({ range: '30d', tz: 'Europe/Berlin' });
    expect(periodQuery({ range: 'custom', from: '2026-11-01', to: '2026-11-10', bucket: 'day' }, 'UTC')).toEqual({
      range: 'custom',
      from: '2026-11-01',
      to: '2026-11-10',
      bucket: 'day',
      tz: 'UTC',
    });
  });

  it('says the period in a sentence', () => {
    expect(periodPhrase(DEFAULT_PERIOD)).toBe('the last 30 days');
    expect(periodPhrase({ ...DEFAULT_PERIOD, range: 'today' })).toBe('today');
    expect(periodPhrase({ range: 'custom', from: '2026-11-01', to: '2026-11-10', bucket: '' })).toBe('2026-11-01 – 2026-11-10');
  });

  it('knows today in a time zone and which zone to count in', () => {
    const at = new Date('2026-11-22T23:30:00Z');
    expect(todayIn('UTC', at)).toBe('2026-11-22');
    expect(todayIn('Asia/Tokyo', at)).toBe('2026-11-23');
    expect(todayIn('America/Los_Angeles', at)).toBe('2026-11-22');
    expect(analyticsTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(analyticsTimeZone('', () => 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(analyticsTimeZone('Not/AZone', () => undefined)).toBe('UTC');
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
  });
});
