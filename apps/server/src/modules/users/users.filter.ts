import { ROLES, type Role } from '@admin-portal/contract/roles';
import type { AuthContext } from '../../http/context.ts';
import type { TextSource } from '../../db/text-sample.ts';
import { sql, type Sql } from '../../db/sql.ts';
import { assertSort, containsPattern, textCondition } from '../../http/list-filter.ts';

/** What narrows and orders users: the list's query string without its page (the export uses the same). */
export interface UserFilterQuery {
  q?: string | undefined;
  sort?: string | undefined;
  role?: string | undefined;
  organization_id?: string | undefined;
  locked?: boolean | undefined;
  is_active?: boolean | undefined;
  pending?: boolean | undefined;
}

/**
 * One sort: the key expression and how it orders; `u.id` breaks ties (in the key's direction) so every order is
 * total and one index, read forwards or backwards, serves both directions (migration 0013).
 */
export interface UserSort {
  expr: Sql;
  /** Postgres type of the key, used to read a cursor value (sent as text) back exactly. */
  type: 'text' | 'timestamptz';
  desc: boolean;
  /** Only for nullable keys. */
  nulls?: 'first' | 'last';
  idDesc: boolean;
}

const by = (expr: Sql, type: UserSort['type'], desc: boolean, extra: Partial<UserSort> = {}): UserSort => ({
  expr,
  type,
  desc,
  idDesc: desc,
  ...extra,
});

const SORTS: Record<string, UserSort> = {
  email: by(sql`lower(u.email)`, 'text', false),
  '-email': by(sql`lower(u.email)`, 'text', true),
  first_name: by(sql`lower(u.first_name)`, 'text', false),
  '-first_name': by(sql`lower(u.first_name)`, 'text', true),
  last_name: by(sql`lower(u.last_name)`, 'text', false),
  '-last_name': by(sql`lower(u.last_name)`, 'text', true),
  role: by(sql`u.role`, 'text', false),
  '-role': by(sql`u.role`, 'text', true),
  created_at: by(sql`u.created_at`, 'timestamptz', false),
  '-created_at': by(sql`u.created_at`, 'timestamptz', true),
  last_login_at: by(sql`u.last_login_at`, 'timestamptz', false, { nulls: 'first' }),
  '-last_login_at': by(sql`u.last_login_at`, 'timestamptz', true, { nulls: 'last' }),
};
export const USER_SORTS = Object.keys(SORTS);
const DEFAULT_SORT = '-created_at';

/**
 * The text `q` searches: email, then "first last". It must stay identical to the expression of
 * `users_search_trgm_idx` (migration 0013), or the search stops using the trigram index and reads the whole table.
 * The separator \x01 (never typed in a search box) keeps a match from running from the email into the first name.
 */
export const USER_SEARCH_TEXT = "(u.email || E'\\x01' || u.first_name || ' ' || u.last_name)";

/** Where the users list's free text lives, for the kept sample of it (db/text-sample.ts). */
export const USER_TEXT: TextSource = { table: 'users', alias: 'u', text: USER_SEARCH_TEXT, organization: 'u.organization_id' };

export interface UserFilter {
  /** Conditions on `users u`, joined with and; may be empty. Includes `search` when there is one. */
  where: Sql[];
  /** The same without the free-text condition. */
  whereWithoutSearch: Sql[];
  /** The free-text condition, when `q` was given. */
  search: Sql | null;
  /** The text searched for, when its condition is the trigram index's (see `search`). */
  text: string | null;
  /** The organizations every listed user belongs to (the caller's scope and the `organization_id` filter). */
  organizations: string[];
  /** Whether a filter other than the organizations and the free text applies. */
  narrowed: boolean;
  sort: UserSort;
}

/**
 * The conditions and order of a user listing, shared by the paginated list and the CSV export so both show
 * exactly the same users: always inside the caller's organization (a super admin's chosen one, or all),
 * then the filters and the free-text search. An unknown sort is a 422 before anything runs. `rarePiece` (see
 * db/text-sample.ts) is the part of `q` the trigram index is given alone, when there is one.
 */
export function buildUserFilter(auth: AuthContext, query: UserFilterQuery, rarePiece: string | null = null): UserFilter {
  assertSort(SORTS, query.sort, USER_SORTS);
  const where: Sql[] = [];
  const scope = auth.isSuperAdmin ? auth.organizationId : auth.homeOrganizationId;
  const organizations = [scope, query.organization_id].filter((id): id is string => !!id);
  for (const id of organizations) where.push(sql`u.organization_id = ${id}`);
  const byOrganization = where.length;
  // A known role is written out too: a generic plan guesses every role a seventh of the users, and walks the whole
  // default order looking for the one super admin among a million.
  if (query.role) where.push(sql`u.role = ${ROLES.includes(query.role as Role) ? sql.known(query.role, ROLES) : query.role}`);
  // Written out, not bound: a generic plan can then use the partial index of inactive users.
  if (query.is_active !== undefined) where.push(query.is_active ? sql`u.is_active` : sql`not u.is_active`);
  if (query.pending !== undefined) where.push(query.pending ? sql`u.pending_approval` : sql`not u.pending_approval`);
  if (query.locked !== undefined) where.push(query.locked ? sql`u.locked_until > now()` : sql`(u.locked_until is null or u.locked_until <= now())`);
  const narrowed = where.length > byOrganization;
  const whereWithoutSearch = [...where];
  let search: Sql | null = null;
  let text: string | null = null;
  if (query.q) {
    // Matches the email, the first name, the last name or "first last": one text, one trigram index. Text holding
    // the separator itself would match across it, so it is searched field by field (no index; nobody types it).
    if (query.q.includes('\x01')) {
      const pattern = containsPattern(query.q);
      search = sql`(u.email ilike ${pattern} or (u.first_name || ' ' || u.last_name) ilike ${pattern})`;
    } else {
      search = textCondition(sql.fixed(USER_SEARCH_TEXT), query.q, rarePiece);
      text = query.q;
    }
    where.push(search);
  }
  return { where, whereWithoutSearch, search, text, organizations, narrowed, sort: SORTS[query.sort ?? DEFAULT_SORT]! };
}

const ASC = sql`asc`;
const DESC = sql`desc`;
const NULLS = { first: sql` nulls first`, last: sql` nulls last` };

/** The order; `key` and `id` name the sort key and the id when they come from a subquery's columns. */
export function orderBySql(sort: UserSort, key: Sql = sort.expr, id: Sql = sql`u.id`): Sql {
  return sql`${key} ${sort.desc ? DESC : ASC}${sort.nulls ? NULLS[sort.nulls] : sql.empty}, ${id} ${sort.idDesc ? DESC : ASC}`;
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
export function afterCursorSql(sort: UserSort, cursor: UserCursor): Sql {
  const e = sort.expr;
  const idAfter = sort.idDesc ? sql`u.id < ${cursor.id}::uuid` : sql`u.id > ${cursor.id}::uuid`;
  if (cursor.key === null) {
    // Nulls are together at one end: after them come the non-null keys (nulls first) or nothing (nulls last).
    const keyAfter = sort.nulls === 'first' ? sql`${e} is not null` : sql`false`;
    return sql`(${keyAfter} or (${e} is null and ${idAfter}))`;
  }
  const k = sql`${cursor.key}::${sql.fixed(sort.type)}`;
  const beyond = sort.desc ? sql`${e} < ${k}` : sql`${e} > ${k}`;
  const keyAfter = sort.nulls === 'last' ? sql`(${beyond} or ${e} is null)` : beyond;
  return sql`(${keyAfter} or (${e} = ${k} and ${idAfter}))`;
}
