import { flattenNavigation, NAVIGATION, withoutTrailingSlash } from '@admin-portal/contract/navigation';
import { OTHER_PAGES } from './other-pages.ts';

const MENU_PAGES: ReadonlyMap<string, string> = new Map(flattenNavigation(NAVIGATION).map(({ item }) => [item.url!, item.title]));

/** The name of the page at `pathname` (its menu item's title, else its heading), or null for a path with no screen. */
export function pageTitle(pathname: string, screens: ReadonlySet<string>): string | null {
  const path = withoutTrailingSlash(pathname);
  if (path.startsWith('/docs/')) return 'Documentation';
  if (!screens.has(path)) return null;
  return MENU_PAGES.get(path) ?? OTHER_PAGES[path] ?? null;
}

/** The browser tab's title: the page, then the product ("Real-time Monitor · Admin Portal"); a missing page says so. */
export function documentTitle(pathname: string, screens: ReadonlySet<string>, productName: string): string {
  // `/` only leads on (to the dashboard or to sign in): the product alone, never a flash of "Page not found".
  if (pathname === '/') return productName;
  return `${pageTitle(pathname, screens) ?? 'Page not found'} · ${productName}`;
}
