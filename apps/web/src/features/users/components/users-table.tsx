import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import type { UserListItem } from '@admin-portal/contract/users';
import { auditHistoryUrl, canViewAuditLog } from '../../../shared/lib/audit-history.ts';
import { formatDateTime, type DateFormats } from '../../../shared/lib/date-formats.ts';
import { displayName } from '../../../shared/lib/display-name.ts';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table.tsx';
import { RoleBadge } from '../../../shared/ui/role-badge.tsx';
import { rowAbilities, type Actor } from '../lib/access.ts';
import type { SortColumn, UserSort } from '../lib/list-state.ts';
import { StatusBadges } from './status-badges.tsx';

export type RowAction = 'edit' | 'reset-password' | 'unlock' | 'approve' | 'reject' | 'permissions' | 'sessions' | 'reset-two-factor' | 'delete';

interface Props {
  users: readonly UserListItem[] | undefined;
  loading: boolean;
  busy: boolean;
  sort: UserSort;
  onSort: (column: SortColumn) => void;
  selected: ReadonlySet<string>;
  onSelectionChange: (selected: Set<string>) => void;
  actor: Actor;
  onAction: (action: RowAction, user: UserListItem) => void;
  dateFormat: DateFormats;
  /** Shown in the body when there are no rows. */
  empty: React.ReactNode;
}

/** Date above, time below: narrow enough for the column; the whole instant in the tooltip. */
function LastSignIn({ iso, format }: { iso: string | null; format: DateFormats }) {
  if (!iso) return <span className="text-body-secondary">Never</span>;
  const when = new Date(iso);
  return (
    <time dateTime={iso} title={formatDateTime(iso, format.full)} className="d-block text-nowrap">
      {format.date.format(when)}
      <span className="d-block text-body-secondary">{format.time.format(when)}</span>
    </time>
  );
}

const initials = (u: UserListItem) => (`${u.first_name.trim().charAt(0)}${u.last_name.trim().charAt(0)}` || u.email.charAt(0)).toUpperCase();

function RowActions({ user, actor, onAction }: { user: UserListItem; actor: Actor; onAction: Props['onAction'] }) {
  const can = rowAbilities(actor, user);
  const name = displayName(user);
  const history = canViewAuditLog(actor.permissions);
  if (!can.manage && !history) {
    return (
      <span className="small text-body-secondary" title="You cannot manage a user with more privileges than your own.">
        No actions
      </span>
    );
  }
  const menu = (
    <Dropdown.Menu>
      {can.approve && (
        <>
          <Dropdown.Item as="button" onClick={() => onAction('approve', user)}>
            Approve sign-up
          </Dropdown.Item>
          <Dropdown.Item as="button" className="text-danger-emphasis" onClick={() => onAction('reject', user)}>
            Reject sign-up
          </Dropdown.Item>
          <Dropdown.Divider />
        </>
      )}
      {can.edit && (
        <Dropdown.Item as="button" onClick={() => onAction('edit', user)}>
          Edit
        </Dropdown.Item>
      )}
      {can.resetPassword && (
        <Dropdown.Item as="button" onClick={() => onAction('reset-password', user)}>
          Reset password
        </Dropdown.Item>
      )}
      {can.unlock && (
        <Dropdown.Item as="button" onClick={() => onAction('unlock', user)}>
          Unlock
        </Dropdown.Item>
      )}
      {can.permissions && (
        <Dropdown.Item as="button" onClick={() => onAction('permissions', user)}>
          Permissions
        </Dropdown.Item>
      )}
      {can.sessions && (
        <Dropdown.Item as="button" onClick={() => onAction('sessions', user)}>
          Sessions
        </Dropdown.Item>
      )}
      {can.sessions && user.second_factors.length > 0 && (
        <Dropdown.Item as="button" onClick={() => onAction('reset-two-factor', user)}>
          Reset two-factor
        </Dropdown.Item>
      )}
      {history && (
        <Dropdown.Item as={Link} to={auditHistoryUrl('user', user.id)}>
          History
        </Dropdown.Item>
      )}
      {can.delete && (
        <>
          <Dropdown.Divider />
          <Dropdown.Item as="button" className="text-danger-emphasis" onClick={() => onAction('delete', user)}>
            Delete
          </Dropdown.Item>
        </>
      )}
    </Dropdown.Menu>
  );
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="link"
        size="sm"
        className="users-actions-toggle"
        id={`user-actions-${user.id}`}
        aria-label={`Actions for ${name}`}
        title="Actions"
      >
        <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <circle cx="12" cy="5" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="12" cy="19" r="1.8" />
        </svg>
      </Dropdown.Toggle>
      {/* In a portal, so the table's horizontal scroll container cannot clip the menu of the last rows. */}
      {createPortal(menu, document.body)}
    </Dropdown>
  );
}

