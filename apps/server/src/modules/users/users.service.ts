import type { FastifyRequest } from 'fastify';
import { expandPermissions, ROLE_DEFAULTS, isPermission, type Permission } from '@admin-portal/contract/permissions';
import { MESSAGES, SERVER_MESSAGES } from '@admin-portal/contract/messages';
import type { CreateUser, UpdateUser } from '@admin-portal/contract/users';
import type { Db, Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import { hashPassword } from '../../security/passwords.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { auditTargetName } from '../audit/audit.targets.ts';
import type { Config } from '../../config.ts';
import { queueAccountEmail } from '../accounts/account-emails.ts';
import { announceAccessChange, revokeUserSessions } from '../accounts/sessions.ts';
import { clearAllWaitsFor } from '../accounts/sign-in-throttle.ts';
import { findOrganizationById } from '../organizations/organizations.queries.ts';
import { presentUser } from './users.presenter.ts';
import { assertManageable, assertPermissionGrantable, assertRoleAssignable, assertVisible, targetOrganization } from './users.policy.ts';
import { rarePiece, textSample } from '../../db/text-sample.ts';
import {
  buildUserFilter,
  countUsers,
  findOrganizationUsers,
  findUsers,
  findUsersAfter,
  USER_TEXT,
  wholeOrganization,
  type UserCursor,
  type UserExportRow,
  type UserFilter,
  type UserFilterQuery,
} from './users-list.queries.ts';
import {
  approveUserRow,
  countActiveSuperAdmins,
  deleteUserRow,
  emailTaken,
  findUserById,
  grantPermission,
  insertUser,
  lockSuperAdminChanges,
  lockUser,
  revokePermission,
  setPasswordAndUnlock,
  unlockUserRow,
  updateUserRow,
  type UserRow,
} from './users.queries.ts';

const emailConflict = () => conflict(SERVER_MESSAGES.emailTaken, [{ field: 'email', message: SERVER_MESSAGES.emailTaken }]);

export interface UserListQuery extends UserFilterQuery {
  limit: number;
  offset: number;
}

export async function listUsers(db: Db, auth: AuthContext, query: UserListQuery) {
  let filter = buildUserFilter(auth, query);
  const organization = wholeOrganization(filter);
  const kept = organization ? await findOrganizationUsers(db, filter, organization, query) : null;
  if (kept) return { items: kept.items, total: kept.total, total_exact: true, limit: query.limit, offset: query.offset };
  const piece = filter.text ? rarePiece(await textSample(db, USER_TEXT), filter.text) : null;
  if (piece) filter = buildUserFilter(auth, query, piece);
  const [rows, count] = await Promise.all([findUsers(db, filter, query), countUsers(db, filter)]);
  return { items: rows, total: count.total, total_exact: count.exact, limit: query.limit, offset: query.offset };
}

/** Rows per export query: big enough to be quick, small enough that 100k users never sit in memory at once. */
export const EXPORT_BATCH_SIZE = 500;

/**
 * Every user the list would show for these filters (same scope, filters and order). The filter is checked
 * now, so a bad sort is a 422 before any CSV is sent; the rows then come in keyset-paginated batches, each
 * its own short query, as the reader asks for them. Like every read, it writes no audit row.
 */
export function exportUsers(db: Db, auth: AuthContext, query: UserFilterQuery, batchSize = EXPORT_BATCH_SIZE): AsyncIterable<UserExportRow[]> {
  return exportBatches(db, buildUserFilter(auth, query), batchSize);
}

async function* exportBatches(db: Db, filter: UserFilter, batchSize: number): AsyncGenerator<UserExportRow[]> {
  let cursor: UserCursor | null = null;
  for (;;) {
    const rows = await findUsersAfter(db, filter, cursor, batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { key: last.sort_key, id: last.id };
  }
}

export async function getUser(db: Queryable, auth: AuthContext, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  assertVisible(auth, row);
  return row;
}

export async function createUser(db: Db, request: FastifyRequest, auth: AuthContext, input: CreateUser) {
  const organizationId = targetOrganization(auth, input.organization_id);
  assertRoleAssignable(auth, input.role);
  const extras = [...new Set(input.permissions ?? [])];
  for (const p of extras) assertPermissionGrantable(auth, p);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const org = await findOrganizationById(tx, organizationId);
    if (!org) throw new HttpError(422, SERVER_MESSAGES.organizationNotFound, [{ field: 'organization_id', message: SERVER_MESSAGES.organizationNotFound }]);
    if (await emailTaken(tx, input.email)) throw emailConflict();
    const id = await insertUser(tx, {
      organization_id: organizationId,
      email: input.email,
      first_name: input.first_name,
      last_name: input.last_name,
      role: input.role,
      permissions: extras,
      password_hash: passwordHash,
      is_active: input.is_active ?? true,
    });
    await recordAudit(tx, request, {
      action: 'user.create',
      targetType: 'user',
      targetId: id,
      organizationId,
      changes: { email: input.email, role: input.role, permissions: extras },
    });
    return { ...presentUser((await findUserById(tx, id))!), message: MESSAGES.userCreated };
  });
}

