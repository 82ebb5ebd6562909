import { NAVIGATION, withoutTrailingSlash, type NavItem } from '@admin-portal/contract/navigation';
import type { User } from '@admin-portal/contract/users';
import { isAllowed } from '../../features/auth/access.ts';
import { routeRules } from './route-rules.ts';

/**
 * Whether a user may open a portal path (with or without its query): the app has a screen there and the user passes
 * its guard, the rules of the menu item that covers it (route-rules.ts). Pages use it to leave out links that would
 * end on /unauthorized, e.g. an analytics figure's link into the monitor for a role that may not open the monitor.
 */
export function mayOpen(user: Pick<User, 'role' | 'permissions'>, path: string, screens: ReadonlySet<string>, items: readonly NavItem[] = NAVIGATION): boolean {
  const pathname = withoutTrailingSlash(path.split(/[?#]/, 1)[0]!);
  if (!screens.has(pathname)) return false;
  return routeRules(items, pathname).every((rule) => isAllowed(user, rule));
}