/** The last sign-in on one line, for the row's fold. */
function LastSignInLine({ iso, format }: { iso: string | null; format: DateFormats }) {
  if (!iso) return <>Never</>;
  return (
    <time dateTime={iso} title={formatDateTime(iso, format.full)}>
      {format.date.format(new Date(iso))} {format.time.format(new Date(iso))}
    </time>
  );
}

/**
 * The users list's columns (shared with its CSV export): name, email, role, organization, status, last sign-in,
 * actions. As the table narrows, last sign-in, organization, role and email give way in that order, each then said
 * under the user's name; name, status and the menu stay.
 */
export function userColumns(actor: Actor, dateFormat: DateFormats, onAction: Props['onAction']): DataColumn<UserListItem>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'first_name',
      grow: true,
      csv: displayName,
      cell: (user) => (
        <div className="d-flex align-items-center gap-2 min-w-0">
          <span className="avatar avatar-sm" aria-hidden="true">
            {initials(user)}
          </span>
          <span className="fw-semibold text-truncate" title={displayName(user)}>
            {displayName(user)}
          </span>
          {user.id === actor.id && <span className="badge rounded-pill bg-primary-subtle text-primary-emphasis border border-primary-subtle">You</span>}
        </div>
      ),
    },
    {
      id: 'email',
      header: 'Email',
      sortKey: 'email',
      priority: 2,
      className: 'users-email-cell',
      csv: (user) => user.email,
      fold: (user) => user.email,
      cell: (user) => (
        <div className="dt-ellipsis" title={user.email}>
          {user.email}
        </div>
      ),
    },
    {
      id: 'role',
      header: 'Role',
      sortKey: 'role',
      priority: 3,
      className: 'text-nowrap',
      csv: (user) => user.role,
      cell: (user) => <RoleBadge role={user.role} />,
    },
    {
      id: 'organization',
      header: 'Organization',
      priority: 4,
      className: 'users-organization-cell',
      csv: (user) => user.organization_name ?? '',
      fold: (user) => user.organization_name ?? '—',
      cell: (user) => (
        <div className="dt-ellipsis" title={user.organization_name ?? undefined}>
          {user.organization_name ?? '—'}
        </div>
      ),
    },
    { id: 'status', header: 'Status', cell: (user) => <StatusBadges user={user} /> },
    {
      id: 'last_login_at',
      header: 'Last sign-in',
      sortKey: 'last_login_at',
      priority: 5,
      className: 'small tabular-nums',
      csv: (user) => user.last_login_at ?? '',
      fold: (user) => <LastSignInLine iso={user.last_login_at} format={dateFormat} />,
      cell: (user) => <LastSignIn iso={user.last_login_at} format={dateFormat} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      actions: true,
      align: 'end',
      cell: (user) => <RowActions user={user} actor={actor} onAction={onAction} />,
    },
  ];
}

/** The page of users: sortable headers (aria-sort), a checkbox per row and for the page, badges, and a menu of actions per row. */
export function UsersTable({ users, loading, busy, sort, onSort, selected, onSelectionChange, actor, onAction, dateFormat, empty }: Props) {
  const columns = useMemo(() => userColumns(actor, dateFormat, onAction), [actor, dateFormat, onAction]);
  const names = useMemo(() => new Map((users ?? []).map((u) => [u.id, displayName(u)])), [users]);
  return (
    <DataTable
      label="Users"
      className="users-table"
      rows={users}
      getRowId={(user) => user.id}
      columns={columns}
      loading={loading}
      busy={busy}
      sort={sort}
      onSort={(key) => onSort(key as SortColumn)}
      fold="name"
      selection={{ selected, onChange: onSelectionChange, rowLabel: (id) => `Select ${names.get(id) ?? id}`, allLabel: 'Select all users on this page' }}
      empty={empty}
    />
  );
}
