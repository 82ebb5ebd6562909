import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { Organization } from '@admin-portal/contract/organizations';
import { roleBadgeVariant, roleLabel } from '@admin-portal/contract/roles';
import type { User } from '@admin-portal/contract/users';
import { displayName } from '../../../shared/lib/display-name.ts';
import { PermissionList } from './permission-list.tsx';

interface DashboardPageProps {
  user: User;
  organization: Organization | null;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string | null | undefined) => (iso ? dateFormat.format(new Date(iso)) : '—');

/** The signed-in user's organization, account and what they may do — real data only, no sample figures. */
export function DashboardPage({ user, organization }: DashboardPageProps) {
  const organizationName = organization?.name ?? user.organization_name ?? '—';
  return (
    <>
      <header className="mb-4">
        <h1 className="h3 mb-1">Dashboard</h1>
        <p className="text-body-secondary mb-0">Signed in as {displayName(user)}.</p>
      </header>

      <Row className="g-4">
        <Col lg={6}>
          <Card as="section" aria-labelledby="dashboard-organization" className="h-100">
            <Card.Header as="h2" id="dashboard-organization" className="h6 mb-0 py-3">
              Your organization
            </Card.Header>
            <Card.Body>
              <p className="h5 mb-1">{organizationName}</p>
              {organization?.description && <p className="text-body-secondary">{organization.description}</p>}
              {organization && (
                <dl className="row mb-0 small">
                  <dt className="col-sm-4">Status</dt>
                  <dd className="col-sm-8">
                    <Badge bg={organization.is_active ? 'success' : 'secondary'}>{organization.is_active ? 'Active' : 'Inactive'}</Badge>
                  </dd>
                  <dt className="col-sm-4">Users</dt>
                  <dd className="col-sm-8">{organization.user_count}</dd>
                  <dt className="col-sm-4">Slug</dt>
                  <dd className="col-sm-8">
                    <code>{organization.slug}</code>
                  </dd>
                  <dt className="col-sm-4">Created</dt>
                  <dd className="col-sm-8 mb-0">{formatDate(organization.created_at)}</dd>
                </dl>
              )}
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          <Card as="section" aria-labelledby="dashboard-account" className="h-100">
            <Card.Header as="h2" id="dashboard-account" className="h6 mb-0 py-3">
              Your account
            </Card.Header>
            <Card.Body>
              <p className="h5 mb-1">{displayName(user)}</p>
              <p className="text-body-secondary">{user.email}</p>
              <dl className="row mb-0 small">
                <dt className="col-sm-4">Role</dt>
                <dd className="col-sm-8">
                  <Badge bg={roleBadgeVariant(user.role)}>{roleLabel(user.role)}</Badge>
                </dd>
                <dt className="col-sm-4">Last sign-in</dt>
                <dd className="col-sm-8 mb-0">{formatDate(user.last_login_at)}</dd>
              </dl>
            </Card.Body>
          </Card>
        </Col>
        <Col xs={12}>
          <PermissionList userId={user.id} />
        </Col>
      </Row>
    </>
  );
}
