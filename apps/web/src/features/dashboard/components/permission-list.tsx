import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Placeholder from 'react-bootstrap/Placeholder';
import { MESSAGES } from '@admin-portal/contract/messages';
import { formatPermission } from '../../../shared/lib/format-permission.ts';
import { useUserPermissions } from '../api/get-user-permissions.ts';

/** "What you can do": the effective permissions from the server, marking those an administrator granted on top of the role. */
export function PermissionList({ userId }: { userId: string }) {
  const { data, isPending, isError, error } = useUserPermissions(userId);
  const extras = new Set(data?.extra_permissions ?? []);

  return (
    <Card as="section" aria-labelledby="dashboard-permissions">
      <Card.Header className="d-flex align-items-center justify-content-between py-3">
        <h2 id="dashboard-permissions" className="h6 mb-0">
          What you can do
        </h2>
        {data && <Badge bg="secondary" pill>{data.permissions.length}</Badge>}
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">
          Permissions come from your role, plus any extras an administrator granted you.
        </p>
        {isPending && (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={6} /> <Placeholder xs={4} /> <Placeholder xs={8} />
          </Placeholder>
        )}
        {isError && <Alert variant="danger" className="mb-0">{error.message || MESSAGES.permissionsFetchFailed}</Alert>}
        {data && data.permissions.length === 0 && <p className="mb-0">{MESSAGES.noPermissions}</p>}
        {data && data.permissions.length > 0 && (
          <ul className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-2 list-unstyled mb-0" aria-label="Your permissions">
            {data.permissions.map((p) => (
              <li key={p} className="col">
                <div className="d-flex align-items-center justify-content-between gap-2 border rounded px-3 py-2 h-100">
                  <span>
                    <span className="d-block">{formatPermission(p)}</span>
                    <code className="small">{p}</code>
                  </span>
                  {extras.has(p) && <Badge bg="info">Granted</Badge>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
