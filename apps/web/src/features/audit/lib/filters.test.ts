import { describe, expect, it } from 'vitest';
import { filterQuery, filtersToParams, isFiltered, loadedLabel, parseFilters } from './filters.ts';

describe('audit log filters', () => {
  it('round-trip through the URL, leaving empty ones out', () => {
    const params = new URLSearchParams('target_type=user&target_id=abc&from=2026-01-02&to=bad&extra=1');
    const filters = parseFilters(params);
    expect(filters).toEqual({ q: '', actor: '', action: '', target_type: 'user', target_id: 'abc', from: '2026-01-02', to: '' });
    expect(filtersToParams(filters).toString()).toBe('target_type=user&target_id=abc&from=2026-01-02');
    expect(isFiltered(filters)).toBe(true);
    expect(isFiltered(parseFilters(new URLSearchParams()))).toBe(false);
  });

  it('send `to` as the next day, so the chosen day is included', () => {
    expect(filterQuery(parseFilters(new URLSearchParams('from=2026-02-28&to=2026-02-28&q=x')))).toEqual({ q: 'x', from: '2026-02-28', to: '2026-03-01' });
  });

  it('say when the total is a lower bound', () => {
    expect(loadedLabel(25, 10000, false)).toBe('25 of 10,000+');
    expect(loadedLabel(3, 3, true)).toBe('3 of 3');
  });
});
