import type { Role } from '@admin-portal/contract/roles';
import type { UserListItem } from '@admin-portal/contract/users';
import type { Queryable } from '../../db/client.ts';
import { afterCursorSql, orderBySql, USER_TEXT, type UserCursor, type UserFilter } from './users.filter.ts';
import { countCapped, ESTIMATE_THRESHOLD, LIST_COUNT_CAP } from '../../db/capped-count.ts';
import { estimateRows } from '../../db/estimates.ts';
import { run, sql } from '../../db/sql.ts';
import { SEARCH_WALK_ROWS } from '../../http/list-filter.ts';
import { surelyMatchesMoreThan } from '../../db/text-sample.ts';

export interface UserRow {
  id: string;
  organization_id: string;
  organization_name: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  permissions: string[];
  password_hash: string;
  is_active: boolean;
  pending_approval: boolean;
  failed_logins: number;
  locked_until: Date | null;
  last_login_at: Date | null;
  preferences: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export const USER_COLUMNS = `u.id, u.organization_id, o.name as organization_name, u.email, u.first_name, u.last_name,
  u.role, u.permissions, u.password_hash, u.is_active, u.pending_approval, u.failed_logins, u.locked_until, u.last_login_at,
  u.preferences, u.created_at, u.updated_at`;

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
  ${isoText('u.last_login_at')} as last_login_at, ${isoText('u.created_at')} as created_at, ${isoText('u.updated_at')} as updated_at` as const,
);

const FROM_USERS = sql`from users u join organizations o on o.id = u.organization_id`;

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

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const res = await run<UserRow>(db, sql`select ${sql.fixed(USER_COLUMNS)} ${FROM_USERS} where u.id = ${id}`);
  return res.rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const res = await run<UserRow>(db, sql`select ${sql.fixed(USER_COLUMNS)} ${FROM_USERS} where lower(u.email) = lower(${email})`);
  return res.rows[0] ?? null;
}

/**
 * Locks the row for the rest of the transaction (used where a check and a write must not race).
 * NO KEY UPDATE, not UPDATE: foreign-key checks (an audit row naming this user as actor) take KEY SHARE,
 * which UPDATE would block, deadlocking two users who act on each other at the same moment.
 */
export async function lockUser(db: Queryable, id: string): Promise<UserRow | null> {
  const res = await run<UserRow>(db, sql`select ${sql.fixed(USER_COLUMNS)} ${FROM_USERS} where u.id = ${id} for no key update of u`);
  return res.rows[0] ?? null;
}

export async function emailTaken(db: Queryable, email: string, exceptId?: string): Promise<boolean> {
  const res = await db.query('select 1 from users where lower(email) = lower($1) and ($2::uuid is null or id <> $2::uuid)', [email, exceptId ?? null]);
  return res.rows.length > 0;
}

export interface NewUser {
  organization_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  permissions: string[];
  password_hash: string;
  is_active?: boolean;
  pending_approval?: boolean;
}

export async function insertUser(db: Queryable, u: NewUser): Promise<string> {
  const res = await db.query<{ id: string }>(
    `insert into users (organization_id, email, first_name, last_name, role, permissions, password_hash, is_active, pending_approval)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [u.organization_id, u.email, u.first_name, u.last_name, u.role, u.permissions, u.password_hash, u.is_active ?? true, u.pending_approval ?? false],
  );
  return res.rows[0]!.id;
}

const SUPER_ADMIN_LOCK_KEY = 724_113_002;

/**
 * Serialises changes that could remove a super administrator (delete, demote, deactivate), so two of them
 * at once cannot both pass the "another one remains" check. Take it before locking any user row.
 */
export async function lockSuperAdminChanges(db: Queryable): Promise<void> {
  await db.query('select pg_advisory_xact_lock($1)', [SUPER_ADMIN_LOCK_KEY]);
}

export async function countActiveSuperAdmins(db: Queryable): Promise<number> {
  const res = await db.query<{ n: number }>("select count(*)::int as n from users where role = 'super_admin' and is_active");
  return res.rows[0]!.n;
}
