import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import Dropdown from 'react-bootstrap/Dropdown';
import Placeholder from 'react-bootstrap/Placeholder';
import Table from 'react-bootstrap/Table';
import type { User } from '@admin-portal/contract/users';
import { formatDateTime, type DateFormats } from '../../../shared/lib/date-formats.ts';
import { displayName } from '../../../shared/lib/display-name.ts';
import { SortHeader } from '../../../shared/ui/sort-header.tsx';
import { rowAbilities, type Actor } from '../lib/access.ts';
import type { SortColumn, UserSort } from '../lib/list-state.ts';
import { RoleBadge, StatusBadges } from './status-badges.tsx';

export type RowAction = 'edit' | 'reset-password' | 'unlock' | 'permissions' | 'delete';

interface Props {
  users: readonly User[] | undefined;
  loading: boolean;
  busy: boolean;
  sort: UserSort;
  onSort: (column: SortColumn) => void;
  selected: ReadonlySet<string>;
  onSelect: (user: User, selected: boolean) => void;
  onSelectPage: (selected: boolean) => void;
  actor: Actor;
  onAction: (action: RowAction, user: User) => void;
  dateFormat: DateFormats;
  /** Shown in the body when there are no rows. */
  empty: React.ReactNode;
}

const COLUMNS = 8;

function PageCheckbox({ checked, indeterminate, disabled, onChange }: { checked: boolean; indeterminate: boolean; disabled: boolean; onChange: (checked: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="form-check-input"
      aria-label="Select all users on this page"
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
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

const initials = (u: User) => (`${u.first_name.trim().charAt(0)}${u.last_name.trim().charAt(0)}` || u.email.charAt(0)).toUpperCase();

function RowActions({ user, actor, onAction }: { user: User; actor: Actor; onAction: Props['onAction'] }) {
  const can = rowAbilities(actor, user);
  const name = displayName(user);
  if (!can.manage) {
    return (
      <span className="small text-body-secondary" title="You cannot manage a user with more privileges than your own.">
        No actions
      </span>
    );
  }
  const menu = (
    <Dropdown.Menu>
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
      <Dropdown.Toggle variant="link" size="sm" className="users-actions-toggle" id={`user-actions-${user.id}`} aria-label={`Actions for ${name}`} title="Actions">
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

/** The page of users: sortable headers (aria-sort), a checkbox per row and for the page, badges, and a menu of actions per row. */
export function UsersTable({ users, loading, busy, sort, onSort, selected, onSelect, onSelectPage, actor, onAction, dateFormat, empty }: Props) {
  const rows = users ?? [];
  const selectedOnPage = rows.filter((u) => selected.has(u.id)).length;

  return (
    <div className="table-responsive">
      <Table hover className="mb-0 align-middle users-table data-table" aria-label="Users" aria-busy={busy}>
        <thead>
          <tr>
            <th scope="col" className="select-cell">
              <PageCheckbox
                checked={rows.length > 0 && selectedOnPage === rows.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                disabled={rows.length === 0}
                onChange={onSelectPage}
              />
            </th>
            <SortHeader label="Name" column="first_name" sort={sort} onSort={onSort} />
            <SortHeader label="Email" column="email" sort={sort} onSort={onSort} />
            <SortHeader label="Role" column="role" sort={sort} onSort={onSort} />
            <th scope="col">Organization</th>
            <th scope="col">Status</th>
            <SortHeader label="Last sign-in" column="last_login_at" sort={sort} onSort={onSort} />
            <th scope="col" className="text-end">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {loading &&
            Array.from({ length: 5 }, (_, i) => (
              <tr key={i} aria-hidden="true">
                <td colSpan={COLUMNS}>
                  <Placeholder animation="glow">
                    <Placeholder xs={3} /> <Placeholder xs={3} /> <Placeholder xs={2} /> <Placeholder xs={2} />
                  </Placeholder>
                </td>
              </tr>
            ))}
          {rows.map((user) => {
            const name = displayName(user);
            const isSelected = selected.has(user.id);
            return (
              <tr key={user.id} className={isSelected ? 'selected' : undefined}>
                <td className="select-cell">
                  <input
                    type="checkbox"
                    className="form-check-input"
                    aria-label={`Select ${name}`}
                    checked={isSelected}
                    onChange={(e) => onSelect(user, e.target.checked)}
                  />
                </td>
                <td>
                  <div className="d-flex align-items-center gap-2 min-w-0">
                    <span className="avatar avatar-sm" aria-hidden="true">
                      {initials(user)}
                    </span>
                    <span className="fw-semibold">{name}</span>
                    {user.id === actor.id && <span className="badge rounded-pill bg-primary-subtle text-primary-emphasis border border-primary-subtle">You</span>}
                  </div>
                </td>
                <td>
                  <div className="text-truncate users-email" title={user.email}>
                    {user.email}
                  </div>
                </td>
                <td>
                  <RoleBadge role={user.role} />
                </td>
                <td>{user.organization_name ?? '—'}</td>
                <td>
                  <StatusBadges user={user} />
                </td>
                <td className="small tabular-nums">
                  <LastSignIn iso={user.last_login_at} format={dateFormat} />
                </td>
                <td className="text-end">
                  <RowActions user={user} actor={actor} onAction={onAction} />
                </td>
              </tr>
            );
          })}
          {!loading && rows.length === 0 && (
            <tr>
              <td colSpan={COLUMNS} className="text-center py-5 text-body-secondary">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </Table>
    </div>
  );
}
