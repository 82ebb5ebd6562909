import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useNavigate } from 'react-router';
import { roleLabel } from '@admin-portal/contract/roles';
import { signOut } from '../../features/auth/auth-actions.ts';
import { useAuthUser, useCurrentOrganization } from '../../features/auth/auth-store.ts';
import { LOGIN_PATH } from '../../features/auth/return-path.ts';
import { setProfileOpen } from '../../shared/layout/layout-store.ts';
import { displayName } from '../../shared/lib/display-name.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { initialsOf } from './initials.ts';

/** Spec §2 user menu: name, email, role label, organization badge, 'My Profile' and 'Sign Out' (→ /login). */
export function UserMenu() {
  const user = useAuthUser();
  const organization = useCurrentOrganization();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  if (!user) return null;
  const name = displayName(user);
  const organizationName = organization?.name ?? user.organization_name;

  async function onSignOut() {
    setSigningOut(true);
    await signOut();
    navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <Dropdown align="end" className="user-menu">
      <Dropdown.Toggle variant="link" id="user-menu-toggle" className="user-menu-toggle">
        <span className="avatar avatar-sm" aria-hidden="true">
          {initialsOf(user)}
        </span>
        <span className="user-menu-name">{name}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="user-menu-panel shadow" role="group">
        <div className="user-menu-summary">
          <div className="fw-semibold text-truncate">{name}</div>
          <div className="small text-body-secondary text-truncate">{user.email}</div>
          <div className="small mt-1">{roleLabel(user.role)}</div>
          {organizationName && (
            <span className="badge rounded-pill text-bg-primary mt-2 text-truncate mw-100">
              <Icon name="building" className="me-1" />
              {organizationName}
            </span>
          )}
        </div>
        <Dropdown.Divider />
        <Dropdown.Item as="button" type="button" onClick={() => setProfileOpen(true)}>
          <Icon name="user" className="me-2" />
          My Profile
        </Dropdown.Item>
        <Dropdown.Item as="button" type="button" onClick={onSignOut} disabled={signingOut}>
          <Icon name="logout" className="me-2" />
          Sign Out
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
