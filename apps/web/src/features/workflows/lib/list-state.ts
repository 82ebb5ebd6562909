import { LIST_LIMIT_MAX } from '@admin-portal/contract/list-limits';
import { WORKFLOW_SORTS, WORKFLOW_STATUSES, type WorkflowStatus } from '@admin-portal/contract/workflows/statuses';
import type { WorkflowListQuery } from '../api/workflows-api.ts';
import { nextSort as nextColumnSort } from '../../../shared/lib/sort-direction.ts';
import { rowRange } from '../../../shared/lib/pagination.ts';

/**
 * The All Workflows list's state, kept in the URL (`?q=&status=&category=&sort=&page=&size=`) so a reload, the back
 * button or a shared link shows the same view. Only what differs from the defaults is written.
 */
export type WorkflowSort = (typeof WORKFLOW_SORTS)[number];
export const SORT_COLUMNS = ['name', 'status', 'updated_at'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
/** The server's own default: the most recently changed first. */
export const DEFAULT_SORT: WorkflowSort = '-updated_at';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const CATEGORY_MAX = 64;
const QUERY_MAX = 200;

export interface WorkflowListState {
  q: string;
  status: WorkflowStatus | '';
  /** Exact category (the server compares without case); '' = all. */
  category: string;
  sort: WorkflowSort;
  /** 1-based. */
  page: number;
  /** Rows per page chosen here; null = the user's preference. */
  size: number | null;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): value is T => value !== null && (list as readonly string[]).includes(value);

export function parseListState(params: URLSearchParams): WorkflowListState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('size') ?? '', 10);
  const sort = params.get('sort');
  const status = params.get('status');
  return {
    q: (params.get('q') ?? '').slice(0, QUERY_MAX),
    status: oneOf(WORKFLOW_STATUSES, status) ? status : '',
    category: (params.get('category') ?? '').trim().slice(0, CATEGORY_MAX),
    sort: oneOf(WORKFLOW_SORTS, sort) ? sort : DEFAULT_SORT,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : null,
  };
}

export function listStateToParams(state: WorkflowListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q);
  if (state.status) params.set('status', state.status);
  if (state.category.trim()) params.set('category', state.category.trim());
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.size !== null) params.set('size', String(state.size));
  return params;
}

/** Whether search or a filter narrows the list (decides between "no workflows yet" and "nothing matches"). */
export const isFiltered = (state: WorkflowListState): boolean => !!(state.q.trim() || state.status || state.category);

/** Clicking a column: names and statuses start ascending (draft → active → archived), dates newest first; a second click reverses. */
export const nextSort = (current: WorkflowSort, column: SortColumn): WorkflowSort => nextColumnSort(current, column, ['updated_at']);

/** One page of the list, as GET /admin/workflows reads it. */
export function listQuery(state: WorkflowListState, pageSize: number): WorkflowListQuery {
  const limit = Math.min(Math.max(1, pageSize), LIST_LIMIT_MAX);
  const query: WorkflowListQuery = { sort: state.sort, limit, offset: (state.page - 1) * limit };
  const q = state.q.trim();
  if (q) query.q = q;
  if (state.status) query.status = state.status;
  if (state.category) query.category = state.category;
  return query;
}

/** "x–y of total" for the rows on screen (the shared rowRange). */
export { rowRange as rangeLabel };
