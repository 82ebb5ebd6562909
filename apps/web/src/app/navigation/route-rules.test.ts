import { describe, expect, it } from 'vitest';
import { NAVIGATION, type NavItem } from '@admin-portal/contract/navigation';
import { isAllowed } from '../../features/auth/access.ts';
import { routeRules } from './route-rules.ts';

const user = (role: string, permissions: string[]) => ({ role: role as 'viewer', permissions });
const passes = (path: string, who: { role: 'viewer'; permissions: string[] }) => routeRules(NAVIGATION, path).every((rule) => isAllowed(who, rule));

describe('route guards derived from the menu', () => {
  it('combines the item’s rule with its ancestors’ rules', () => {
    expect(routeRules(NAVIGATION, '/users')).toEqual([
      { permission: ['user:read', 'user:manage'], roles: ['admin', 'super_admin'] },
      { permission: 'user:manage' },
    ]);
    expect(routeRules(NAVIGATION, '/settings/organizations')).toEqual([
      { permission: ['settings:read', 'settings:manage', 'organization:manage'], roles: ['admin', 'super_admin'] },
      { permission: 'organization:manage', roles: 'super_admin' },
    ]);
  });

  it('needs only a session where no menu item has a rule or covers the path', () => {
    expect(routeRules(NAVIGATION, '/dashboard')).toEqual([]);
    expect(routeRules(NAVIGATION, '/settings')).toEqual([]);
    expect(routeRules(NAVIGATION, '/search')).toEqual([]);
    expect(routeRules(NAVIGATION, '/help')).toEqual([]);
  });

  it('guards a deeper path by the closest menu item above it', () => {
    expect(routeRules(NAVIGATION, '/users/42')).toEqual(routeRules(NAVIGATION, '/users'));
    expect(routeRules(NAVIGATION, '/workflows/builder')).toEqual([
      { permission: ['workflow:read', 'workflow:manage'] },
      { permission: ['workflow:create', 'workflow:edit'] },
    ]);
    expect(routeRules(NAVIGATION, '/workflows/abc')).toEqual([{ permission: ['workflow:read', 'workflow:manage'] }, { permission: 'workflow:read' }]);
    // The analytics pages have items of their own, under their sections' rules.
    expect(routeRules(NAVIGATION, '/workflows/analytics')).toEqual([{ permission: ['workflow:read', 'workflow:manage'] }, { permission: 'view_analytics' }]);
    expect(routeRules(NAVIGATION, '/applications/analytics')).toEqual([
      { permission: ['application:read', 'application:monitor'] },
      { permission: 'view_analytics' },
    ]);
    // A path that only starts with the same letters is not under the item.
    expect(routeRules(NAVIGATION, '/users-export')).toEqual([]);
  });

  it('lets each role reach what its menu shows, and no more', () => {
    const viewer = user('viewer', ['view_workflows', 'view_analytics', 'workflow:read', 'application:read']);
    const manager = user('manager', ['manage_workflows', 'manage_tools', 'view_analytics', 'workflow:read', 'workflow:create', 'tool:read']);
    const admin = user('admin', []);
    const superAdmin = user('super_admin', []);
    expect(passes('/users', viewer)).toBe(false);
    expect(passes('/users', manager)).toBe(false);
    expect(passes('/users', admin)).toBe(true);
    expect(passes('/workflows', viewer)).toBe(true);
    expect(passes('/workflows/builder', viewer)).toBe(false);
    expect(passes('/workflows/builder', manager)).toBe(true);
    expect(passes('/settings/organizations', admin)).toBe(false);
    expect(passes('/settings/organizations', superAdmin)).toBe(true);
    expect(passes('/settings/system-config', admin)).toBe(true);
    expect(passes('/settings/webhooks', admin)).toBe(true);
    expect(passes('/settings/webhooks', superAdmin)).toBe(true);
    expect(passes('/settings/webhooks', manager)).toBe(false);
    expect(passes('/dashboard', viewer)).toBe(true);
    expect(passes('/applications', viewer)).toBe(false);
    expect(passes('/applications/analytics', viewer)).toBe(true);
    expect(passes('/workflows/analytics', viewer)).toBe(true);
    expect(passes('/workflows/analytics', user('analyst', ['view_workflows', 'workflow:read']))).toBe(false);
  });

  it('follows whatever menu it is given', () => {
    const menu: NavItem[] = [
      { id: 'g', type: 'group', title: 'G', roles: 'admin', children: [{ id: 'i', type: 'item', title: 'I', url: '/x', permission: 'p' }] },
    ];
    expect(routeRules(menu, '/x')).toEqual([{ roles: 'admin' }, { permission: 'p' }]);
  });
});
