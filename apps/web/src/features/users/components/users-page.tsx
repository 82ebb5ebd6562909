import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useLatestSearchParams } from '../../../shared/hooks/use-latest-search-params.ts';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { ROLES, roleLabel } from '@admin-portal/contract/role-names';
import type { User, UserListItem } from '@admin-portal/contract/users';
import { useUrlSearchText } from '../../../shared/hooks/use-url-search-text.ts';
import { dateFormats } from '../../../shared/lib/date-formats.ts';
import { displayName } from '../../../shared/lib/display-name.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { usePageSize, usePreferences } from '../../../shared/preferences/preferences.ts';
import { ListPagination } from '../../../shared/ui/list-pagination.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { exportUsersCsv } from '../api/export-users.ts';
import { ExportCsvButton } from '../../../shared/ui/data-table/export-csv-button.tsx';
import { useUsers } from '../api/get-users.ts';
import { useUnlockUser } from '../api/unlock-user.ts';
import { useDecideSignUp } from '../api/decide-sign-up.ts';
import { canManageUsers, canReadUsers } from '../lib/access.ts';
import { BULK_ACTIONS, type BulkAction } from '../lib/bulk.ts';
import {
  filterQuery,
  listStateToParams,
  nextSort,
  PAGE_SIZES,
  pageQuery,
  parseListState,
  rangeLabel,
  STATUS_FILTERS,
  type StatusFilter,
  type UserListState,
} from '../lib/list-state.ts';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import './users.css';
import { pageCount } from '../../../shared/lib/pagination.ts';
import { UsersTable, type RowAction } from './users-table.tsx';
import { FilterBarEnd } from '../../../shared/ui/filter-bar-end.tsx';
import { NoMatches } from '../../../shared/ui/data-table/no-matches.tsx';
import { FilterSelect } from '../../../shared/ui/filter-select.tsx';
import { useUnmountWhenClosed } from '../../../shared/hooks/use-unmount-when-closed.ts';

// The dialogs (their forms' schemas, zod and react-bootstrap's Modal with them) download when one is first opened.
const BulkActionDialog = lazy(async () => ({ default: (await import('./bulk-action-dialog.tsx')).BulkActionDialog }));
const DeleteUserDialog = lazy(async () => ({ default: (await import('./delete-user-dialog.tsx')).DeleteUserDialog }));
const RejectSignUpDialog = lazy(async () => ({ default: (await import('./reject-sign-up-dialog.tsx')).RejectSignUpDialog }));
const PermissionsDialog = lazy(async () => ({ default: (await import('./permissions-dialog.tsx')).PermissionsDialog }));
const ResetTwoFactorDialog = lazy(async () => ({ default: (await import('./reset-two-factor-dialog.tsx')).ResetTwoFactorDialog }));
const SessionsDialog = lazy(async () => ({ default: (await import('./sessions-dialog.tsx')).SessionsDialog }));
const ResetPasswordDialog = lazy(async () => ({ default: (await import('./reset-password-dialog.tsx')).ResetPasswordDialog }));
const UserFormDialog = lazy(async () => ({ default: (await import('./user-form-dialog.tsx')).UserFormDialog }));

interface Props {
  /** The signed-in user: what they may do decides which buttons appear. */
  actor: User;
  /** The organization the pages work in (a super admin's choice), where new users go by default. */
  currentOrganizationId: string | null;
}

type Dialog =
  | { kind: 'create'; user: null }
  | { kind: 'edit' | 'reset-password' | 'permissions' | 'sessions' | 'reset-two-factor' | 'delete' | 'reject'; user: UserListItem }
  | { kind: 'bulk'; action: BulkAction; users: UserListItem[] };
/** `seq` mounts each opening afresh; `open: false` lets the dialog animate out before the next one replaces it. */
type OpenDialog = Dialog & { seq: number; open: boolean };

const STATUS_LABELS: Record<StatusFilter, string> = { active: 'Active', inactive: 'Inactive', locked: 'Locked', pending: 'Waiting for approval' };
const SEARCH_DELAY_MS = 300;

