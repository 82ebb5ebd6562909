import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import { MESSAGES } from '@admin-portal/contract/messages';
import type { User } from '@admin-portal/contract/users';
import { formatPermission } from '../../../shared/lib/format-permission.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useMyPermissions } from '../api/get-my-permissions.ts';
import { RoleBadge } from './role-badge.tsx';

/** 'Permissions' tab (spec §2): the role badge and the user's permission list from the server. */
export function PermissionsPanel({ user }: { user: User }) {
  const { data, isPending, isError, error } = useMyPermissions(user.id);
  const extras = new Set(data?.extra_permissions ?? []);

  useEffect(() => {
    if (isError) console.error(MESSAGES.permissionsFetchFailed, error);
  }, [isError, error]);

  return (
    <div>
      <div className="d-flex align-items-center gap-2 mb-3">
        <h3 className="h6 mb-0">Role</h3>
        <RoleBadge role={user.role} />
      </div>
      <h3 className="h6">Permissions</h3>
      {isPending && <Spinner label="Loading permissions…" size="sm" />}
      {isError && (
        <Alert variant="danger" className="mb-3">
          {MESSAGES.permissionsFetchFailed}
        </Alert>
      )}
      {data && data.permissions.length === 0 && <p className="text-body-secondary">{MESSAGES.noPermissions}</p>}
      {data && data.permissions.length > 0 && (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-3" aria-label="Your permissions">
          {data.permissions.map((permission) => (
            <li key={permission} className="border rounded px-2 py-1 small bg-body-tertiary">
              {formatPermission(permission)}
              {extras.has(permission) && <span className="badge text-bg-info ms-2">Granted</span>}
            </li>
          ))}
        </ul>
      )}
      <p className="small text-body-secondary mb-0">
        Your permissions come from your role, plus any extra permissions an administrator has granted you.
      </p>
    </div>
  );
}
