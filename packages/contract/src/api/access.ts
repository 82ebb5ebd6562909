import type { Permission } from '../permission-names.ts';
import type { RoleName as Role } from '../role-names.ts';

/**
 * Who may call an endpoint (DESIGN §5). Each endpoint of the catalogue names its rule; the server enforces it before
 * the handler runs, and every query enforces organization boundaries on top (a resource of another organization is
 * "not found" for everyone but a super admin).
 */
export type AccessRule =
  | { access: 'public' }
  | { access: 'authenticated' }
  | { access: 'permission'; anyOf: readonly Permission[]; roles?: readonly Role[] }
  | { access: 'self_or_permission'; anyOf: readonly Permission[] }
  | { access: 'super_admin' }
  | { access: 'role'; anyOf: readonly Role[] }
  /** An operator's endpoint (the metrics): its route checks its own token or loopback rule, outside the staff policy. */
  | { access: 'operator' };

export const PUBLIC: AccessRule = { access: 'public' };
export const SIGNED_IN: AccessRule = { access: 'authenticated' };
export const SUPER_ADMIN: AccessRule = { access: 'super_admin' };
export const OPERATOR: AccessRule = { access: 'operator' };
export const perm = (...anyOf: Permission[]): AccessRule => ({ access: 'permission', anyOf });
/** Spec §6 System Configuration: settings:system or system:configure, and the role admin or super_admin. */
export const CONFIGURE: AccessRule = { access: 'permission', anyOf: ['settings:system', 'system:configure'], roles: ['admin', 'super_admin'] };
/** The caller's own record (`:id` is their user id), or a holder of one of the permissions. */
export const selfOr = (...anyOf: Permission[]): AccessRule => ({ access: 'self_or_permission', anyOf });
/** Administrators only (spec: tool approval is for admins), whatever extra permissions others hold. */
export const ADMINS: AccessRule = { access: 'role', anyOf: ['admin', 'super_admin'] };
/** Roles an approval step can name as its reviewer, and those who may decide any review. */
export const REVIEWERS: AccessRule = { access: 'role', anyOf: ['super_admin', 'admin', 'manager', 'operator', 'compliance_officer'] };
