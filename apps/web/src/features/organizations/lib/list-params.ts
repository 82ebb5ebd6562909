import { nextSort as nextColumnSort } from '../../../shared/lib/sort-direction.ts';
/** The Organizations list's state, kept in the URL (`?q=&sort=&page=`) so search results and reloads land on the same view. */
import { ORGANIZATION_SORTS } from '@admin-portal/contract/list-sorts';

export { ORGANIZATION_SORTS };
export type OrganizationSort = (typeof ORGANIZATION_SORTS)[number];
export const DEFAULT_SORT: OrganizationSort = 'name';

export interface OrganizationListState {
  q: string;
  sort: OrganizationSort;
  /** 1-based. */
  page: number;
}

const isSort = (value: string | null): value is OrganizationSort => (ORGANIZATION_SORTS as readonly string[]).includes(value ?? '');

export function parseListState(params: URLSearchParams): OrganizationListState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** Only what differs from the defaults goes into the URL. */
export function listStateToParams(state: OrganizationListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q);
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** Clicking a column: ascending first, then descending; another column starts ascending (newest first for dates). */
export const nextSort = (current: OrganizationSort, column: 'name' | 'created_at'): OrganizationSort => nextColumnSort(current, column, ['created_at']);

/** The query the API takes for a page of the list. */
export function listQuery(state: OrganizationListState, pageSize: number) {
  return {
    q: state.q.trim() || undefined,
    sort: state.sort,
    limit: pageSize,
    offset: (state.page - 1) * pageSize,
  };
}
