import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, isFiltered, listQuery, listStateToParams, nextSort, parseListState, rangeLabel, type WorkflowListState } from './list-state.ts';

const parse = (query: string) => parseListState(new URLSearchParams(query));
const DEFAULTS: WorkflowListState = { q: '', status: '', category: '', sort: '-updated_at', page: 1, size: null };

describe('All Workflows list state in the URL', () => {
  it('reads defaults from an empty query: newest changes first, page 1, the preferred page size', () => {
    expect(parse('')).toEqual(DEFAULTS);
    expect(DEFAULT_SORT).toBe('-updated_at');
  });

  it('reads search, status, category, sort, page and size', () => {
    expect(parse('q=kyc+onboarding&status=archived&category=%20kyc%20&sort=name&page=3&size=50')).toEqual({
      q: 'kyc onboarding',
      status: 'archived',
      category: 'kyc',
      sort: 'name',
      page: 3,
      size: 50,
    });
  });

  it('ignores what the server would refuse: unknown status or sort, bad page or size, overlong texts', () => {
    expect(parse('status=deleted&sort=-version&page=0&size=7')).toEqual(DEFAULTS);
    expect(parse('status=ACTIVE&sort=constructor&page=-2&size=abc')).toEqual(DEFAULTS);
    expect(parse('page=2.9').page).toBe(2);
    expect(parse(`q=${'x'.repeat(300)}`).q).toHaveLength(200);
    expect(parse(`category=${'c'.repeat(100)}`).category).toHaveLength(64);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(listStateToParams(DEFAULTS).toString()).toBe('');
    expect(listStateToParams({ ...DEFAULTS, q: '   ' }).toString()).toBe('');
    const state: WorkflowListState = { q: 'Loan', status: 'draft', category: 'lending', sort: '-status', page: 2, size: 10 };
    const params = listStateToParams(state);
    expect(params.toString()).toBe('q=Loan&status=draft&category=lending&sort=-status&page=2&size=10');
    expect(parseListState(params)).toEqual(state);
  });

  it('knows when search or a filter narrows the list', () => {
    expect(isFiltered(DEFAULTS)).toBe(false);
    expect(isFiltered({ ...DEFAULTS, sort: 'name', page: 4, size: 100 })).toBe(false);
    expect(isFiltered({ ...DEFAULTS, q: ' kyc ' })).toBe(true);
    expect(isFiltered({ ...DEFAULTS, status: 'active' })).toBe(true);
    expect(isFiltered({ ...DEFAULTS, category: 'kyb' })).toBe(true);
  });
});

describe('sorting by a column header', () => {
  it('starts names and statuses ascending and dates newest first, then reverses', () => {
    expect(nextSort('-updated_at', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
    expect(nextSort('name', 'status')).toBe('status');
    expect(nextSort('status', 'status')).toBe('-status');
    expect(nextSort('name', 'updated_at')).toBe('-updated_at');
    expect(nextSort('-updated_at', 'updated_at')).toBe('updated_at');
    expect(nextSort('updated_at', 'updated_at')).toBe('-updated_at');
  });
});

describe('the API query for a page', () => {
  it('sends the sort and the page window, and only the filters in use', () => {
    expect(listQuery(DEFAULTS, 25)).toEqual({ sort: '-updated_at', limit: 25, offset: 0 });
    expect(listQuery({ q: '  kyc ', status: 'active', category: 'kyc', sort: 'name', page: 3, size: null }, 10)).toEqual({
      q: 'kyc',
      status: 'active',
      category: 'kyc',
      sort: 'name',
      limit: 10,
      offset: 20,
    });
  });

  it('keeps the page size within what the server accepts', () => {
    expect(listQuery(DEFAULTS, 0).limit).toBe(1);
    expect(listQuery({ ...DEFAULTS, page: 2 }, 5000)).toMatchObject({ limit: 200, offset: 200 });
  });

  it('describes the rows on screen', () => {
    expect(rangeLabel(0, 0, 0)).toBe('0 of 0');
    expect(rangeLabel(0, 25, 60)).toBe('1–25 of 60');
    expect(rangeLabel(50, 10, 60)).toBe('51–60 of 60');
  });
});
