import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useLatestSearchParams } from '../../../shared/hooks/use-latest-search-params.ts';
import type { Organization } from '@admin-portal/contract/organizations';
import { DEFAULT_PREFERENCES, usePreferences } from '../../../shared/preferences/preferences.ts';
import { useUrlSearchText } from '../../../shared/hooks/use-url-search-text.ts';
import { zonedFormat } from '../../../shared/lib/date-formats.ts';
import { pageCount } from '../../../shared/lib/pagination.ts';
import { PageLinks } from '../../../shared/ui/page-links.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table.tsx';
import { useOrganizationPage } from '../api/get-organizations.ts';
import { listQuery, listStateToParams, nextSort, parseListState, type OrganizationListState } from '../lib/list-params.ts';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import './organizations.css';
import { useUnmountWhenClosed } from '../../../shared/hooks/use-unmount-when-closed.ts';

// The dialogs (the forms' schemas, zod and react-bootstrap's Modal with them) download when one is first opened.
const DeleteOrganizationDialog = lazy(async () => ({ default: (await import('./delete-organization-dialog.tsx')).DeleteOrganizationDialog }));
const OrganizationFormDialog = lazy(async () => ({ default: (await import('./organization-form-dialog.tsx')).OrganizationFormDialog }));
const OrganizationSettingsDialog = lazy(async () => ({ default: (await import('./organization-settings-dialog.tsx')).OrganizationSettingsDialog }));
const OrganizationSsoDialog = lazy(async () => ({ default: (await import('./organization-sso-dialog.tsx')).OrganizationSsoDialog }));

/** The open dialog; `seq` mounts each opening afresh, `open: false` lets it animate out before the next one replaces it. */
type Dialog = { kind: 'create' | 'edit' | 'settings' | 'sso' | 'delete'; organization: Organization | null; seq: number; open: boolean };

