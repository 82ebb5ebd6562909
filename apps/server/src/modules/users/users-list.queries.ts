/**
 * The users list and its CSV export: the filter (conditions and order from the query string), the page, the count
 * and the export's batches. Free-text statements are not prepared, so each is planned for its text.
 */
import { ROLES, type Role } from '@admin-portal/contract/roles';
import type { USER_SORTS, UserListItem } from '@admin-portal/contract/users';
import type { AuthContext } from '../../http/context.ts';
import type { Queryable } from '../../db/client.ts';
import { countCapped, ESTIMATE_THRESHOLD, LIST_COUNT_CAP } from '../../db/capped-count.ts';
import { estimateRows } from '../../db/estimates.ts';
import { run, sql, type Sql } from '../../db/sql.ts';
import { surelyMatchesMoreThan, type TextSource } from '../../db/text-sample.ts';
import { containsPattern, SEARCH_WALK_ROWS, textCondition } from '../../http/list-filter.ts';
import { FROM_USERS } from './users.queries.ts';

/** What narrows and orders users: the list's query string without its page (the export uses the same). */
export interface UserFilterQuery {
  q?: string | undefined;
  sort?: (typeof USER_SORTS)[number] | undefined;
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

const SORTS: Record<(typeof USER_SORTS)[number], UserSort> = {
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
  return { where, whereWithoutSearch, search, text, organizations, narrowed, sort: SORTS[query.sort ?? DEFAULT_SORT] };
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

/** A timestamptz as Date.prototype.toISOString writes it (UTC, milliseconds, "Z"), written by the database. */
const isoText = <C extends string>(column: C) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` as const;

/**
 * A row of the users list exactly as the API shows it (UserListItem), made by the database: no password hash, no
 * preferences, timestamps already ISO text and the lock already judged, so a page of rows is sent as it is read
 * instead of each date being parsed and written again (a sixth of a list request's time).
 */
const LIST_COLUMNS = sql.fixed(
  `u.id, u.email, u.first_name, u.last_name, u.role, u.organization_id, o.name as organization_name,
  u.permissions as extra_permissions, u.is_active, u.pending_approval, coalesce(u.locked_until > now(), false) as is_locked,
  case when u.locked_until > now() then ${isoText('u.locked_until')} end as locked_until, u.failed_logins,
  ${isoText('u.last_login_at')} as last_login_at, ${isoText('u.created_at')} as created_at, ${isoText('u.updated_at')} as updated_at,
  array_remove(array[
    case when exists (select 1 from user_totp t where t.user_id = u.id and t.confirmed_at is not null) then 'authenticator_app' end,
    case when exists (select 1 from user_passkeys k where k.user_id = u.id) then 'passkey' end
  ], null) as second_factors` as const,
);

/** The sort key when a subquery hands it up as a column. */
const SORT_KEY = sql`u.sort_key`;

/** Estimated matches up to which free text skips the walk: sorting that many rows costs less than walking. */
export const SEARCH_FEW_MATCHES = 2_000;

/** One page of a listing. */
export async function findUsers(db: Queryable, filter: UserFilter, page: { limit: number; offset: number }): Promise<UserListItem[]> {
  if (!filter.search) {
    // The page's size is written in, not bound: a plan made without knowing it may read every row the filter matches
    // (role=viewer as an organization's administrator was 2.3× slower at a million users).
    const res = await run<UserListItem>(
      db,
      sql`select ${LIST_COLUMNS} ${FROM_USERS} ${sql.where(filter.where)} order by ${orderBySql(filter.sort)} limit ${sql.int(page.limit)} offset ${sql.int(page.offset)}`,
    );
    return res.rows;
  }
  // Free text. Few matches expected (the planner's estimate for this text): read them all from the trigram index.
  // Otherwise in two tries (the planner cannot tell a common word from a rare one, nor where in the order its
  // matches lie). First the order's index, the first SEARCH_WALK_ROWS rows only, stopping at the page's last match: a
  // page found there is the right page, since no match before it was skipped. The walk hands its sort key up as a
  // column, so the outer query keeps its order instead of sorting all it read. Neither query is prepared, so each is
  // planned for this text (a prepared statement's generic plan guesses every text alike).
  const few = (await estimateRows(db, sql`select 1 from users u ${sql.where(filter.where)}`)) <= SEARCH_FEW_MATCHES;
  const limit = sql`limit ${sql.int(page.limit)} offset ${sql.int(page.offset)}`;
  const walked = few
    ? { rows: [] }
    : await run<UserListItem>(
        db,
        sql`select ${LIST_COLUMNS}
       from (select u.*, ${filter.sort.expr} as sort_key from users u ${sql.where(filter.whereWithoutSearch)}
              order by ${orderBySql(filter.sort)} limit ${sql.int(SEARCH_WALK_ROWS)}) u
       join organizations o on o.id = u.organization_id
      where ${filter.search} order by ${orderBySql(filter.sort, SORT_KEY)} ${limit}`,
        { prepare: false },
      );
  if (walked.rows.length === page.limit) return walked.rows;
  // Otherwise every match (from the trigram index when they are few), its id and sort key only, sorted; then the
  // page's rows.
  const res = await run<UserListItem>(
    db,
    sql`with hits as materialized (select u.id, ${filter.sort.expr} as sort_key from users u ${sql.where(filter.where)}),
          page as (select id from hits u order by ${orderBySql(filter.sort, SORT_KEY)} ${limit})
     select ${LIST_COLUMNS} ${FROM_USERS} where u.id in (select id from page) order by ${orderBySql(filter.sort)}`,
    { prepare: false },
  );
  return res.rows;
}

/** The one organization whose every user the filter lists (no free text, no other filter), or null. */
export function wholeOrganization(filter: UserFilter): string | null {
  if (filter.search || filter.narrowed || filter.organizations.length === 0) return null;
  return filter.organizations[0]!;
}

/**
 * A page of one organization's users (`wholeOrganization`) with their exact total, the count the database keeps
 * (migration 0018), in one statement: the list costs the page's query alone. A second organization in the filter
 * other than the first matches nobody. Null when the organization has no kept count.
 */
export async function findOrganizationUsers(db: Queryable, filter: UserFilter, organizationId: string, page: { limit: number; offset: number }) {
  const res = await run<UserListItem & { kept_total: string | number | null }>(
    db,
    sql`select c.users as kept_total, p.*
       from organization_user_counts c
       left join lateral (select ${LIST_COLUMNS} ${FROM_USERS} ${sql.where(filter.where)}
                           order by ${orderBySql(filter.sort)} limit ${sql.int(page.limit)} offset ${sql.int(page.offset)}) p on true
      where c.organization_id = ${organizationId}`,
  );
  // Every organization has its row from its creation; without one (never expected) the caller counts instead.
  if (res.rows.length === 0) return null;
  const nobody = filter.organizations.some((id) => id !== organizationId);
  const total = nobody ? 0 : Number(res.rows[0]!.kept_total ?? 0);
  const items = res.rows.filter((row) => row.id !== null).map(({ kept_total: _total, ...row }) => row as UserListItem);
  return { items, total };
}

/**
 * Counts matches up to LIST_COUNT_CAP (a count over every row would grow with the table). Without free text, when the
 * planner already expects ESTIMATE_THRESHOLD or more, not even that; with free text alone (within organizations),
 * when the kept sample of the users' texts surely holds more than the cap (a large table only). An organization's
 * users without filters are not counted at all: see `findOrganizationUsers`.
 */
export async function countUsers(db: Queryable, filter: UserFilter): Promise<{ total: number; exact: boolean }> {
  const matches = sql`select 1 from users u ${sql.where(filter.where)}`;
  if (filter.search) {
    if (filter.text && !filter.narrowed && (await surelyMatchesMoreThan(db, USER_TEXT, filter.text, filter.organizations, LIST_COUNT_CAP))) {
      return { total: LIST_COUNT_CAP, exact: false };
    }
    return countCapped(db, matches, { prepare: false });
  }
  if ((await estimateRows(db, matches)) >= ESTIMATE_THRESHOLD) return { total: LIST_COUNT_CAP, exact: false };
  return countCapped(db, matches);
}

/** What the CSV export shows of a user (no password hash, no permissions). */
export interface UserExportRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  organization_name: string;
  is_active: boolean;
  locked_until: Date | null;
  last_login_at: Date | null;
  created_at: Date;
  /** The row's sort key as text, where the next batch starts. */
  sort_key: string | null;
}

/** Up to `limit` users after the cursor (from the start when null), in the filter's order. */
export async function findUsersAfter(db: Queryable, filter: UserFilter, cursor: UserCursor | null, limit: number): Promise<UserExportRow[]> {
  const where = cursor ? [...filter.where, afterCursorSql(filter.sort, cursor)] : filter.where;
  const res = await run<UserExportRow>(
    db,
    sql`select u.id, u.email, u.first_name, u.last_name, u.role, o.name as organization_name, u.is_active, u.locked_until,
            u.last_login_at, u.created_at, (${filter.sort.expr})::text as sort_key
       ${FROM_USERS} ${sql.where(where)} order by ${orderBySql(filter.sort)} limit ${sql.int(limit)}`,
  );
  return res.rows;
}
