import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { Organization } from '@admin-portal/contract/organizations';
import type { User } from '@admin-portal/contract/users';
import { displayName } from '../../../shared/lib/display-name.ts';
import { setProfileOpen } from '../../../shared/layout/layout-store.ts';
import { plural } from '../../../shared/lib/figures-format.ts';
import { RoleBadge } from '../../../shared/ui/role-badge.tsx';

interface Props {
  user: User;
  organization: Organization | null;
  /** "Nov 26, 2026, 09:08" in the user's time zone. */
  formatDate: (iso: string) => string;
}

/** Who is signed in, in which organization, with which role: a compact line; the permissions by name open in My Profile. */
export function AccountStrip({ user, organization, formatDate }: Props) {
  const organizationName = organization?.name ?? user.organization_name ?? '—';
  return (
    <section aria-labelledby="dashboard-account-title" className="card dashboard-account">
      <div className="card-body py-3 small">
        <h2 id="dashboard-account-title" className="h6 mb-2">
          Your account
        </h2>
        <dl className="d-flex flex-wrap row-gap-2 column-gap-4 mb-0">
          <div>
            <dt>Signed in as</dt>
            <dd>
              {displayName(user)} · {user.email}
            </dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>
              <RoleBadge role={user.role} />
            </dd>
          </div>
          <div>
            <dt>Organization</dt>
            <dd>
              {organizationName}
              {organization && !organization.is_active && (
                <Badge bg="secondary" className="ms-2">
                  Inactive
                </Badge>
              )}
            </dd>
          </div>
          <div>
            <dt>Last sign-in</dt>
            <dd>{user.last_login_at ? formatDate(user.last_login_at) : 'Never'}</dd>
          </div>
          <div>
            <dt>Permissions</dt>
            <dd>
              {plural(user.permissions.length, 'permission')}{' '}
              <Button variant="link" size="sm" className="p-0 align-baseline" onClick={() => setProfileOpen(true)}>
                Show my permissions
              </Button>
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
