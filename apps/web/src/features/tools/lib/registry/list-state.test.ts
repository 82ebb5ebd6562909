import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, isFiltered, listQuery, listStateToParams, nextSort, parseListState, rangeLabel, toolHref } from './list-state.ts';

const ID = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
const parse = (query: string) => parseListState(new URLSearchParams(query));

describe('the Tool Registry URL state', () => {
  it('reads defaults from an empty URL and writes nothing back', () => {
    const state = parse('');
    expect(state).toEqual({ q: '', type: '', status: '', sort: DEFAULT_SORT, page: 1, size: null, tool: null, tab: 'definition' });
    expect(listStateToParams(state).toString()).toBe('');
  });

  it('keeps valid values and drops unknown ones', () => {
    const state = parse(`q=crm&type=webhook&status=pending_approval&sort=-updated_at&page=3&size=50&tool=${ID.toUpperCase()}&tab=test`);
    expect(state).toEqual({ q: 'crm', type: 'webhook', status: 'pending_approval', sort: '-updated_at', page: 3, size: 50, tool: ID, tab: 'test' });
    expect(parse('type=ftp&status=live&sort=secret&page=-2&size=7&tool=not-a-uuid&tab=secrets')).toEqual(parse(''));
  });

  it('round-trips through the URL, writing the tab only with a tool', () => {
    const state = parse(`q=a b&status=approved&page=2&tool=${ID}&tab=approval`);
    expect(parse(listStateToParams(state).toString())).toEqual(state);
    expect(listStateToParams({ ...state, tool: null }).has('tab')).toBe(false);
    expect(listStateToParams({ ...state, tab: 'definition' }).has('tab')).toBe(false);
  });

  it('links to a tool while keeping the list as it is', () => {
    expect(toolHref(parse('q=crm&page=2'), ID, 'configurations')).toBe(`?q=crm&page=2&tool=${ID}&tab=configurations`);
    expect(toolHref(parse(''), ID)).toBe(`?tool=${ID}`);
  });

  it('tells a filtered list from an empty one', () => {
    expect(isFiltered(parse(''))).toBe(false);
    expect(isFiltered(parse('q=%20'))).toBe(false);
    expect(isFiltered(parse('type=transform'))).toBe(true);
    expect(isFiltered(parse(`tool=${ID}`))).toBe(false);
  });

  it('builds the server query of one page', () => {
    expect(listQuery(parse('q=%20crm%20&type=http_request&status=draft&page=3'), 25)).toEqual({
      q: 'crm',
      tool_type: 'http_request',
      status: 'draft',
      sort: 'name',
      limit: 25,
      offset: 50,
    });
    expect(listQuery(parse(''), 10_000)).toMatchObject({ limit: 200, offset: 0 });
  });

  it('sorts names and statuses ascending first, dates newest first, and reverses on a second click', () => {
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
    expect(nextSort('name', 'status')).toBe('status');
    expect(nextSort('name', 'updated_at')).toBe('-updated_at');
  });

  it('labels the rows on screen', () => {
    expect(rangeLabel(0, 0, 0)).toBe('0 of 0');
    expect(rangeLabel(25, 10, 35)).toBe('26–35 of 35');
    expect(rangeLabel(0, 25, 10_000, false)).toBe('1–25 of 10,000+');
  });
});
