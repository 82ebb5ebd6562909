import { LIST_LIMIT_MAX } from '@admin-portal/contract/list-limits';
import { TOOL_SORTS, TOOL_STATUSES, type ToolStatus } from '@admin-portal/contract/tools/statuses';
import { TOOL_TYPE_NAMES, type ToolTypeName } from '@admin-portal/contract/tools/tool-types/tool-type';
import { nextSort as nextColumnSort } from '../../../../shared/lib/sort-direction.ts';
import { rowRange } from '../../../../shared/lib/pagination.ts';

/**
 * The Tool Registry's state, kept in the URL (`?q=&type=&status=&sort=&page=&size=&tool=&tab=`) so a reload, the back
 * button or a shared link shows the same view, down to the open tool and its tab. Only what differs from the
 * defaults is written.
 */
export type ToolSort = (typeof TOOL_SORTS)[number];
export const SORT_COLUMNS = ['name', 'status', 'updated_at'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
/** The server's own default: by name. */
export const DEFAULT_SORT: ToolSort = 'name';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DETAIL_TABS = ['definition', 'configurations', 'test', 'approval'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];
export const DEFAULT_TAB: DetailTab = 'definition';

const QUERY_MAX = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ToolListState {
  q: string;
  type: ToolTypeName | '';
  status: ToolStatus | '';
  sort: ToolSort;
  /** 1-based. */
  page: number;
  /** Rows per page chosen here; null = the user's preference. */
  size: number | null;
  /** The tool open in the detail panel. */
  tool: string | null;
  tab: DetailTab;
}

/** What the list's query to the server needs. */
export interface ToolListQuery {
  q?: string | undefined;
  tool_type?: ToolTypeName | undefined;
  status?: ToolStatus | undefined;
  sort: ToolSort;
  limit: number;
  offset: number;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): value is T => value !== null && (list as readonly string[]).includes(value);

export function parseListState(params: URLSearchParams): ToolListState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('size') ?? '', 10);
  const sort = params.get('sort');
  const status = params.get('status');
  const type = params.get('type');
  const tool = params.get('tool');
  const tab = params.get('tab');
  return {
    q: (params.get('q') ?? '').slice(0, QUERY_MAX),
    type: oneOf(TOOL_TYPE_NAMES, type) ? type : '',
    status: oneOf(TOOL_STATUSES, status) ? status : '',
    sort: oneOf(TOOL_SORTS, sort) ? sort : DEFAULT_SORT,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : null,
    tool: tool && UUID.test(tool) ? tool.toLowerCase() : null,
    tab: oneOf(DETAIL_TABS, tab) ? tab : DEFAULT_TAB,
  };
}

export function listStateToParams(state: ToolListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q);
  if (state.type) params.set('type', state.type);
  if (state.status) params.set('status', state.status);
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.size !== null) params.set('size', String(state.size));
  if (state.tool) {
    params.set('tool', state.tool);
    if (state.tab !== DEFAULT_TAB) params.set('tab', state.tab);
  }
  return params;
}

/** The link that opens one tool (on a tab) while keeping the list as it is. */
export function toolHref(state: ToolListState, tool: string, tab: DetailTab = DEFAULT_TAB): string {
  return `?${listStateToParams({ ...state, tool, tab }).toString()}`;
}

/** Whether search or a filter narrows the list (decides between "no tools yet" and "nothing matches"). */
export const isFiltered = (state: ToolListState): boolean => !!(state.q.trim() || state.type || state.status);

/** Clicking a column: names and statuses start ascending, dates newest first; a second click reverses. */
export const nextSort = (current: ToolSort, column: SortColumn): ToolSort => nextColumnSort(current, column, ['updated_at']);

/** One page of the list, as GET /admin/tools reads it. */
export function listQuery(state: ToolListState, pageSize: number): ToolListQuery {
  const limit = Math.min(Math.max(1, pageSize), LIST_LIMIT_MAX);
  const query: ToolListQuery = { sort: state.sort, limit, offset: (state.page - 1) * limit };
  const q = state.q.trim();
  if (q) query.q = q;
  if (state.type) query.tool_type = state.type;
  if (state.status) query.status = state.status;
  return query;
}

/** "x–y of total" for the rows on screen (the shared rowRange). */
export { rowRange as rangeLabel };
