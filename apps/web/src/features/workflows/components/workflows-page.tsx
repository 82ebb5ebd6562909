import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate } from 'react-router';
import { useLatestSearchParams } from '../../../shared/hooks/use-latest-search-params.ts';
import type { WorkflowDetail, WorkflowSummary } from '@admin-portal/contract/workflows/api';
import { WORKFLOW_STATUSES } from '@admin-portal/contract/workflows/statuses';
import { useUrlSearchText } from '../../../shared/hooks/use-url-search-text.ts';
import { dateFormats } from '../../../shared/lib/date-formats.ts';
import { pageCount } from '../../../shared/lib/pagination.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { DEFAULT_PREFERENCES, usePreferences } from '../../../shared/preferences/preferences.ts';
import { ListPagination } from '../../../shared/ui/list-pagination.tsx';
import { Icon } from '../../../shared/ui/icons.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { getWorkflowPage, useDuplicateWorkflow, useUpdateWorkflow, useWorkflowPage, useWorkflowTemplates } from '../api/workflows-api.ts';
import { collectPages, exportCsv } from '../../../shared/ui/data-table/export-csv.ts';
import { ExportCsvButton } from '../../../shared/ui/data-table/export-csv-button.tsx';
import type { WorkflowAbilities } from '../lib/abilities.ts';
import { isFiltered, listQuery, listStateToParams, nextSort, PAGE_SIZES, parseListState, rangeLabel, type WorkflowListState } from '../lib/list-state.ts';
import {
  builderPath,
  categoryLabel,
  WORKFLOW_ANALYTICS_PATH,
  categoryOptions,
  STATUS_LABELS,
  statusChangedNotice,
  statusChanges,
  type StatusChange,
} from '../lib/workflow-display.ts';
import type { RowAction } from './workflow-row-actions.tsx';
import { workflowColumns, WorkflowsTable } from './workflows-table.tsx';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import './workflows.css';
import { FilterBarEnd } from '../../../shared/ui/filter-bar-end.tsx';
import { NoMatches } from '../../../shared/ui/data-table/no-matches.tsx';
import { FilterSelect } from '../../../shared/ui/filter-select.tsx';
import { useUnmountWhenClosed } from '../../../shared/hooks/use-unmount-when-closed.ts';

// The dialogs (the New workflow form's schema, zod and react-bootstrap's Modal with them) download when one is first opened.
const CreateWorkflowDialog = lazy(async () => ({ default: (await import('./create-workflow-dialog.tsx')).CreateWorkflowDialog }));
const DeleteWorkflowDialog = lazy(async () => ({ default: (await import('./delete-workflow-dialog.tsx')).DeleteWorkflowDialog }));
const StatusChangeDialog = lazy(async () => ({ default: (await import('./status-change-dialog.tsx')).StatusChangeDialog }));
const StartLinkDialog = lazy(async () => ({ default: (await import('./start-link-dialog.tsx')).StartLinkDialog }));

type Dialog =
  | { kind: 'create' }
  | { kind: 'delete'; workflow: WorkflowSummary }
  | { kind: 'status'; workflow: WorkflowSummary; change: StatusChange }
  | { kind: 'start-link'; workflow: WorkflowSummary };
/** `seq` mounts each opening afresh; `open: false` lets the dialog animate out before the next one replaces it. */
type OpenDialog = Dialog & { seq: number; open: boolean };

const SEARCH_DELAY_MS = 300;

/**
 * Workflows → All Workflows: the organization's workflows, server-paginated, searchable, filterable by status and
 * category and sortable, with create (blank or from a template), duplicate, status changes and delete for those who
 * manage workflows, and a way into the Visual Builder for those who build them.
 */