/** System Settings → Organizations (super admins): the server-paginated, searchable, sortable list with create, edit, settings and delete. */
export function OrganizationsPage() {
  const [params, setParams] = useLatestSearchParams();
  const state = parseListState(params);
  const preferencesQuery = usePreferences();
  const preferences = preferencesQuery.data;
  const pageSize = preferences?.page_size ?? DEFAULT_PREFERENCES.page_size;
  // Dates in the user's chosen time zone (Settings), else the browser's.
  const dateFormat = useMemo(() => zonedFormat({ dateStyle: 'medium' }, preferences?.timezone), [preferences?.timezone]);
  const { data, isPending, isError, error, isFetching, refetch } = useOrganizationPage(listQuery(state, pageSize), !preferencesQuery.isPending);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  useUnmountWhenClosed(dialog, setDialog);
  const openDialog = (kind: Dialog['kind'], organization: Organization | null = null) =>
    setDialog((d) => ({ kind, organization, seq: (d?.seq ?? 0) + 1, open: true }));
  const closeDialog = () => setDialog((d) => d && { ...d, open: false });

  const update = (patch: Partial<OrganizationListState>) => setParams((prev) => listStateToParams({ ...parseListState(prev), ...patch }), { replace: true });

  // The URL is the truth (search results link here with ?q=); typing searches after a short pause, Enter at once.
  const searchBox = useUrlSearchText(state.q, (q) => update({ q, page: 1 }));

  const total = data?.total ?? 0;
  const pages = pageCount(total, pageSize);
  // A page past the end (after a delete, or an edited URL): go to the last one.
  useEffect(() => {
    if (data && state.page > pages) update({ page: pages });
  }, [data, state.page, pages]);

  const columns = useMemo<DataColumn<Organization>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        sortKey: 'name',
        csv: (org) => org.name,
        cell: (org) => (
          <>
            <div className="fw-semibold">{org.name}</div>
            <div className="small text-body-secondary text-truncate org-description">
              <code className="me-2">{org.slug}</code>
              {org.description}
            </div>
          </>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        csv: (org) => (org.is_active ? 'Active' : 'Inactive'),
        cell: (org) => (
          <span
            className={`badge rounded-pill border ${org.is_active ? 'bg-success-subtle text-success-emphasis border-success-subtle' : 'bg-secondary-subtle text-secondary-emphasis border-secondary-subtle'}`}
          >
            {org.is_active ? 'Active' : 'Inactive'}
          </span>
        ),
      },
      { id: 'users', header: 'Users', align: 'end', className: 'tabular-nums', csv: (org) => org.user_count, cell: (org) => org.user_count },
      {
        id: 'created_at',
        header: 'Created',
        sortKey: 'created_at',
        className: 'text-nowrap',
        csv: (org) => org.created_at,
        cell: (org) => dateFormat.format(new Date(org.created_at)),
      },
      {
        id: 'actions',
        header: 'Actions',
        hideHeader: true,
        align: 'end',
        className: 'text-nowrap',
        cell: (org) => (
          <div className="btn-group btn-group-sm" role="group" aria-label={`Actions for ${org.name}`}>
            <Button variant="outline-secondary" onClick={() => openDialog('edit', org)} aria-label={`Edit ${org.name}`}>
              Edit
            </Button>
            <Button variant="outline-secondary" onClick={() => openDialog('settings', org)} aria-label={`Settings of ${org.name}`}>
              Settings
            </Button>
            <Button variant="outline-secondary" onClick={() => openDialog('sso', org)} aria-label={`Single sign-on of ${org.name}`}>
              Single sign-on
            </Button>
            <Button variant="outline-danger" onClick={() => openDialog('delete', org)} aria-label={`Delete ${org.name}`}>
              Delete
            </Button>
          </div>
        ),
      },
    ],
    [dateFormat],
  );

  // The range describes the rows on screen (while the next page loads, the previous rows stay).
  const first = total === 0 || !data ? 0 : data.offset + 1;
  const last = data ? data.offset + data.items.length : 0;

  return (
    <>
      <header className="page-header d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h3 mb-1">{PAGE_HEADINGS['/settings/organizations'].heading}</h1>
          <p className="text-body-secondary mb-0">{PAGE_HEADINGS['/settings/organizations'].lead}</p>
        </div>
        <Button variant="primary" onClick={() => openDialog('create')}>
          <span aria-hidden="true" className="me-1">
            +
          </span>
          New organization
        </Button>
      </header>

      <Card>
        <Card.Header className="bg-body py-3">
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
            <SearchBox search={searchBox} className="org-search" placeholder="Search by name or slug" label="Search organizations" />
            <div className="small text-body-secondary" aria-live="polite">
              {data && (total === 0 ? 'No organizations' : `Showing ${first}–${last} of ${total}`)}
              {isFetching && !isPending && <span className="spinner-border spinner-border-sm ms-2" role="status" aria-label="Updating" />}
            </div>
          </div>
        </Card.Header>

        {isError && (
          <Card.Body>
            <RetryAlert className="mb-0" onRetry={refetch} retryLabel="Try again">
              {error.message}
            </RetryAlert>
          </Card.Body>
        )}

        {!isError && (
          <DataTable
            label="Organizations"
            rows={data?.items}
            getRowId={(org) => org.id}
            columns={columns}
            loading={isPending}
            busy={isFetching}
            sort={state.sort}
            onSort={(column) => update({ sort: nextSort(state.sort, column as 'name' | 'created_at'), page: 1 })}
            empty={
              state.q.trim() ? (
                <>
                  No organizations match “{state.q.trim()}”.{' '}
                  <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => searchBox.search('')}>
                    Clear the search
                  </button>
                </>
              ) : (
                'No organizations yet.'
              )
            }
          />
        )}

        {data && pages > 1 && (
          <Card.Footer className="bg-body d-flex justify-content-end py-3">
            <PageLinks page={Math.min(state.page, pages)} pages={pages} onPage={(page) => update({ page })} />
          </Card.Footer>
        )}
      </Card>

      <Suspense fallback={null}>
        {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
          <OrganizationFormDialog key={dialog.seq} show={dialog.open} organization={dialog.organization} onClose={closeDialog} />
        )}
        {dialog?.kind === 'settings' && dialog.organization && (
          <OrganizationSettingsDialog key={dialog.seq} show={dialog.open} organization={dialog.organization} onClose={closeDialog} />
        )}
        {dialog?.kind === 'sso' && dialog.organization && (
          <OrganizationSsoDialog key={dialog.seq} show={dialog.open} organization={dialog.organization} onClose={closeDialog} />
        )}
        {dialog?.kind === 'delete' && dialog.organization && (
          <DeleteOrganizationDialog key={dialog.seq} show={dialog.open} organization={dialog.organization} onClose={closeDialog} />
        )}
      </Suspense>
    </>
  );
}
