import { describe, expect, it } from 'vitest';
import { effectivePermissions, PERMISSIONS } from '@admin-portal/contract/permissions';
import { ROLES } from '@admin-portal/contract/role-names';
import type { Role } from '@admin-portal/contract/roles';
import { assignableRoles, canManageUser, grantablePermissions, rowAbilities, type Actor } from './access.ts';

const actor = (role: Role, extras: string[] = [], id = 'actor'): Actor => ({ id, role, permissions: effectivePermissions(role, extras) });
const target = (role: Role, extras: string[] = [], id = 'target') => ({ id, role, extra_permissions: extras, is_locked: false, pending_approval: false });

describe('assignableRoles (the server’s rule)', () => {
  it('offers a super admin every role', () => {
    expect(assignableRoles(actor('super_admin'))).toEqual([...ROLES]);
  });

  it('never offers super_admin to anyone else, and offers an admin every other role', () => {
    const roles = assignableRoles(actor('admin'));
    expect(roles).not.toContain('super_admin');
    expect(roles).toEqual(ROLES.filter((r) => r !== 'super_admin'));
  });

  it('offers a manager with manage_users only the roles whose expanded defaults they hold', () => {
    const roles = assignableRoles(actor('manager', ['manage_users']));
    expect(roles).toEqual(['manager', 'viewer', 'analyst']);
    // operator brings execute_workflows, compliance_officer view_audit_logs; admin brings everything.
    expect(roles).not.toContain('operator');
    expect(roles).not.toContain('compliance_officer');
    expect(roles).not.toContain('admin');
  });

  it('offers a viewer only roles within their own permissions', () => {
    expect(assignableRoles(actor('viewer'))).toEqual(['viewer', 'analyst']);
  });
});

describe('grantablePermissions', () => {
  it('lets an admin grant the whole catalogue', () => {
    expect(grantablePermissions(actor('admin'))).toEqual([...PERMISSIONS]);
  });

  it('offers only what the actor holds, implications included', () => {
    const perms = grantablePermissions(actor('manager', ['manage_users']));
    expect(perms).toContain('manage_workflows');
    expect(perms).toContain('user:manage');
    expect(perms).not.toContain('manage_organizations');
    expect(perms).not.toContain('view_audit_logs');
  });
});

describe('canManageUser and rowAbilities', () => {
  it('lets nobody but a super admin manage a super admin', () => {
    expect(canManageUser(actor('admin'), target('super_admin'))).toBe(false);
    expect(canManageUser(actor('super_admin'), target('super_admin'))).toBe(true);
  });

  it('refuses a target holding a permission the actor lacks', () => {
    const manager = actor('manager', ['manage_users']);
    expect(canManageUser(manager, target('viewer'))).toBe(true);
    expect(canManageUser(manager, target('admin'))).toBe(false);
    expect(canManageUser(manager, target('viewer', ['view_audit_logs']))).toBe(false);
  });

  it('offers unlock only for a locked user, and never deleting, deactivating or re-roling yourself', () => {
    const admin = actor('admin');
    expect(rowAbilities(admin, target('viewer')).unlock).toBe(false);
    expect(rowAbilities(admin, { ...target('viewer'), is_locked: true }).unlock).toBe(true);
    const self = rowAbilities(admin, { ...target('admin', [], admin.id) });
    expect(self).toMatchObject({ manage: true, edit: true, resetPassword: true, delete: false, deactivate: false, changeRole: false });
  });

  it('offers approving and rejecting only for an account waiting for approval, and no permissions for it', () => {
    const admin = actor('admin');
    expect(rowAbilities(admin, target('viewer')).approve).toBe(false);
    expect(rowAbilities(admin, { ...target('viewer'), pending_approval: true })).toMatchObject({ approve: true, permissions: false });
    expect(rowAbilities(actor('viewer'), { ...target('viewer'), pending_approval: true }).approve).toBe(false);
  });

  it('offers nothing without user:manage', () => {
    expect(rowAbilities(actor('viewer'), target('viewer'))).toMatchObject({ manage: false, edit: false, delete: false });
  });
});
