import { Link, useLocation } from 'react-router';
import { buildBreadcrumbs, flattenNavigation, NAVIGATION, withoutTrailingSlash } from '@admin-portal/contract/navigation';
import { useAuthUser } from '../../features/auth/auth-store.ts';
import { mayOpen } from '../navigation/may-open.ts';
import { SCREEN_PATHS } from '../screen-paths.ts';

const MENU_URLS: ReadonlySet<string> = new Set(flattenNavigation(NAVIGATION).map(({ item }) => item.url!));

/**
 * Whether a crumb above the current page leads somewhere that belongs to it: on a page of the menu, only the menu's
 * own pages do. `/settings` is the personal Settings page, not the parent of System Settings → Organizations.
 */
const leadsUp = (crumbUrl: string, pathname: string) => crumbUrl === '/dashboard' || MENU_URLS.has(crumbUrl) || !MENU_URLS.has(withoutTrailingSlash(pathname));

/** Spec §2 breadcrumbs, hidden on /dashboard and on items flagged breadcrumbs: false. */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const user = useAuthUser();
  const crumbs = buildBreadcrumbs(NAVIGATION, pathname);
  if (!crumbs) return null;
  return (
    <nav aria-label="Breadcrumb" className="app-breadcrumbs">
      <ol className="breadcrumb mb-0">
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.url} className="breadcrumb-item active" aria-current="page">
              {crumb.title}
            </li>
          ) : (
            <li key={crumb.url} className="breadcrumb-item">
              {/* A crumb for a path with no screen of its own, one that is another page than the current one's parent
                  (the personal /settings above System Settings' pages), or one the user may not open, stays plain text. */}
              {SCREEN_PATHS.has(crumb.url) && leadsUp(crumb.url, pathname) && (!user || mayOpen(user, crumb.url, SCREEN_PATHS)) ? (
                <Link to={crumb.url}>{crumb.title}</Link>
              ) : (
                crumb.title
              )}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
