import { describe, expect, it } from 'vitest';
import { hasPermission, isAllowed } from './access.ts';

const viewer = { role: 'viewer' as const, permissions: ['view_workflows', 'view_analytics', 'workflow:read'] };
const admin = { role: 'admin' as const, permissions: [] };

describe('auth gate rules', () => {
  it('lets admin hold every permission (spec §6)', () => {
    expect(hasPermission(admin, 'manage_users')).toBe(true);
    expect(hasPermission(viewer, 'manage_users')).toBe(false);
    expect(hasPermission(viewer, 'view_analytics')).toBe(true);
  });

  it('accepts any one of a list of roles and any one of a list of permissions', () => {
    expect(isAllowed(viewer, {})).toBe(true);
    expect(isAllowed(viewer, { roles: ['admin', 'viewer'] })).toBe(true);
    expect(isAllowed(viewer, { roles: 'admin' })).toBe(false);
    expect(isAllowed(viewer, { permission: ['manage_users', 'workflow:read'] })).toBe(true);
    expect(isAllowed(viewer, { permission: 'manage_users' })).toBe(false);
    expect(isAllowed(viewer, { roles: 'viewer', permission: 'manage_users' })).toBe(false);
  });
});
