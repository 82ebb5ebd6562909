import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Navbar from 'react-bootstrap/Navbar';
import { Link, useNavigate } from 'react-router';
import { roleBadgeVariant, roleLabel } from '@admin-portal/contract/roles';
import { signOut } from '../../features/auth/auth-actions.ts';
import { useAuthUser, useCurrentOrganization } from '../../features/auth/auth-store.ts';
import { LOGIN_PATH } from '../../features/auth/return-path.ts';
import { displayName } from '../../shared/lib/display-name.ts';
import { toggleTheme, useTheme } from '../../shared/theme/theme.ts';

export function TopBar() {
  const user = useAuthUser();
  const organization = useCurrentOrganization();
  const theme = useTheme();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  if (!user) return null;
  const organizationName = organization?.name ?? user.organization_name;

  async function onSignOut() {
    setSigningOut(true);
    await signOut();
    navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <header className="sticky-top">
      <Navbar bg="body" className="border-bottom shadow-sm" aria-label="Main">
        <Container fluid="xl" className="gap-3">
          <Navbar.Brand as={Link} to="/dashboard" className="fw-semibold">
            Admin Portal
          </Navbar.Brand>
          <div className="d-flex align-items-center gap-3 ms-auto" aria-label="Signed-in user" role="group">
            <div className="text-end lh-sm d-none d-sm-block">
              <div className="fw-semibold">
                {displayName(user)}
              </div>
              <div className="small text-body-secondary">
                <Badge bg={roleBadgeVariant(user.role)} className="me-2">
                  {roleLabel(user.role)}
                </Badge>
                {organizationName && <span>{organizationName}</span>}
              </div>
            </div>
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={toggleTheme}
              aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
              title={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
            >
              {theme === 'dark' ? '☀' : '☾'}
            </Button>
            <Button variant="outline-primary" size="sm" onClick={onSignOut} disabled={signingOut}>
              Sign Out
            </Button>
          </div>
        </Container>
      </Navbar>
    </header>
  );
}
