import { describe, expect, it } from 'vitest';
import { can, effectivePermissions, expandPermissions, PERMISSIONS, resourcePermission } from './permissions.ts';
import { ROLES, roleBadgeVariant, roleLabel } from './roles.ts';

describe('permission implications (DESIGN §5)', () => {
  it('chains implications: manage_workflows grants view_workflows and workflow:*', () => {
    expect(expandPermissions(['manage_workflows'])).toEqual(
      expect.arrayContaining(['manage_workflows', 'view_workflows', 'workflow:read', 'workflow:manage', 'workflow:create', 'workflow:edit']),
    );
  });

  it('drops names outside the catalogue', () => {
    expect(expandPermissions(['made_up', 'view_workflows'])).toEqual(['view_workflows', 'workflow:read']);
  });

  it('gives admin and super_admin every permission', () => {
    expect(effectivePermissions('admin', [])).toEqual([...PERMISSIONS]);
    expect(effectivePermissions('super_admin', [])).toEqual([...PERMISSIONS]);
  });

  it('unions role defaults with the user’s own permissions', () => {
    const perms = effectivePermissions('viewer', ['manage_tools']);
    expect(perms).toEqual(
      expect.arrayContaining(['view_workflows', 'view_analytics', 'workflow:read', 'application:read', 'manage_tools', 'tool:read', 'tool:manage']),
    );
    expect(perms).not.toContain('manage_users');
  });

  it('gives every staff role the monitor: whoever reads applications opens it', () => {
    for (const role of ROLES) expect(effectivePermissions(role, []), role).toContain('application:monitor');
    expect(expandPermissions(['application:read'])).toEqual(['application:read', 'application:monitor']);
    expect(expandPermissions(['view_workflows'])).not.toContain('application:monitor');
  });
});

describe('client checks (spec §6)', () => {
  it('mirrors the spec', () => {
    expect(can.adminAccess('manager')).toBe(true);
    expect(can.adminAccess('operator')).toBe(false);
    expect(can.manageWorkflows('viewer', ['manage_workflows'])).toBe(true);
    expect(can.manageUsers('manager', [])).toBe(false);
    expect(can.viewAnalytics('operator', [])).toBe(true);
    expect(resourcePermission('manage', 'users')).toBe('manage_users');
  });
});

describe('role labels and badges (spec §6)', () => {
  it('uses the spec labels and capitalises others', () => {
    expect(roleLabel('super_admin')).toBe('Super Administrator');
    expect(roleLabel('analyst')).toBe('Business Analyst');
    expect(roleLabel('manager')).toBe('Manager');
    expect(roleBadgeVariant('admin')).toBe('danger');
    expect(roleBadgeVariant('manager')).toBe('warning');
    expect(roleBadgeVariant('operator')).toBe('primary');
    expect(roleBadgeVariant('analyst')).toBe('secondary');
  });
});
