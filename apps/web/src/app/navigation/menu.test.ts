import { describe, expect, it } from 'vitest';
import { NAVIGATION, type NavItem } from '@admin-portal/contract/navigation';
import { effectivePermissions } from '@admin-portal/contract/permissions';
import type { Role } from '@admin-portal/contract/roles';
import { branchFor, menuFor, parseOpenMenus, toggleMenu, withBuiltScreens } from './menu.ts';

const ALL_SCREENS = new Set([
  '/dashboard',
  '/workflows',
  '/workflows/builder',
  '/workflows/analytics',
  '/tools',
  '/applications',
  '/applications/analytics',
  '/users',
  '/settings/organizations',
  '/settings/system-config',
  '/settings/webhooks',
]);

/** Titles of everything a menu shows, depth first. */
const titles = (items: readonly NavItem[]): string[] => items.flatMap((i) => [i.title, ...titles(i.children ?? [])]);
const menuOf = (role: Role, screens: ReadonlySet<string>) => menuFor(NAVIGATION, { role, permissions: effectivePermissions(role, []) }, screens);

describe('the menu shows only screens that exist (ADR 0009)', () => {
  it('drops items without a screen and sections left empty', () => {
    expect(titles(menuOf('super_admin', new Set(['/dashboard', '/users', '/settings/organizations'])))).toEqual([
      'Administration',
      'Dashboard',
      'User & Access',
      'User Management',
      'System Settings',
      'Organizations',
    ]);
    expect(titles(menuOf('super_admin', new Set(['/dashboard'])))).toEqual(['Administration', 'Dashboard']);
  });

  it('shows every item once all screens exist, still filtered by role and permissions', () => {
    expect(titles(menuOf('super_admin', ALL_SCREENS))).toEqual([
      'Administration',
      'Dashboard',
      'Workflows',
      'All Workflows',
      'Visual Builder',
      'Workflow Analytics',
      'Tools',
      'Tool Registry',
      'Applications',
      'Real-time Monitor',
      'Analytics',
      'User & Access',
      'User Management',
      'System Settings',
      'Organizations',
      'System Configuration',
      'Webhooks',
    ]);
    expect(titles(menuOf('admin', ALL_SCREENS))).not.toContain('Organizations');
    expect(titles(menuOf('admin', ALL_SCREENS))).toContain('System Configuration');
    expect(titles(menuOf('admin', ALL_SCREENS))).toContain('Webhooks');
    expect(titles(menuOf('manager', ALL_SCREENS))).toEqual([
      'Administration',
      'Dashboard',
      'Workflows',
      'All Workflows',
      'Visual Builder',
      'Workflow Analytics',
      'Tools',
      'Tool Registry',
      'Applications',
      'Real-time Monitor',
      'Analytics',
    ]);
    // Viewers read applications, so they watch them in the monitor (read-only) beside the analytics.
    expect(titles(menuOf('viewer', ALL_SCREENS))).toEqual([
      'Administration',
      'Dashboard',
      'Workflows',
      'All Workflows',
      'Workflow Analytics',
      'Applications',
      'Real-time Monitor',
      'Analytics',
    ]);
    expect(titles(menuOf('operator', ALL_SCREENS))).toEqual([
      'Administration',
      'Dashboard',
      'Workflows',
      'All Workflows',
      'Workflow Analytics',
      'Applications',
      'Real-time Monitor',
      'Analytics',
    ]);
  });

  it('keeps items with no url and entries of unknown type, so they show as configured', () => {
    const menu = [
      {
        id: 'g',
        type: 'group',
        title: 'G',
        children: [
          { id: 'nourl', type: 'item', title: 'No url' },
          { id: 'odd', type: 'widget' as 'item', title: 'Odd', url: '/odd' },
          { id: 'gone', type: 'item', title: 'Gone', url: '/gone' },
        ],
      },
    ] satisfies NavItem[];
    expect(titles(withBuiltScreens(menu, new Set()))).toEqual(['G', 'No url', 'Odd']);
  });
});

describe('collapse behaviour', () => {
  it('opens the collapse parent of the current route (also for deeper paths)', () => {
    expect(branchFor(NAVIGATION, '/users')).toEqual(['user-access']);
    expect(branchFor(NAVIGATION, '/users/42')).toEqual(['user-access']);
    expect(branchFor(NAVIGATION, '/settings/organizations')).toEqual(['system-settings']);
    expect(branchFor(NAVIGATION, '/settings/webhooks')).toEqual(['system-settings']);
    expect(branchFor(NAVIGATION, '/dashboard')).toEqual([]);
    expect(branchFor(NAVIGATION, '/nowhere')).toEqual([]);
  });

  it('keeps one branch open at a time', () => {
    expect(toggleMenu([], 'workflows', [])).toEqual(['workflows']);
    expect(toggleMenu(['workflows'], 'tools', [])).toEqual(['tools']);
    expect(toggleMenu(['tools'], 'tools', [])).toEqual([]);
    // Nested: opening a child keeps its ancestors; closing a parent closes what is inside it.
    expect(toggleMenu(['a'], 'a1', ['a'])).toEqual(['a', 'a1']);
    expect(toggleMenu(['a', 'a1'], 'a', [])).toEqual([]);
    expect(toggleMenu(['a', 'a1'], 'b', [])).toEqual(['b']);
  });

  it('reads the stored openMenus list defensively', () => {
    expect(parseOpenMenus('["tools"]')).toEqual(['tools']);
    expect(parseOpenMenus(null)).toEqual([]);
    expect(parseOpenMenus('not json')).toEqual([]);
    expect(parseOpenMenus('{"tools":true}')).toEqual([]);
    expect(parseOpenMenus('["a", 3, null]')).toEqual(['a']);
  });
});
