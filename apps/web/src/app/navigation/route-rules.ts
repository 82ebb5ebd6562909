import { flattenNavigation, type NavItem } from '@admin-portal/contract/navigation';
import type { AccessRule } from '../../features/auth/access.ts';

/** True when `path` is `url` or lies under it (`/users/42` is under `/users`). */
const isUnder = (path: string, url: string) => path === url || path.startsWith(`${url.replace(/\/+$/, '')}/`);

/** The menu item that covers a path: the one whose url is the path, else the deepest one whose url contains it. */
export function closestMenuEntry(items: readonly NavItem[], path: string): { item: NavItem; parents: NavItem[] } | undefined {
  let best: { item: NavItem; parents: NavItem[] } | undefined;
  for (const entry of flattenNavigation(items)) {
    if (isUnder(path, entry.item.url!) && (!best || entry.item.url!.length > best.item.url!.length)) best = entry;
  }
  return best;
}

/**
 * The guard of a route, derived from the menu (spec §6): the rule of the menu item that covers the route's path
 * plus the rules of all its ancestors. A user must pass every one: within a rule, any one of its permissions and
 * any one of its roles. A path no menu item covers needs only a session.
 */
export function routeRules(items: readonly NavItem[], path: string): AccessRule[] {
  const entry = closestMenuEntry(items, path);
  if (!entry) return [];
  return [...entry.parents, entry.item]
    .filter((item) => item.permission !== undefined || item.roles !== undefined)
    .map(({ permission, roles }) => ({
      ...(permission !== undefined ? { permission } : {}),
      ...(roles !== undefined ? { roles } : {}),
    }));
}
