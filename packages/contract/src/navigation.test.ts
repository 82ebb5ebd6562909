import { describe, expect, it } from 'vitest';
import { activeBranch, buildBreadcrumbs, filterNavigation, flattenNavigation, NAVIGATION, type NavItem } from './navigation.ts';
import { effectivePermissions } from './permissions.ts';
import type { Role } from './roles.ts';

const visibleUrls = (role: Role, extra: string[] = []) =>
  flattenNavigation(filterNavigation(NAVIGATION, role, effectivePermissions(role, extra))).map(({ item }) => item.url);

describe('menu filtering by role (spec §6)', () => {
  it('shows an admin everything but Organizations (super admin only)', () => {
    expect(visibleUrls('admin')).toEqual([
      '/dashboard',
      '/workflows',
      '/workflows/builder',
      '/workflows/analytics',
      '/tools',
      '/applications',
      '/applications/analytics',
      '/users',
      '/settings/system-config',
      '/settings/webhooks',
      '/audit-log',
    ]);
  });

  it('shows a super admin every item', () => {
    expect(visibleUrls('super_admin')).toContain('/settings/organizations');
    expect(visibleUrls('super_admin')).toHaveLength(12);
  });

  it('shows Webhooks to administrators only (the server lets only them manage subscriptions)', () => {
    for (const role of ['admin', 'super_admin'] as const) expect(visibleUrls(role)).toContain('/settings/webhooks');
    for (const role of ['manager', 'operator', 'viewer', 'compliance_officer', 'analyst'] as const) {
      expect(visibleUrls(role, ['manage_integrations'])).not.toContain('/settings/webhooks');
    }
    expect(buildBreadcrumbs(NAVIGATION, '/settings/webhooks')?.map((c) => c.title)).toEqual(['Dashboard', 'Settings', 'Webhooks']);
  });

  it('shows the Audit Log to holders of view_audit_logs (compliance officers too), to no one else', () => {
    expect(visibleUrls('compliance_officer')).toContain('/audit-log');
    for (const role of ['manager', 'operator', 'viewer', 'analyst'] as const) expect(visibleUrls(role)).not.toContain('/audit-log');
    expect(visibleUrls('manager', ['view_audit_logs'])).toContain('/audit-log');
  });

  it('shows a manager workflows, builder, tools, the monitor and the analytics but no users or settings', () => {
    expect(visibleUrls('manager')).toEqual([
      '/dashboard',
      '/workflows',
      '/workflows/builder',
      '/workflows/analytics',
      '/tools',
      '/applications',
      '/applications/analytics',
    ]);
  });

  it('shows an operator the workflow list, the monitor and the analytics', () => {
    expect(visibleUrls('operator')).toEqual(['/dashboard', '/workflows', '/workflows/analytics', '/applications', '/applications/analytics']);
  });

  it('shows a viewer the workflow list, the monitor (read-only) and the analytics', () => {
    expect(visibleUrls('viewer')).toEqual(['/dashboard', '/workflows', '/workflows/analytics', '/applications', '/applications/analytics']);
  });

  it('shows every role the monitor, which needs application:monitor (spec §6), held by whoever reads applications', () => {
    for (const role of ['super_admin', 'admin', 'manager', 'operator', 'viewer', 'compliance_officer', 'analyst'] as const) {
      expect(visibleUrls(role), role).toContain('/applications');
    }
  });

  it('shows the analytics to every role, which all hold view_analytics (spec §6)', () => {
    for (const role of ['super_admin', 'admin', 'manager', 'operator', 'viewer', 'compliance_officer', 'analyst'] as const) {
      expect(visibleUrls(role)).toEqual(expect.arrayContaining(['/workflows/analytics', '/applications/analytics']));
    }
  });

  it('hides User & Access from a non-admin even with manage_users', () => {
    expect(visibleUrls('manager', ['manage_users'])).not.toContain('/users');
  });

  it('hides a parent with no visible children unless it has a url', () => {
    const menu: NavItem[] = [
      { id: 'p', type: 'collapse', title: 'P', children: [{ id: 'c', type: 'item', title: 'C', url: '/c', permission: 'x' }] },
      { id: 'q', type: 'collapse', title: 'Q', url: '/q', children: [{ id: 'd', type: 'item', title: 'D', url: '/d', permission: 'x' }] },
    ];
    expect(filterNavigation(menu, 'viewer', []).map((i) => i.id)).toEqual(['q']);
  });
});

describe('breadcrumbs (spec §2)', () => {
  it('names the analytics pages by their menu items', () => {
    expect(buildBreadcrumbs(NAVIGATION, '/workflows/analytics')?.map((c) => c.title)).toEqual(['Dashboard', 'All Workflows', 'Workflow Analytics']);
    expect(buildBreadcrumbs(NAVIGATION, '/applications/analytics')?.map((c) => c.title)).toEqual(['Dashboard', 'Real-time Monitor', 'Analytics']);
  });

  it('is hidden on /dashboard', () => {
    expect(buildBreadcrumbs(NAVIGATION, '/dashboard')).toBeNull();
  });

  it('uses menu titles where the path matches a menu item', () => {
    expect(buildBreadcrumbs(NAVIGATION, '/workflows/builder')).toEqual([
      { title: 'Dashboard', url: '/dashboard' },
      { title: 'All Workflows', url: '/workflows' },
      { title: 'Visual Builder', url: '/workflows/builder' },
    ]);
  });

  it('capitalises other segments and turns dashes into spaces', () => {
    expect(buildBreadcrumbs(NAVIGATION, '/privacy-policy')).toEqual([
      { title: 'Dashboard', url: '/dashboard' },
      { title: 'Privacy policy', url: '/privacy-policy' },
    ]);
    expect(buildBreadcrumbs(NAVIGATION, '/settings/system-config')?.map((c) => c.title)).toEqual(['Dashboard', 'Settings', 'System Configuration']);
  });
});

describe('active branch', () => {
  it('opens the collapse parent of the current route', () => {
    expect(activeBranch(NAVIGATION, '/workflows/builder')).toEqual(['workflows']);
    expect(activeBranch(NAVIGATION, '/dashboard')).toEqual([]);
  });
});
