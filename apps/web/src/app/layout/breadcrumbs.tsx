import { Link, useLocation } from 'react-router';
import { buildBreadcrumbs, NAVIGATION } from '@admin-portal/contract/navigation';
import { useAuthUser } from '../../features/auth/auth-store.ts';
import { mayOpen } from '../navigation/may-open.ts';
import { SCREEN_PATHS } from '../router.tsx';

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
              {/* A crumb for a path with no screen of its own (e.g. /settings before it exists), or one the user may not
                  open (the Real-time Monitor above Analytics, for a viewer), stays plain text. */}
              {SCREEN_PATHS.has(crumb.url) && (!user || mayOpen(user, crumb.url, SCREEN_PATHS)) ? <Link to={crumb.url}>{crumb.title}</Link> : crumb.title}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
