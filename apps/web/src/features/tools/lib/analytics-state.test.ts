import { describe, expect, it } from 'vitest';
import { analyticsStateToParams, executionsFiltered, executionsQuery, parseAnalyticsState, rangeLabel, type AnalyticsViewState } from './analytics-state.ts';

const TOOL = '3f2b8c1e-2a4d-4e6f-8a9b-0c1d2e3f4a5b';
const RUN = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';

const parse = (query: string) => parseAnalyticsState(new URLSearchParams(query));

describe('parseAnalyticsState', () => {
  it('reads the defaults from an empty URL: 7 days, every tool, no filters, page 1', () => {
    expect(parse('')).toEqual({ days: 7, tool: '', status: '', caller: '', page: 1, size: null, execution: null });
  });

  it('reads every field', () => {
    expect(parse(`days=30&tool=${TOOL}&status=error&caller=mcp&page=3&size=50&execution=${RUN}`)).toEqual({
      days: 30,
      tool: TOOL,
      status: 'error',
      caller: 'mcp',
      page: 3,
      size: 50,
      execution: RUN,
    });
  });

  it('ignores what it does not know (an edited or stale link)', () => {
    expect(parse('days=14&tool=abc&status=ok&caller=robot&page=-2&size=7&execution=1')).toEqual(parse(''));
    expect(parse('days=1.5&page=x').days).toBe(7);
  });

  it('normalises ids to lower case', () => {
    expect(parse(`tool=${TOOL.toUpperCase()}`).tool).toBe(TOOL);
  });
});

describe('analyticsStateToParams', () => {
  it('writes only what differs from the defaults', () => {
    expect(analyticsStateToParams(parse('')).toString()).toBe('');
    expect(analyticsStateToParams({ ...parse(''), days: 90, status: 'timeout', page: 2 }).toString()).toBe('days=90&status=timeout&page=2');
  });

  it('round-trips', () => {
    const state: AnalyticsViewState = { days: 1, tool: TOOL, status: 'refused', caller: 'workflow', page: 4, size: 25, execution: RUN };
    expect(parseAnalyticsState(analyticsStateToParams(state))).toEqual(state);
  });
});

describe('executionsQuery', () => {
  it('turns the page into limit and offset and passes only the filters set', () => {
    expect(executionsQuery({ ...parse(''), page: 3 }, 25)).toEqual({ limit: 25, offset: 50 });
    expect(executionsQuery(parse(`tool=${TOOL}&status=error&caller=test`), 10)).toEqual({
      limit: 10,
      offset: 0,
      tool_id: TOOL,
      status: 'error',
      caller_type: 'test',
    });
  });

  it('keeps the page size within the server’s limit', () => {
    expect(executionsQuery(parse(''), 5000).limit).toBe(200);
  });

  it('tells a filtered table from an empty one (the tool narrows the whole page, not just the table)', () => {
    expect(executionsFiltered(parse(`tool=${TOOL}`))).toBe(false);
    expect(executionsFiltered(parse('caller=mcp'))).toBe(true);
  });
});

describe('rangeLabel', () => {
  it('says which rows are on screen', () => {
    expect(rangeLabel(0, 10, 42)).toBe('1–10 of 42');
    expect(rangeLabel(40, 2, 42)).toBe('41–42 of 42');
    expect(rangeLabel(0, 0, 0)).toBe('0 of 0');
    expect(rangeLabel(0, 25, 10000, false)).toBe('1–25 of 10,000+');
  });
});
