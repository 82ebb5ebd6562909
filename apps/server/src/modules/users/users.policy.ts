import { effectivePermissions, expandPermissions, ROLE_DEFAULTS, type Permission } from '@admin-portal/contract/permissions';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import type { Role } from '@admin-portal/contract/roles';
import type { AuthContext } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { UserRow } from './users.queries.ts';

/** Nobody hands out more than they hold: a role is assignable when all its permissions are the actor's own. */
export function assertRoleAssignable(auth: AuthContext, role: Role): void {
  if (auth.isSuperAdmin) return;
  if (role === 'super_admin' || !expandPermissions(ROLE_DEFAULTS[role]).every((p) => auth.permissions.has(p))) {
    throw forbidden(SERVER_MESSAGES.roleNotAssignable);
  }
}

export function assertPermissionGrantable(auth: AuthContext, permission: Permission): void {
  if (!expandPermissions([permission]).every((p) => auth.permissions.has(p))) throw forbidden(SERVER_MESSAGES.permissionNotGrantable);
}

/** A user of another organization is "not found" to everyone but a super admin. */
export function assertVisible(auth: AuthContext, target: UserRow | null): asserts target is UserRow {
  if (!target) throw notFound('User');
  if (!auth.isSuperAdmin && target.organization_id !== auth.homeOrganizationId) throw notFound('User');
}

/** Only a super admin manages a super admin; otherwise the target may hold nothing the actor lacks. */
export function assertManageable(auth: AuthContext, target: UserRow): void {
  if (auth.isSuperAdmin) return;
  const outranks = target.role === 'super_admin' || effectivePermissions(target.role, target.permissions).some((p) => !auth.permissions.has(p));
  if (outranks) throw forbidden(SERVER_MESSAGES.targetOutranksActor);
}

/** The organization a new user goes into: the one asked for, else the acting organization; only a super admin may pick another. */
export function targetOrganization(auth: AuthContext, requested: string | undefined): string {
  const org = requested ?? auth.organizationId ?? auth.homeOrganizationId;
  if (!auth.isSuperAdmin && org !== auth.homeOrganizationId) throw forbidden(SERVER_MESSAGES.otherOrganization);
  return org;
}
