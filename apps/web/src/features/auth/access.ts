import type { User } from '@admin-portal/contract/users';

export interface AccessRule {
  /** Any one of these roles. */
  roles?: string | readonly string[];
  /** Any one of these permissions. */
  permission?: string | readonly string[];
}

const list = (v: string | readonly string[] | undefined): readonly string[] => (v === undefined ? [] : typeof v === 'string' ? [v] : v);

/** Spec §6: admin has every permission (super_admin outranks admin, so it does too). */
export function hasPermission(user: Pick<User, 'role' | 'permissions'>, permission: string): boolean {
  return user.role === 'admin' || user.role === 'super_admin' || user.permissions.includes(permission);
}

/** Spec §4 auth gate: a required role (or any of a list) and a required permission (or any of a list). */
export function isAllowed(user: Pick<User, 'role' | 'permissions'>, rule: AccessRule): boolean {
  const roles = list(rule.roles);
  const permissions = list(rule.permission);
  if (roles.length > 0 && !roles.includes(user.role)) return false;
  if (permissions.length > 0 && !permissions.some((p) => hasPermission(user, p))) return false;
  return true;
}