/** Refuses a change that would leave no active super administrator. */
async function assertNotLastSuperAdmin(tx: Queryable, target: UserRow) {
  if (target.role === 'super_admin' && target.is_active && (await countActiveSuperAdmins(tx)) <= 1) {
    throw conflict(SERVER_MESSAGES.cannotRemoveLastSuperAdmin);
  }
}

export async function updateUser(db: Db, request: FastifyRequest, auth: AuthContext, id: string, input: UpdateUser) {
  if (input.role !== undefined) assertRoleAssignable(auth, input.role);
  if (input.organization_id !== undefined) targetOrganization(auth, input.organization_id);
  return db.transaction(async (tx) => {
    if (input.role !== undefined || input.is_active === false) await lockSuperAdminChanges(tx);
    const before = await lockUser(tx, id);
    assertVisible(auth, before);
    assertManageable(auth, before);
    if (id === auth.userId && input.is_active === false) throw badRequest(SERVER_MESSAGES.cannotDeactivateSelf);
    if (id === auth.userId && input.role !== undefined && input.role !== before.role) throw badRequest(SERVER_MESSAGES.cannotChangeOwnRole);
    if ((input.role !== undefined && input.role !== 'super_admin') || input.is_active === false) await assertNotLastSuperAdmin(tx, before);
    if (input.email !== undefined && (await emailTaken(tx, input.email, id))) throw emailConflict();
    if (input.organization_id !== undefined && !(await findOrganizationById(tx, input.organization_id))) {
      throw new HttpError(422, SERVER_MESSAGES.organizationNotFound, [{ field: 'organization_id', message: SERVER_MESSAGES.organizationNotFound }]);
    }
    await updateUserRow(tx, id, input);
    const changes = Object.fromEntries(
      (Object.keys(input) as (keyof UpdateUser)[])
        .filter((k) => input[k] !== undefined && input[k] !== before[k])
        .map((k) => [k, { from: before[k], to: input[k] }]),
    );
    if (input.is_active === false || (input.organization_id && input.organization_id !== before.organization_id)) {
      await revokeUserSessions(tx, id, 'user_updated');
    }
    // Open event streams of the user check again at once (a deactivation, another role or organization).
    await announceAccessChange(db, tx, id);
    await recordAudit(tx, request, { action: 'user.update', targetType: 'user', targetId: id, organizationId: before.organization_id, changes });
    return presentUser((await findUserById(tx, id))!);
  });
}

export async function deleteUser(db: Db, request: FastifyRequest, auth: AuthContext, id: string) {
  if (id === auth.userId) throw badRequest(SERVER_MESSAGES.cannotDeleteSelf);
  await db.transaction(async (tx) => {
    await lockSuperAdminChanges(tx);
    const target = await lockUser(tx, id);
    assertVisible(auth, target);
    assertManageable(auth, target);
    await assertNotLastSuperAdmin(tx, target);
    const targetName = await auditTargetName(tx, 'user', id);
    await deleteUserRow(tx, id);
    await announceAccessChange(db, tx, id);
    await recordAudit(tx, request, {
      action: 'user.delete',
      targetType: 'user',
      targetId: id,
      targetName,
      organizationId: target.organization_id,
      changes: { email: target.email, role: target.role },
    });
  });
}

export async function resetPassword(db: Db, request: FastifyRequest, auth: AuthContext, id: string, newPassword: string) {
  const target = await getUser(db, auth, id);
  assertManageable(auth, target);
  const hash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await setPasswordAndUnlock(tx, id, hash);
    const revoked = await revokeUserSessions(tx, id, 'password_reset', id === auth.userId ? auth.sessionId : undefined);
    await announceAccessChange(db, tx, id);
    await recordAudit(tx, request, {
      action: 'user.password_reset',
      targetType: 'user',
      targetId: id,
      organizationId: target.organization_id,
      changes: { sessions_revoked: revoked },
    });
  });
}