/** `generate`: the app's "Generate with AI" control (from the AI feature), shown to those who may create workflows. */
export function WorkflowsPage({ abilities, generate }: { abilities: WorkflowAbilities; generate?: ReactNode }) {
  const [params, setParams] = useLatestSearchParams();
  const navigate = useNavigate();
  const state = parseListState(params);
  const preferencesQuery = usePreferences();
  const preferences = preferencesQuery.data;
  const pageSize = state.size ?? preferences?.page_size ?? DEFAULT_PREFERENCES.page_size;
  const dateFormat = useMemo(() => dateFormats(preferences, { dateStyle: 'full', timeStyle: 'short' }), [preferences]);
  // Wait for the preferred page size (unless the URL names one), so the first page is fetched once, at its size.
  const { data, isPending, isError, error, isFetching, refetch } = useWorkflowPage(
    listQuery(state, pageSize),
    state.size !== null || !preferencesQuery.isPending,
  );
  const templates = useWorkflowTemplates();
  const duplicate = useDuplicateWorkflow();
  const update = useUpdateWorkflow();

  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  useUnmountWhenClosed(dialog, setDialog);
  const openDialog = (next: Dialog) => setDialog((d) => ({ ...next, seq: (d?.seq ?? 0) + 1, open: true }) as OpenDialog);
  const closeDialog = () => setDialog((d) => d && { ...d, open: false });

  const patch = (change: Partial<WorkflowListState>) => setParams((prev) => listStateToParams({ ...parseListState(prev), ...change }), { replace: true });

  // Search: typing applies after a short pause, Enter at once; the URL stays the truth (search results link here with ?q=).
  const searchBox = useUrlSearchText(state.q, (q) => patch({ q, page: 1 }), SEARCH_DELAY_MS);

  const filtered = isFiltered(state);
  const clearFilters = () => {
    searchBox.reset('');
    patch({ q: '', status: '', category: '', page: 1 });
  };
  const categories = categoryOptions(templates.data?.items, data?.items, state.category);

  const total = data?.total ?? 0;
  const pages = pageCount(total, pageSize);
  // A page past the end (after a delete, or an edited URL): show the last one.
  useEffect(() => {
    if (data && state.page > pages) patch({ page: pages });
  }, [data, state.page, pages]);

  // Rows with a duplicate or a status change under way.
  const busyIds = new Set<string>();
  if (duplicate.isPending && duplicate.variables) busyIds.add(duplicate.variables.id);
  if (update.isPending && update.variables) busyIds.add(update.variables.id);

  const openInBuilder = (id: string) => void navigate(builderPath(id));

  function changeStatus(workflow: WorkflowSummary, change: StatusChange) {
    if (change.confirm) {
      openDialog({ kind: 'status', workflow, change });
      return;
    }
    update.mutate(
      { id: workflow.id, body: { status: change.to } },
      {
        onSuccess: () => notify({ type: 'success', ...statusChangedNotice(workflow.name, change.to, workflow.status) }),
        onError: (err) => notify({ type: 'error', title: TOAST_TITLES.failed(change.label), message: err.message }),
      },
    );
  }

  function onAction(action: RowAction, workflow: WorkflowSummary) {
    if (action.kind === 'delete') {
      openDialog({ kind: 'delete', workflow });
    } else if (action.kind === 'start-link') {
      openDialog({ kind: 'start-link', workflow });
    } else if (action.kind === 'status') {
      changeStatus(workflow, action.change);
    } else {
      duplicate.mutate(
        { id: workflow.id },
        {
          onSuccess: (copy) =>
            notify({
              type: 'success',
              title: TOAST_TITLES.workflowDuplicated,
              message: `“${copy.name}” has been created as a draft.${abilities.build ? ' Click to open it in the builder.' : ''}`,
              ...(abilities.build ? { action: () => openInBuilder(copy.id) } : {}),
            }),
          onError: (err) => notify({ type: 'error', title: TOAST_TITLES.duplicateFailed, message: err.message }),
        },
      );
    }
  }

  /** From the delete dialog, when the server refused because applications refer to the workflow. */
  function archiveInstead(workflow: WorkflowSummary): (() => void) | undefined {
    const archive = statusChanges(workflow.status).find((c) => c.to === 'archived');
    if (!archive) return undefined;
    return () => {
      if (!archive.confirm) closeDialog();
      changeStatus(workflow, archive);
    };
  }

  function onCreated(workflow: WorkflowDetail) {
    closeDialog();
    if (abilities.build) openInBuilder(workflow.id);
  }

  return (
    <>
      <header className="page-header d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h3 mb-1">{PAGE_HEADINGS['/workflows'].heading}</h1>
          <p className="text-body-secondary mb-0">{PAGE_HEADINGS['/workflows'].lead}</p>
        </div>
        <div className="d-flex flex-wrap gap-2">
          {abilities.analytics && (
            <Link to={WORKFLOW_ANALYTICS_PATH} className="btn btn-outline-secondary">
              <Icon name="activity" className="me-1" />
              Analytics
            </Link>
          )}
          <ExportCsvButton
            noun="workflows"
            onExport={() =>
              exportCsv(
                workflowColumns({ abilities, busyIds, onAction, dateFormat }),
                collectPages((offset, limit) => getWorkflowPage({ ...listQuery(state, pageSize), offset, limit })),
                'workflows',
              )
            }
          />
          {abilities.manage && generate}
          {abilities.manage && (
            <Button variant="primary" onClick={() => openDialog({ kind: 'create' })}>
              <span aria-hidden="true" className="me-1">
                +
              </span>
              New workflow
            </Button>
          )}
        </div>
      </header>

      <Card>
        <Card.Header className="bg-body py-3">
          <div className="d-flex flex-wrap align-items-center gap-2">
            <SearchBox search={searchBox} className="workflows-search" placeholder="Search by name or description" label="Search workflows" />
            <FilterSelect
              className="workflows-filter"
              label="Filter by status"
              allLabel="All statuses"
              value={state.status}
              options={WORKFLOW_STATUSES}
              optionLabel={(s) => STATUS_LABELS[s]}
              onChange={(status) => patch({ status, page: 1 })}
            />
            <FilterSelect
              className="workflows-filter"
              label="Filter by category"
              allLabel="All categories"
              value={categories.find((c) => c.toLowerCase() === state.category.toLowerCase()) ?? ''}
              options={categories}
              optionLabel={categoryLabel}
              onChange={(category) => patch({ category, page: 1 })}
            />
            <FilterBarEnd filtered={filtered} onClear={clearFilters} updating={isFetching && !isPending} />
          </div>
        </Card.Header>

        {isError ? (
          <Card.Body>
            <RetryAlert className="mb-0" onRetry={refetch}>
              Workflows could not be loaded: {error.message}
            </RetryAlert>
          </Card.Body>
        ) : (
          <WorkflowsTable
            workflows={data?.items}
            loading={isPending}
            busy={isFetching}
            sort={state.sort}
            onSort={(column) => patch({ sort: nextSort(state.sort, column), page: 1 })}
            abilities={abilities}
            busyIds={busyIds}
            onAction={onAction}
            dateFormat={dateFormat}
            empty={
              filtered ? (
                <NoMatches what="workflows" onClear={clearFilters} />
              ) : (
                <>
                  <span className="d-block fw-semibold text-body mb-1">No workflows yet</span>
                  {abilities.manage ? (
                    <>
                      Start from a template or a blank workflow.{' '}
                      <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => openDialog({ kind: 'create' })}>
                        Create a workflow
                      </button>
                    </>
                  ) : (
                    'Workflows your organization builds will be listed here.'
                  )}
                </>
              )
            }
          />
        )}

        {data && !isError && (
          <Card.Footer className="bg-body py-3">
            <ListPagination
              id="workflows-page-size"
              selectClassName="workflows-page-size"
              rangeTestId="workflows-range"
              page={Math.min(state.page, pages)}
              pages={pages}
              pageSize={pageSize}
              pageSizes={PAGE_SIZES}
              range={rangeLabel(data.offset, data.items.length, total)}
              onPage={(page) => patch({ page })}
              onPageSize={(size) => patch({ size, page: 1 })}
            />
          </Card.Footer>
        )}
      </Card>

      <Suspense fallback={null}>
        {dialog?.kind === 'create' && <CreateWorkflowDialog key={dialog.seq} show={dialog.open} onClose={closeDialog} onCreated={onCreated} />}
        {dialog?.kind === 'delete' && (
          <DeleteWorkflowDialog
            key={dialog.seq}
            show={dialog.open}
            workflow={dialog.workflow}
            onClose={closeDialog}
            onArchive={archiveInstead(dialog.workflow)}
          />
        )}
        {dialog?.kind === 'start-link' && <StartLinkDialog key={dialog.seq} show={dialog.open} workflow={dialog.workflow} onClose={closeDialog} />}
        {dialog?.kind === 'status' && (
          <StatusChangeDialog
            key={dialog.seq}
            show={dialog.open}
            workflow={dialog.workflow}
            change={dialog.change}
            canBuild={abilities.build}
            onClose={closeDialog}
          />
        )}
      </Suspense>
    </>
  );
}
