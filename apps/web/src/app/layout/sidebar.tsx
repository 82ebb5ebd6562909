import { useMemo } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { NAVIGATION } from '@admin-portal/contract/navigation';
import { roleLabel } from '@admin-portal/contract/role-names';
import { useAuthUser, useCurrentOrganization } from '../../features/auth/auth-store.ts';
import { setDrawerOpen } from '../../shared/layout/layout-store.ts';
import { displayName } from '../../shared/lib/display-name.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { menuFor } from '../navigation/menu.ts';
import { useOpenMenus } from '../navigation/use-open-menus.ts';
import { SCREEN_PATHS } from '../screen-paths.ts';
import { initialsOf } from './initials.ts';
import { NavMenu } from './nav-menu.tsx';
import { useBranding } from '../../shared/branding/use-branding.ts';

const SIDEBAR_LINKS = [
  { url: '/help', title: 'Help', icon: 'question-circle' },
  { url: '/settings', title: 'Settings', icon: 'gear' },
].filter((link) => SCREEN_PATHS.has(link.url));

interface SidebarProps {
  id: string;
  /** Drawer mode (window ≤ 1024 px): following a link closes it. */
  mobile: boolean;
  shown: boolean;
}

/** Spec §2 sidebar: brand, the signed-in user, the current organization, the filtered menu, help and settings. */
export function Sidebar({ id, mobile, shown }: SidebarProps) {
  const user = useAuthUser();
  const organization = useCurrentOrganization();
  const { pathname } = useLocation();
  const menu = useMemo(() => (user ? menuFor(NAVIGATION, user, SCREEN_PATHS) : []), [user]);
  const { open, toggle } = useOpenMenus(menu, pathname);
  if (!user) return null;

  const onNavigate = () => {
    if (mobile) setDrawerOpen(false);
  };
  const organizationName = organization?.name ?? user.organization_name;
  const branding = useBranding(true);

  return (
    <aside id={id} className="app-sidebar" aria-label="Sidebar" inert={!shown}>
      <div className="sidebar-brand">
        <Link to="/dashboard" className="sidebar-brand-link" onClick={onNavigate}>
          {branding.logo_url ? (
            <img className="brand-logo" src={branding.logo_url} alt="" width={32} height={32} />
          ) : (
            <span className="brand-mark" aria-hidden="true">
              {branding.product_name.charAt(0).toUpperCase()}
            </span>
          )}
          <span>{branding.product_name}</span>
        </Link>
      </div>

      <div className="sidebar-user" aria-label="Signed in as" role="group">
        <span className="avatar" aria-hidden="true">
          {initialsOf(user)}
        </span>
        <div className="min-w-0">
          <div className="sidebar-user-name">{displayName(user)}</div>
          <div className="sidebar-user-role text-truncate">{roleLabel(user.role)}</div>
          {organizationName && (
            <div className="sidebar-user-org text-truncate" title={organizationName}>
              <Icon name="building" className="me-1" />
              <span>{organizationName}</span>
            </div>
          )}
        </div>
      </div>

      <nav className="sidebar-nav" aria-label="Main navigation">
        <NavMenu items={menu} open={open} onToggle={toggle} onNavigate={onNavigate} />
      </nav>

      {SIDEBAR_LINKS.length > 0 && (
        <nav className="sidebar-links" aria-label="Help and settings">
          <ul className="nav-list list-unstyled">
            {SIDEBAR_LINKS.map((link) => (
              <li key={link.url} className="nav-entry">
                <NavLink to={link.url} end className={({ isActive }) => `nav-link depth-0${isActive ? ' active' : ''}`} onClick={onNavigate}>
                  <Icon name={link.icon} className="nav-icon" />
                  <span className="nav-title">{link.title}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </aside>
  );
}