/** User & Access → User Management: the server-paginated, sortable, searchable list of users and everything done to them. */
export function UsersPage({ actor, currentOrganizationId }: Props) {
  const [params, setParams] = useLatestSearchParams();
  const state = parseListState(params);
  const preferredSize = usePageSize();
  const pageSize = state.size ?? preferredSize;
  const { data, isPending, isError, error, isFetching, refetch } = useUsers(pageQuery(state, pageSize));
  const prefs = usePreferences().data;
  const dateFormat = useMemo(() => dateFormats(prefs), [prefs]);
  const unlock = useUnlockUser();
  const decide = useDecideSignUp();
  const manage = canManageUsers(actor);
  // Sign-ups waiting for an administrator: how many, whatever the list shows.
  const waiting = useUsers({ pending: 'true', limit: 1, offset: 0 }, manage);

  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  useUnmountWhenClosed(dialog, setDialog);
  const openDialog = (next: Dialog) => setDialog((d) => ({ ...next, seq: (d?.seq ?? 0) + 1, open: true }) as OpenDialog);
  const closeDialog = () => setDialog((d) => d && { ...d, open: false });

  const update = (patch: Partial<UserListState>) => setParams((prev) => listStateToParams({ ...parseListState(prev), ...patch }), { replace: true });

  // Search: typing applies after a short pause, Enter at once; the URL stays the truth (links may carry ?q=).
  const searchBox = useUrlSearchText(state.q, (q) => update({ q, page: 1 }), SEARCH_DELAY_MS);

  // Selection belongs to the page on screen: any change of view clears it, so a bulk action never reaches rows out of sight.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const viewKey = params.toString();
  useEffect(() => setSelected(new Set()), [viewKey, pageSize]);
  const rows = data?.items ?? [];
  const selectedUsers = rows.filter((u) => selected.has(u.id));

  const total = data?.total ?? 0;
  const pages = pageCount(total, pageSize);
  // A page past the end (after deletions, or an edited URL): show the last one.
  useEffect(() => {
    if (data && state.page > pages) update({ page: pages });
  }, [data, state.page, pages]);

  function onAction(action: RowAction, user: UserListItem) {
    if (action === 'unlock') {
      unlock.mutate(user.id, {
        onSuccess: () => notify({ type: 'success', title: TOAST_TITLES.userUnlocked, message: `${displayName(user)}: ${SERVER_MESSAGES.userUnlocked}` }),
        onError: (err) => notify({ type: 'error', title: TOAST_TITLES.unlockFailed, message: err.message }),
      });
      return;
    }
    if (action === 'approve') {
      decide.mutate(
        { id: user.id, approve: true },
        {
          onSuccess: () => notify({ type: 'success', title: TOAST_TITLES.signUpApproved, message: `${displayName(user)}: ${SERVER_MESSAGES.userApproved}` }),
          onError: (err) => notify({ type: 'error', title: TOAST_TITLES.approvalFailed, message: err.message }),
        },
      );
      return;
    }
    openDialog({ kind: action, user });
  }
  const waitingCount = waiting.data?.total ?? 0;

  const filtered = !!(state.q.trim() || state.role || state.status);
  const clearFilters = () => {
    searchBox.reset('');
    update({ q: '', role: '', status: '', page: 1 });
  };

  return (
    <>
      <header className="page-header d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h3 mb-1">{PAGE_HEADINGS['/users'].heading}</h1>
          <p className="text-body-secondary mb-0">{PAGE_HEADINGS['/users'].lead}</p>
        </div>
        <div className="d-flex flex-wrap gap-2">
          {canReadUsers(actor) && <ExportCsvButton noun="users" onExport={() => exportUsersCsv(filterQuery(state))} />}
          {manage && (
            <Button variant="primary" onClick={() => openDialog({ kind: 'create', user: null })}>
              <span aria-hidden="true" className="me-1">
                +
              </span>
              New user
            </Button>
          )}
        </div>
      </header>

      {manage && waitingCount > 0 && state.status !== 'pending' && (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="status">
          <span>{waitingCount === 1 ? '1 sign-up is' : `${waitingCount} sign-ups are`} waiting for your approval. They cannot sign in until approved.</span>
          <Button size="sm" variant="warning" className="ms-auto" onClick={() => update({ status: 'pending', page: 1 })}>
            Review sign-ups
          </Button>
        </div>
      )}

      <Card>
        <Card.Header className="bg-body py-3">
          <div className="d-flex flex-wrap align-items-center gap-2">
            <SearchBox search={searchBox} className="users-search" placeholder="Search by name or email" label="Search users" />
            <FilterSelect
              className="users-filter"
              label="Filter by role"
              allLabel="All roles"
              value={state.role}
              options={ROLES}
              optionLabel={roleLabel}
              onChange={(role) => update({ role, page: 1 })}
            />
            <FilterSelect
              className="users-filter"
              label="Filter by status"
              allLabel="All statuses"
              value={state.status}
              options={STATUS_FILTERS}
              optionLabel={(s) => STATUS_LABELS[s]}
              onChange={(status) => update({ status, page: 1 })}
            />
            <FilterBarEnd filtered={filtered} onClear={clearFilters} updating={isFetching && !isPending} />
          </div>
        </Card.Header>

        {manage && selectedUsers.length > 0 && (
          <div className="users-bulk-bar d-flex flex-wrap align-items-center gap-2 px-3 py-2" role="region" aria-label="Bulk actions">
            <span className="fw-semibold me-2">{selectedUsers.length} selected</span>
            {(Object.keys(BULK_ACTIONS) as BulkAction[]).map((action) => (
              <Button
                key={action}
                size="sm"
                variant={action === 'delete' ? 'danger' : 'secondary'}
                onClick={() => openDialog({ kind: 'bulk', action, users: selectedUsers })}
              >
                {BULK_ACTIONS[action].label}
              </Button>
            ))}
            <Button size="sm" variant="link" className="ms-auto text-decoration-none" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          </div>
        )}

        {isError ? (
          <Card.Body>
            <RetryAlert className="mb-0" onRetry={refetch} retryLabel="Try again">
              {error.message}
            </RetryAlert>
          </Card.Body>
        ) : (
          <UsersTable
            users={data?.items}
            loading={isPending}
            busy={isFetching}
            sort={state.sort}
            onSort={(column) => update({ sort: nextSort(state.sort, column), page: 1 })}
            selected={selected}
            onSelectionChange={setSelected}
            actor={actor}
            onAction={onAction}
            dateFormat={dateFormat}
            empty={filtered ? <NoMatches what="users" onClear={clearFilters} /> : 'No users yet.'}
          />
        )}

        {data && (
          <Card.Footer className="bg-body py-3">
            <ListPagination
              id="users-page-size"
              selectClassName="users-page-size"
              rangeTestId="users-range"
              page={Math.min(state.page, pages)}
              pages={pages}
              pageSize={pageSize}
              pageSizes={PAGE_SIZES}
              range={rangeLabel(Math.min(state.page, pages), pageSize, total, data?.total_exact ?? true)}
              onPage={(page) => update({ page })}
              onPageSize={(size) => update({ size, page: 1 })}
            />
          </Card.Footer>
        )}
      </Card>

      <Suspense fallback={null}>
        {dialog?.kind === 'create' && (
          <UserFormDialog key={dialog.seq} show={dialog.open} user={null} actor={actor} currentOrganizationId={currentOrganizationId} onClose={closeDialog} />
        )}
        {dialog?.kind === 'edit' && (
          <UserFormDialog
            key={dialog.seq}
            show={dialog.open}
            user={dialog.user}
            actor={actor}
            currentOrganizationId={currentOrganizationId}
            onClose={closeDialog}
          />
        )}
        {dialog?.kind === 'reset-password' && <ResetPasswordDialog key={dialog.seq} show={dialog.open} user={dialog.user} onClose={closeDialog} />}
        {dialog?.kind === 'permissions' && <PermissionsDialog key={dialog.seq} show={dialog.open} user={dialog.user} actor={actor} onClose={closeDialog} />}
        {dialog?.kind === 'reset-two-factor' && <ResetTwoFactorDialog key={dialog.seq} show={dialog.open} user={dialog.user} onClose={closeDialog} />}
        {dialog?.kind === 'sessions' && <SessionsDialog key={dialog.seq} show={dialog.open} user={dialog.user} onClose={closeDialog} />}
        {dialog?.kind === 'reject' && <RejectSignUpDialog key={dialog.seq} show={dialog.open} user={dialog.user} onClose={closeDialog} />}
        {dialog?.kind === 'delete' && <DeleteUserDialog key={dialog.seq} show={dialog.open} user={dialog.user} onClose={closeDialog} />}
        {dialog?.kind === 'bulk' && (
          <BulkActionDialog
            key={dialog.seq}
            show={dialog.open}
            action={dialog.action}
            users={dialog.users}
            onClose={closeDialog}
            onDone={(failed) => setSelected(new Set(failed.map((u) => u.id)))}
          />
        )}
      </Suspense>
    </>
  );
}
