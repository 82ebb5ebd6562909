import type { RoleName } from './role-names.ts';

/**
 * Role permissions (spec §6) and menu permissions (spec §6 navigation), one catalogue (DESIGN §5), without zod: the
 * web app's pages check permissions before any form needs a schema. permissions.ts re-exports it with the schema.
 */
export const PERMISSIONS = [
  'manage_users',
  'manage_workflows',
  'manage_tools',
  'manage_organizations',
  'view_analytics',
  'manage_templates',
  'manage_integrations',
  'view_audit_logs',
  'manage_reviews',
  'view_workflows',
  'execute_workflows',
  'workflow:read',
  'workflow:manage',
  'workflow:create',
  'workflow:edit',
  'application:read',
  'application:monitor',
  'tool:read',
  'tool:manage',
  'user:read',
  'user:manage',
  'organization:manage',
  'settings:read',
  'settings:manage',
  'settings:system',
  'system:configure',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const IMPLICATIONS: Partial<Record<Permission, readonly Permission[]>> = {
  manage_workflows: ['view_workflows', 'workflow:read', 'workflow:manage', 'workflow:create', 'workflow:edit'],
  view_workflows: ['workflow:read'],
  execute_workflows: ['application:read', 'application:monitor'],
  view_analytics: ['application:read'],
  // Whoever may read applications opens the Real-time Monitor, where they are read (read-only without
  // execute_workflows; a review is decided there by its assignee role): compliance officers work their queue there.
  'application:read': ['application:monitor'],
  manage_tools: ['tool:read', 'tool:manage'],
  manage_users: ['user:read', 'user:manage'],
  manage_organizations: ['organization:manage', 'settings:read'],
  manage_integrations: ['settings:read', 'settings:manage', 'settings:system', 'system:configure'],
};

export const ROLE_DEFAULTS: Record<RoleName, readonly Permission[]> = {
  super_admin: PERMISSIONS,
  admin: PERMISSIONS,
  // manage_reviews (issue 35): leads assign and reassign reviews; managers lead review teams (ADR 0057).
  manager: ['manage_workflows', 'manage_tools', 'view_analytics', 'manage_templates', 'manage_reviews'],
  operator: ['view_workflows', 'execute_workflows', 'view_analytics'],
  viewer: ['view_workflows', 'view_analytics'],
  compliance_officer: ['view_workflows', 'view_analytics', 'view_audit_logs', 'application:read'],
  analyst: ['view_workflows', 'view_analytics'],
};

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** Closes a set of permissions under the implication table (implications chain, e.g. manage_workflows → view_workflows → workflow:read). */
export function expandPermissions(held: Iterable<string>): Permission[] {
  const out = new Set<Permission>();
  const queue = [...held].filter(isPermission);
  while (queue.length > 0) {
    const p = queue.pop()!;
    if (out.has(p)) continue;
    out.add(p);
    for (const implied of IMPLICATIONS[p] ?? []) queue.push(implied);
  }
  return PERMISSIONS.filter((p) => out.has(p));
}

/** Effective permissions: role defaults ∪ the user's own, expanded (DESIGN §5). */
export function effectivePermissions(role: RoleName, own: readonly string[]): Permission[] {
  return expandPermissions([...ROLE_DEFAULTS[role], ...own]);
}

/** Spec §6 client checks, shared so the web mirrors what the server decides. */
export const can = {
  adminAccess: (role: string) => role === 'admin' || role === 'manager' || role === 'super_admin',
  manageWorkflows: (role: string, perms: readonly string[]) => ['admin', 'manager', 'super_admin'].includes(role) || perms.includes('manage_workflows'),
  manageTools: (role: string, perms: readonly string[]) => ['admin', 'manager', 'super_admin'].includes(role) || perms.includes('manage_tools'),
  manageUsers: (role: string, perms: readonly string[]) => role === 'admin' || role === 'super_admin' || perms.includes('manage_users'),
  viewAnalytics: (role: string, perms: readonly string[]) => ['admin', 'manager', 'operator', 'super_admin'].includes(role) || perms.includes('view_analytics'),
};

/** Spec §6: resource permission naming is {action}_{resource}. */
export function resourcePermission(action: string, resource: string): string {
  return `${action}_${resource}`;
}
