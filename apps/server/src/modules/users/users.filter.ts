import type { AuthContext } from '../../http/context.ts';
import { assertSort, containsPattern } from '../../http/list-filter.ts';

/** What narrows and orders users: the list's query string without its page (the export uses the same). */
export interface UserFilterQuery {
  q?: string | undefined;
  sort?: string | undefined;
  role?: string | undefined;
  organization_id?: string | undefined;
  locked?: boolean | undefined;
  is_active?: boolean | undefined;
}

/** One sort: the key expression and how it orders; `u.id` breaks ties so every order is total. */
export interface UserSort {
  expr: string;
  /** Postgres type of the key, used to read a cursor value (sent as text) back exactly. */
  type: 'text' | 'timestamptz';
  desc: boolean;
  /** Only for nullable keys. */
  nulls?: 'first' | 'last';
  idDesc: boolean;
}

const by = (expr: string, type: UserSort['type'], desc: boolean, extra: Partial<UserSort> = {}): UserSort => ({
  expr,
  type,
  desc,
  idDesc: false,
  ...extra,
});

const SORTS: Record<string, UserSort> = {
  email: by('lower(u.email)', 'text', false),
  '-email': by('lower(u.email)', 'text', true),
  first_name: by('lower(u.first_name)', 'text', false),
  '-first_name': by('lower(u.first_name)', 'text', true),
  last_name: by('lower(u.last_name)', 'text', false),
  '-last_name': by('lower(u.last_name)', 'text', true),
  role: by('u.role', 'text', false),
  '-role': by('u.role', 'text', true),
  created_at: by('u.created_at', 'timestamptz', false),
  '-created_at': by('u.created_at', 'timestamptz', true, { idDesc: true }),
  last_login_at: by('u.last_login_at', 'timestamptz', false, { nulls: 'first' }),
  '-last_login_at': by('u.last_login_at', 'timestamptz', true, { nulls: 'last' }),
};
export const USER_SORTS = Object.keys(SORTS);
const DEFAULT_SORT = '-created_at';

export interface UserFilter {
  /** Conditions on `users u`, joined with and; may be empty. */
  where: string[];
  params: unknown[];
  sort: UserSort;
}

/** Appends a parameter and returns its placeholder. */
function bind(params: unknown[], value: unknown): string {
  params.push(value);
  return `$${params.length}`;
}

/**
 * The conditions and order of a user listing, shared by the paginated list and the CSV export so both show
 * exactly the same users: always inside the caller's organization (a super admin's chosen one, or all),
 * then the filters and the free-text search. An unknown sort is a 422 before anything runs.
 */
export function buildUserFilter(auth: AuthContext, query: UserFilterQuery): UserFilter {
  assertSort(SORTS, query.sort, USER_SORTS);
  const where: string[] = [];
  const params: unknown[] = [];
  const scope = auth.isSuperAdmin ? auth.organizationId : auth.homeOrganizationId;
  if (scope) where.push(`u.organization_id = ${bind(params, scope)}`);
  if (query.organization_id) where.push(`u.organization_id = ${bind(params, query.organization_id)}`);
  if (query.role) where.push(`u.role = ${bind(params, query.role)}`);
  if (query.is_active !== undefined) where.push(`u.is_active = ${bind(params, query.is_active)}`);
  if (query.locked !== undefined) where.push(query.locked ? 'u.locked_until > now()' : '(u.locked_until is null or u.locked_until <= now())');
  if (query.q) {
    const p = bind(params, containsPattern(query.q));
    where.push(`(u.email ilike ${p} or u.first_name ilike ${p} or u.last_name ilike ${p} or (u.first_name || ' ' || u.last_name) ilike ${p})`);
  }
  return { where, params, sort: SORTS[query.sort ?? DEFAULT_SORT]! };
}

export function whereSql(conditions: readonly string[]): string {
  return conditions.length ? `where ${conditions.join(' and ')}` : '';
}

export function orderBySql(sort: UserSort): string {
  return `${sort.expr} ${sort.desc ? 'desc' : 'asc'}${sort.nulls ? ` nulls ${sort.nulls}` : ''}, u.id ${sort.idDesc ? 'desc' : 'asc'}`;
}

/** Where the previous batch stopped: its last row's sort key (as text; null when the key is null) and id. */
export interface UserCursor {
  key: string | null;
  id: string;
}

/**
 * The condition "comes after the cursor in this order" (keyset pagination), so each export batch is an
 * indexed range read that neither skips nor repeats rows when others are added or removed meanwhile.
 */
export function afterCursorSql(sort: UserSort, cursor: UserCursor, params: unknown[]): string {
  const e = sort.expr;
  const idAfter = `u.id ${sort.idDesc ? '<' : '>'} ${bind(params, cursor.id)}::uuid`;
  if (cursor.key === null) {
    // Nulls are together at one end: after them come the non-null keys (nulls first) or nothing (nulls last).
    const keyAfter = sort.nulls === 'first' ? `${e} is not null` : 'false';
    return `(${keyAfter} or (${e} is null and ${idAfter}))`;
  }
  const k = `${bind(params, cursor.key)}::${sort.type}`;
  const beyond = `${e} ${sort.desc ? '<' : '>'} ${k}`;
  const keyAfter = sort.nulls === 'last' ? `(${beyond} or ${e} is null)` : beyond;
  return `(${keyAfter} or (${e} = ${k} and ${idAfter}))`;
}
