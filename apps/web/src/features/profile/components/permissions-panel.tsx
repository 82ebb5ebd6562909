import { useEffect } from 'react';
import { MESSAGES } from '@admin-portal/contract/messages';
import type { User } from '@admin-portal/contract/users';
import { formatPermission } from '../../../shared/lib/format-permission.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useMyPermissions } from '../api/get-my-permissions.ts';
import { RoleBadge } from '../../../shared/ui/role-badge.tsx';

/** 'Permissions' tab (spec §2): the role badge and the user's permission list from the server. */
export function PermissionsPanel({ user }: { user: User }) {
  const { data: answer, isPending, isError, error } = useMyPermissions(user.id);
  // Spec §8: after a failed call the list stays empty (no earlier answer shown as if it were current).
  const data = isError ? undefined : answer;
  const extras = new Set(data?.extra_permissions ?? []);
  // Spec §8: 'No user specified.' when there was no user to ask about, else 'Failed to fetch user permissions.'
  const failure = error?.message === MESSAGES.noUserSpecified ? MESSAGES.noUserSpecified : MESSAGES.permissionsFetchFailed;

  // Spec §8: in the shell a failure is only logged; the list stays empty.
  useEffect(() => {
    if (isError) console.error(failure, error);
  }, [isError, error, failure]);

  return (
    <div>
      <div className="d-flex align-items-center gap-2 mb-3">
        <h3 className="h6 mb-0">Role</h3>
        <RoleBadge role={user.role} />
      </div>
      <h3 className="h6">Permissions</h3>
      {isPending && <Spinner label="Loading permissions…" size="sm" />}
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
      <p className="small text-body-secondary mb-0">Your permissions come from your role, plus any extra permissions an administrator has granted you.</p>
    </div>
  );
}
