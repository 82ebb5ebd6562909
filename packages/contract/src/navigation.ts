/** The navigation menu of spec §2 with the permission and role rules of spec §6, and the pure logic around it. */

export type NavType = 'group' | 'collapse' | 'item';

export interface NavItem {
  id: string;
  type: NavType;
  title: string;
  url?: string;
  icon?: string;
  badge?: { title: string; variant: string };
  children?: NavItem[];
  /** false hides the breadcrumbs on this item's page. */
  breadcrumbs?: boolean;
  permission?: string | string[];
  roles?: string | string[];
  description?: string;
}

export const NAVIGATION: NavItem[] = [
  {
    id: 'administration',
    type: 'group',
    title: 'Administration',
    children: [
      { id: 'dashboard', type: 'item', title: 'Dashboard', url: '/dashboard', icon: 'speedometer2', breadcrumbs: false },
      {
        id: 'workflows',
        type: 'collapse',
        title: 'Workflows',
        icon: 'diagram-3',
        permission: ['workflow:read', 'workflow:manage'],
        children: [
          {
            id: 'all-workflows',
            type: 'item',
            title: 'All Workflows',
            url: '/workflows',
            permission: 'workflow:read',
            description: 'View and manage all organizational workflows',
          },
          {
            id: 'visual-builder',
            type: 'item',
            title: 'Visual Builder',
            url: '/workflows/builder',
            permission: ['workflow:create', 'workflow:edit'],
            description: 'Create and edit workflows with a drag-and-drop builder',
          },
          {
            id: 'workflow-analytics',
            type: 'item',
            title: 'Workflow Analytics',
            url: '/workflows/analytics',
            permission: 'view_analytics',
            description: 'Reach, drop-off and time per step of each workflow',
          },
        ],
      },
      {
        id: 'tools',
        type: 'collapse',
        title: 'Tools',
        icon: 'tools',
        permission: ['tool:read', 'tool:manage'],
        children: [{ id: 'tool-registry', type: 'item', title: 'Tool Registry', url: '/tools', description: 'Browse and manage available MCP tools' }],
      },
      {
        id: 'applications',
        type: 'collapse',
        title: 'Applications',
        icon: 'activity',
        permission: ['application:read', 'application:monitor'],
        children: [
          {
            id: 'realtime-monitor',
            type: 'item',
            title: 'Real-time Monitor',
            url: '/applications',
            permission: 'application:monitor',
            description: 'Monitor customer applications in real time',
          },
          {
            id: 'application-analytics',
            type: 'item',
            title: 'Analytics',
            url: '/applications/analytics',
            permission: 'view_analytics',
            description: 'Applications over time, decisions, reviews, tools and failures',
          },
        ],
      },
      {
        id: 'user-access',
        type: 'collapse',
        title: 'User & Access',
        icon: 'people',
        permission: ['user:read', 'user:manage'],
        roles: ['admin', 'super_admin'],
        children: [
          {
            id: 'user-management',
            type: 'item',
            title: 'User Management',
            url: '/users',
            permission: 'user:manage',
            description: 'Create, edit, and manage user accounts',
          },
        ],
      },
      {
        id: 'system-settings',
        type: 'collapse',
        title: 'System Settings',
        icon: 'gear',
        permission: ['settings:read', 'settings:manage', 'organization:manage'],
        roles: ['admin', 'super_admin'],
        children: [
          {
            id: 'organizations',
            type: 'item',
            title: 'Organizations',
            url: '/settings/organizations',
            permission: 'organization:manage',
            roles: 'super_admin',
            description: 'Manage organizations and their settings',
          },
          {
            id: 'system-config',
            type: 'item',
            title: 'System Configuration',
            url: '/settings/system-config',
            permission: ['settings:system', 'system:configure'],
            roles: ['admin', 'super_admin'],
          },
          {
            id: 'webhooks',
            type: 'item',
            title: 'Webhooks',
            url: '/settings/webhooks',
            roles: ['admin', 'super_admin'],
            description: "Send your organization's events to its other systems",
          },
        ],
      },
      // Top level, not under System Settings: that collapse's role rule (admin, super_admin) would hide it from
      // compliance officers, who hold view_audit_logs (ADR 0027).
      { id: 'audit-log', type: 'item', title: 'Audit Log', url: '/audit-log', icon: 'clock-history', permission: 'view_audit_logs' },
    ],
  },
];

const asList = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Spec §6: hidden unless the user holds the item's permission (any of a list) and has its role (any of a list). */
export function isNavItemAllowed(item: NavItem, role: string, permissions: readonly string[]): boolean {
  const needed = asList(item.permission);
  const roles = asList(item.roles);
  return (needed.length === 0 || needed.some((p) => permissions.includes(p))) && (roles.length === 0 || roles.includes(role));
}

/** Filters a menu for a user; a parent with no visible children is hidden unless it has its own URL (spec §2). */
export function filterNavigation(items: readonly NavItem[], role: string, permissions: readonly string[]): NavItem[] {
  const out: NavItem[] = [];
  for (const item of items) {
    if (!isNavItemAllowed(item, role, permissions)) continue;
    if (item.type === 'item') {
      out.push(item);
      continue;
    }
    const children = filterNavigation(item.children ?? [], role, permissions);
    if (children.length > 0 || item.url) out.push({ ...item, children });
  }
  return out;
}

/** Every item with a URL, depth first, with the chain of its parents. */
export function flattenNavigation(items: readonly NavItem[], parents: NavItem[] = []): { item: NavItem; parents: NavItem[] }[] {
  return items.flatMap((item) => [...(item.url ? [{ item, parents }] : []), ...flattenNavigation(item.children ?? [], [...parents, item])]);
}

/** The collapse parents of the item whose URL matches the path (the branch to open for a route). */
export function activeBranch(items: readonly NavItem[], pathname: string): string[] {
  const match = flattenNavigation(items).find(({ item }) => item.url === pathname);
  return match ? match.parents.filter((p) => p.type === 'collapse').map((p) => p.id) : [];
}

export interface Crumb {
  title: string;
  url: string;
}

/** `pathname` without its trailing slashes ("/users/" is "/users"; "/" stays "/"): how pages are looked up by path. */
export const withoutTrailingSlash = (pathname: string): string => pathname.replace(/\/+$/, '') || '/';

function segmentTitle(segment: string): string {
  const words = decodeURIComponent(segment).replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Spec §2 breadcrumbs: Dashboard plus one crumb per path segment, titled by the menu item whose URL matches the
 * path so far, else the segment capitalised with dashes as spaces. null = hidden (on /dashboard and on items
 * flagged with breadcrumbs: false).
 */
export function buildBreadcrumbs(items: readonly NavItem[], pathname: string): Crumb[] | null {
  const path = withoutTrailingSlash(pathname);
  const byUrl = new Map(flattenNavigation(items).map(({ item }) => [item.url!, item]));
  if (path === '/dashboard' || byUrl.get(path)?.breadcrumbs === false) return null;
  const crumbs: Crumb[] = [{ title: 'Dashboard', url: '/dashboard' }];
  let url = '';
  for (const segment of path.split('/').filter(Boolean)) {
    url += `/${segment}`;
    crumbs.push({ title: byUrl.get(url)?.title ?? segmentTitle(segment), url });
  }
  return crumbs;
}

/** Spec §2: misconfigured items render one of these texts instead of a link. */
export const NAV_FIX_TEXTS = {
  item: 'Fix - Collapse or Item',
  collapse: 'Fix - Group Collapse or Items',
  group: 'Fix - Navigation Group',
} as const;