export async function unlockUser(db: Db, request: FastifyRequest, auth: AuthContext, id: string) {
  return db.transaction(async (tx) => {
    const target = await lockUser(tx, id);
    assertVisible(auth, target);
    assertManageable(auth, target);
    await unlockUserRow(tx, id);
    await clearAllWaitsFor(tx, target.email);
    await recordAudit(tx, request, {
      action: 'user.unlock',
      targetType: 'user',
      targetId: id,
      organizationId: target.organization_id,
      changes: { was_locked_until: target.locked_until },
    });
    return presentUser((await findUserById(tx, id))!);
  });
}

/** A self-registered account waiting for approval, locked for the change; 409 when it is not waiting. */
async function lockPendingUser(tx: Queryable, auth: AuthContext, id: string): Promise<UserRow> {
  const target = await lockUser(tx, id);
  assertVisible(auth, target);
  assertManageable(auth, target);
  if (!target.pending_approval) throw conflict(SERVER_MESSAGES.userNotPending);
  return target;
}

/** Lets a self-registered account in: it can sign in from now on, and is told so by e-mail. */
export async function approveUser(db: Db, config: Config, request: FastifyRequest, auth: AuthContext, id: string) {
  return db.transaction(async (tx) => {
    const target = await lockPendingUser(tx, auth, id);
    await approveUserRow(tx, id);
    await recordAudit(tx, request, {
      action: 'user.approve',
      targetType: 'user',
      targetId: id,
      organizationId: target.organization_id,
      changes: { email: target.email },
    });
    await queueAccountEmail(tx, db, config, target.organization_id, { type: 'account_approved', user_id: id });
    return presentUser((await findUserById(tx, id))!);
  });
}

/** Turns a self-registered account away: it is removed (it never read anything), and the address is told. */
export async function rejectUser(db: Db, config: Config, request: FastifyRequest, auth: AuthContext, id: string) {
  await db.transaction(async (tx) => {
    const target = await lockPendingUser(tx, auth, id);
    const targetName = await auditTargetName(tx, 'user', id);
    await deleteUserRow(tx, id);
    await recordAudit(tx, request, {
      action: 'user.reject',
      targetType: 'user',
      targetId: id,
      targetName,
      organizationId: target.organization_id,
      changes: { email: target.email },
    });
    await queueAccountEmail(tx, db, config, target.organization_id, { type: 'signup_rejected', email: target.email, organization: target.organization_name });
  });
}

export function permissionsOf(row: UserRow) {
  return {
    success: true,
    permissions: presentUser(row).permissions,
    role_permissions: expandPermissions(ROLE_DEFAULTS[row.role]),
    extra_permissions: row.permissions,
  };
}

export async function addPermission(db: Db, request: FastifyRequest, auth: AuthContext, id: string, permission: Permission) {
  assertPermissionGrantable(auth, permission);
  return db.transaction(async (tx) => {
    const target = await lockUser(tx, id);
    assertVisible(auth, target);
    assertManageable(auth, target);
    if (!target.permissions.includes(permission)) {
      await grantPermission(tx, id, permission);
      await recordAudit(tx, request, {
        action: 'user.permission_add',
        targetType: 'user',
        targetId: id,
        organizationId: target.organization_id,
        changes: { permission },
      });
    }
    return permissionsOf((await findUserById(tx, id))!);
  });
}

export async function removePermission(db: Db, request: FastifyRequest, auth: AuthContext, id: string, permission: string) {
  if (!isPermission(permission)) {
    throw new HttpError(422, `${SERVER_MESSAGES.unknownPermission}: ${permission}`, [{ field: 'permission', message: SERVER_MESSAGES.unknownPermission }]);
  }
  return db.transaction(async (tx) => {
    const target = await lockUser(tx, id);
    assertVisible(auth, target);
    assertManageable(auth, target);
    if (!target.permissions.includes(permission)) throw notFound('Permission grant');
    await revokePermission(tx, id, permission);
    await announceAccessChange(db, tx, id);
    await recordAudit(tx, request, {
      action: 'user.permission_remove',
      targetType: 'user',
      targetId: id,
      organizationId: target.organization_id,
      changes: { permission },
    });
    return permissionsOf((await findUserById(tx, id))!);
  });
}
