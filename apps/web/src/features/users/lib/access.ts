import { effectivePermissions, expandPermissions, PERMISSIONS, ROLE_DEFAULTS, type Permission } from '@admin-portal/contract/permission-names';
import { ROLES } from '@admin-portal/contract/role-names';
import type { Role } from '@admin-portal/contract/roles';
import type { User, UserListItem } from '@admin-portal/contract/users';

/** The signed-in user as the page needs them: who they are and what they hold. */
export type Actor = Pick<User, 'id' | 'role' | 'permissions'>;

export const isSuperAdmin = (actor: Pick<User, 'role'>) => actor.role === 'super_admin';

/** The actor's effective permissions (a super admin holds every one, as on the server). */
export function heldPermissions(actor: Actor): ReadonlySet<string> {
  return new Set(isSuperAdmin(actor) ? PERMISSIONS : actor.permissions);
}

const holdsAll = (held: ReadonlySet<string>, needed: Iterable<string>) => [...needed].every((p) => held.has(p));

/**
 * The roles the actor may give (the server's rule): a super admin any role; anyone else never super_admin, and
 * otherwise only a role whose default permissions, expanded, they hold themselves.
 */
export function assignableRoles(actor: Actor): Role[] {
  if (isSuperAdmin(actor)) return [...ROLES];
  const held = heldPermissions(actor);
  return ROLES.filter((role) => role !== 'super_admin' && holdsAll(held, expandPermissions(ROLE_DEFAULTS[role])));
}

/** The catalogue permissions the actor may grant: those whose implications they hold too. */
export function grantablePermissions(actor: Actor): Permission[] {
  const held = heldPermissions(actor);
  return PERMISSIONS.filter((p) => holdsAll(held, expandPermissions([p])));
}

/**
 * Whether the actor may change this user at all (the server's rule): a super admin anyone; anyone else never a
 * super admin nor someone holding a permission they lack (their role's and their extras, expanded as the server does).
 */
export function canManageUser(actor: Actor, target: Pick<UserListItem, 'role' | 'extra_permissions'>): boolean {
  if (isSuperAdmin(actor)) return true;
  return target.role !== 'super_admin' && holdsAll(heldPermissions(actor), effectivePermissions(target.role, target.extra_permissions));
}

export const canManageUsers = (actor: Actor) => heldPermissions(actor).has('user:manage');
export const canReadUsers = (actor: Actor) => heldPermissions(actor).has('user:read');

/** What the row's menu offers for this user. Deleting, deactivating and re-roling yourself are refused by the server. */
export interface RowAbilities {
  manage: boolean;
  edit: boolean;
  resetPassword: boolean;
  unlock: boolean;
  /** Approve or reject a self-registered account waiting for approval. */
  approve: boolean;
  permissions: boolean;
  /** See where the user is signed in and sign them out (issue 37 item 5). */
  sessions: boolean;
  delete: boolean;
  changeRole: boolean;
  deactivate: boolean;
}

export function rowAbilities(actor: Actor, target: Pick<UserListItem, 'id' | 'role' | 'extra_permissions' | 'is_locked' | 'pending_approval'>): RowAbilities {
  const manage = canManageUsers(actor) && canManageUser(actor, target);
  const self = target.id === actor.id;
  return {
    manage,
    edit: manage,
    resetPassword: manage,
    unlock: manage && target.is_locked,
    approve: manage && target.pending_approval,
    permissions: manage && !target.pending_approval,
    sessions: manage && !target.pending_approval,
    delete: manage && !self,
    changeRole: manage && !self,
    deactivate: manage && !self,
  };
}
