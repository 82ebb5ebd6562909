import type { Role } from '@admin-portal/contract/roles';
import type { Queryable } from '../../db/client.ts';
import { run, sql } from '../../db/sql.ts';
import { containsPattern } from '../../http/list-filter.ts';

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

/** Users with their organization's name. */
export const FROM_USERS = sql`from users u join organizations o on o.id = u.organization_id`;

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

/** Per role among `roles`, the active people holding it in `organizations`: how many, and one name (the only one when one). */
export async function roleHolders(db: Queryable, roles: readonly string[], organizations: readonly string[]) {
  const res = await db.query<{ role: string; name: string; n: number }>(
    `select role, min(first_name || ' ' || last_name) as name, count(*)::int as n from users
          where role = any($1::text[]) and organization_id = any($2::uuid[]) and is_active group by role order by role`,
    [roles, organizations],
  );
  return res.rows;
}

/** The accounts locked now, within the organization (all with null), the latest lock first. */
export async function lockedAccounts(db: Queryable, organizationId: string | null, limit: number) {
  const res = await db.query<{ name: string; email: string; locked_until: Date }>(
    `select first_name || ' ' || last_name as name, email, locked_until from users
          where locked_until > now() and ($1::uuid is null or organization_id = $1) order by locked_until desc limit $2`,
    [organizationId, limit],
  );
  return res.rows;
}

/** The active people holding `role` within the organization (all with null), by name. */
export async function activeInRole(db: Queryable, organizationId: string | null, role: string, limit: number) {
  const res = await db.query<{ name: string; email: string }>(
    `select first_name || ' ' || last_name as name, email from users where role = $2 and is_active and ($1::uuid is null or organization_id = $1)
          order by last_name, first_name limit $3`,
    [organizationId, role, limit],
  );
  return res.rows;
}

/** Per role within the organization (all with null): accounts, deactivated ones and locked ones; the largest role first. */
export async function countsByRole(db: Queryable, organizationId: string | null) {
  const res = await db.query<{ role: string; n: number; inactive: number; locked: number }>(
    `select role, count(*)::int as n, count(*) filter (where not is_active)::int as inactive, count(*) filter (where locked_until > now())::int as locked
         from users where ($1::uuid is null or organization_id = $1) group by role order by count(*) desc`,
    [organizationId],
  );
  return res.rows;
}

/**
 * The approval steps of the workflows that are not archived (within the organization; all with null) whose name or
 * step name holds `subject` (every one without), with the role that decides each and its SLA; active workflows first.
 */
export async function approvalSteps(db: Queryable, organizationId: string | null, subject: string | null) {
  const pattern = subject === null ? null : containsPattern(subject);
  const where = [
    sql`s.type = 'approval'`,
    sql`w.status <> 'archived'`,
    ...(organizationId ? [sql`w.organization_id = ${organizationId}`] : []),
    ...(pattern ? [sql`(w.name ilike ${pattern} or s.name ilike ${pattern})`] : []),
  ];
  const res = await run<{
    workflow_id: string;
    workflow_name: string;
    status: string;
    step_name: string;
    role: string;
    sla_hours: number | null;
    organization_id: string;
  }>(
    db,
    sql`select w.id as workflow_id, w.name as workflow_name, w.status, s.name as step_name, coalesce(s.config->>'assignee_role', 'operator') as role,
              coalesce((s.config->>'sla_hours')::float8, 24) as sla_hours, w.organization_id
         from steps s join workflows w on w.id = s.workflow_id ${sql.where(where)}
        order by w.status = 'active' desc, w.name, s.name limit 20`,
  );
  return res.rows;
}

/** Changes what `changes` gives (each field left out stays as it is). */
export async function updateUserRow(
  tx: Queryable,
  id: string,
  changes: {
    email?: string | undefined;
    first_name?: string | undefined;
    last_name?: string | undefined;
    role?: Role | undefined;
    organization_id?: string | undefined;
    is_active?: boolean | undefined;
  },
): Promise<void> {
  await tx.query(
    `update users set email = coalesce($2, email), first_name = coalesce($3, first_name), last_name = coalesce($4, last_name),
              role = coalesce($5, role), organization_id = coalesce($6, organization_id), is_active = coalesce($7, is_active),
              updated_at = now()
        where id = $1`,
    [
      id,
      changes.email ?? null,
      changes.first_name ?? null,
      changes.last_name ?? null,
      changes.role ?? null,
      changes.organization_id ?? null,
      changes.is_active ?? null,
    ],
  );
}

export async function deleteUserRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from users where id = $1', [id]);
}

/** A new password hash, and the failed sign-ins and lock cleared. */
export async function setPasswordAndUnlock(tx: Queryable, id: string, passwordHash: string): Promise<void> {
  await tx.query('update users set password_hash = $2, failed_logins = 0, locked_until = null, updated_at = now() where id = $1', [id, passwordHash]);
}

/** The failed sign-ins and lock cleared. */
export async function unlockUserRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('update users set failed_logins = 0, locked_until = null, updated_at = now() where id = $1', [id]);
}

/** A sign-up request approved: the account is no longer pending. */
export async function approveUserRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('update users set pending_approval = false, updated_at = now() where id = $1', [id]);
}

/** One more permission beyond the role's. */
export async function grantPermission(tx: Queryable, id: string, permission: string): Promise<void> {
  await tx.query('update users set permissions = array_append(permissions, $2), updated_at = now() where id = $1', [id, permission]);
}

/** A permission beyond the role's taken back. */
export async function revokePermission(tx: Queryable, id: string, permission: string): Promise<void> {
  await tx.query('update users set permissions = array_remove(permissions, $2), updated_at = now() where id = $1', [id, permission]);
}
