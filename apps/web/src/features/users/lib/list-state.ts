import { LIST_LIMIT_MAX } from '@admin-portal/contract/list-limits';
import { ROLES } from '@admin-portal/contract/role-names';
import type { Role } from '@admin-portal/contract/roles';
import type { UserExportQuery } from '@admin-portal/contract/users';
import { nextSort as nextColumnSort } from '../../../shared/lib/sort-direction.ts';

/**
 * The User Management list's state, kept in the URL (`?q=&role=&status=&sort=&page=&size=`) so a reload, the back
 * button or a shared link shows the same view. Only what differs from the defaults is written.
 */
export const SORTABLE_COLUMNS = ['first_name', 'email', 'role', 'last_login_at'] as const;
export type SortColumn = (typeof SORTABLE_COLUMNS)[number];
export type UserSort = SortColumn | `-${SortColumn}` | '-created_at';
export const DEFAULT_SORT: UserSort = '-created_at';

export const STATUS_FILTERS = ['active', 'inactive', 'locked', 'pending'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface UserListState {
  q: string;
  role: Role | '';
  status: StatusFilter | '';
  sort: UserSort;
  /** 1-based. */
  page: number;
  /** Rows per page chosen here; null = the user's preference. */
  size: number | null;
}

const SORTS: readonly string[] = ['-created_at', ...SORTABLE_COLUMNS.flatMap((c) => [c, `-${c}`])];
const oneOf = <T extends string>(list: readonly T[], value: string | null): value is T => value !== null && (list as readonly string[]).includes(value);

export function parseListState(params: URLSearchParams): UserListState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('size') ?? '', 10);
  const sort = params.get('sort');
  const role = params.get('role');
  const status = params.get('status');
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    role: oneOf(ROLES, role) ? role : '',
    status: oneOf(STATUS_FILTERS, status) ? status : '',
    sort: sort !== null && SORTS.includes(sort) ? (sort as UserSort) : DEFAULT_SORT,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : null,
  };
}

export function listStateToParams(state: UserListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q);
  if (state.role) params.set('role', state.role);
  if (state.status) params.set('status', state.status);
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.size !== null) params.set('size', String(state.size));
  return params;
}

/** Clicking a column: names and emails start A→Z, the last sign-in with the most recent; a second click reverses. */
export const nextSort = (current: UserSort, column: SortColumn): UserSort => nextColumnSort(current, column, ['last_login_at']);

/** The filters, search and sort as the API reads them (shared by the list and the CSV export). */
export function filterQuery(state: UserListState): UserExportQuery {
  const query: UserExportQuery = { sort: state.sort };
  const q = state.q.trim();
  if (q) query.q = q;
  if (state.role) query.role = state.role;
  if (state.status === 'active') query.is_active = 'true';
  if (state.status === 'inactive') query.is_active = 'false';
  if (state.status === 'locked') query.locked = 'true';
  if (state.status === 'pending') query.pending = 'true';
  return query;
}

export type UserPageQuery = UserExportQuery & { limit: number; offset: number };

/** One page of the list. */
export function pageQuery(state: UserListState, pageSize: number): UserPageQuery {
  const limit = Math.min(Math.max(1, pageSize), LIST_LIMIT_MAX);
  return { ...filterQuery(state), limit, offset: (state.page - 1) * limit };
}

/** "x–y of total" for the page on screen; "of 1000+" when the server stopped counting. */
export function rangeLabel(page: number, pageSize: number, total: number, exact = true): string {
  if (total === 0) return '0 of 0';
  const first = Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(page * pageSize, total);
  return `${first}–${last} of ${total}${exact ? '' : '+'}`;
}
