import { effectivePermissions } from '@admin-portal/contract/permissions';
import type { User } from '@admin-portal/contract/users';
import type { UserRow } from './users.queries.ts';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function isLocked(row: Pick<UserRow, 'locked_until'>, now = Date.now()): boolean {
  return row.locked_until !== null && new Date(row.locked_until).getTime() > now;
}

/** The user as the API shows it: never the password hash; permissions effective and expanded. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
    permissions: effectivePermissions(row.role, row.permissions),
    extra_permissions: row.permissions,
    is_active: row.is_active,
    pending_approval: row.pending_approval,
    is_locked: isLocked(row),
    locked_until: isLocked(row) ? iso(row.locked_until) : null,
    failed_logins: row.failed_logins,
    last_login_at: iso(row.last_login_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}
