import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, filterQuery, listStateToParams, nextSort, pageQuery, parseListState, rangeLabel, type UserListState } from './list-state.ts';

const state = (patch: Partial<UserListState> = {}): UserListState => ({ q: '', role: '', status: '', sort: DEFAULT_SORT, page: 1, size: null, ...patch });

describe('list state in the URL', () => {
  it('reads defaults from an empty query and writes nothing for them', () => {
    expect(parseListState(new URLSearchParams())).toEqual(state());
    expect(listStateToParams(state()).toString()).toBe('');
  });

  it('round-trips every field', () => {
    const full = state({ q: 'ada l', role: 'operator', status: 'locked', sort: '-email', page: 3, size: 50 });
    expect(parseListState(listStateToParams(full))).toEqual(full);
  });

  it('ignores values it does not know', () => {
    const parsed = parseListState(new URLSearchParams('role=wizard&status=gone&sort=password_hash&page=-2&size=7'));
    expect(parsed).toEqual(state());
  });
});

describe('sorting', () => {
  it('starts names A→Z and the last sign-in newest first, and a second click reverses', () => {
    expect(nextSort(DEFAULT_SORT, 'email')).toBe('email');
    expect(nextSort('email', 'email')).toBe('-email');
    expect(nextSort('-email', 'email')).toBe('email');
    expect(nextSort('email', 'last_login_at')).toBe('-last_login_at');
    expect(nextSort('-last_login_at', 'last_login_at')).toBe('last_login_at');
  });
});

describe('queries the API reads (list and export share them)', () => {
  it('maps the status filter to is_active or locked, trims the search and keeps the sort', () => {
    expect(filterQuery(state({ status: 'active' }))).toEqual({ sort: '-created_at', is_active: 'true' });
    expect(filterQuery(state({ status: 'inactive' }))).toEqual({ sort: '-created_at', is_active: 'false' });
    expect(filterQuery(state({ status: 'locked', role: 'viewer', q: '  ada ', sort: 'email' }))).toEqual({
      sort: 'email',
      locked: 'true',
      role: 'viewer',
      q: 'ada',
    });
  });

  it('adds limit and offset for a page, never above the server’s maximum', () => {
    expect(pageQuery(state({ page: 3 }), 25)).toEqual({ sort: '-created_at', limit: 25, offset: 50 });
    expect(pageQuery(state(), 1000).limit).toBe(200);
  });
});

describe('pagination', () => {
  it('labels the range as “x–y of total”', () => {
    expect(rangeLabel(1, 25, 0)).toBe('0 of 0');
    expect(rangeLabel(1, 10, 32)).toBe('1–10 of 32');
    expect(rangeLabel(4, 10, 32)).toBe('31–32 of 32');
    expect(rangeLabel(1, 25, 10000, false)).toBe('1–25 of 10000+');
  });
});
