import { lazy, Suspense, useEffect, useMemo } from 'react';
import Card from 'react-bootstrap/Card';
import type { ToolExecution } from '@admin-portal/contract/tools/api';
import { useOpenedOnce } from '../../../shared/hooks/use-opened-once.ts';
import { pageCount } from '../../../shared/lib/pagination.ts';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table.tsx';
import { ListPagination } from '../../../shared/ui/list-pagination.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { getToolExecutions, useToolExecutions } from '../api/tool-activity-api.ts';
import { collectPages, exportCsv } from '../../../shared/ui/data-table/export-csv.ts';
import { ExportCsvButton } from '../../../shared/ui/data-table/export-csv-button.tsx';
import { formatLatency, type ActivityDateFormats } from '../lib/activity-format.ts';
import {
  CALLER_TYPE_FILTERS,
  EXECUTION_STATUS_FILTERS,
  executionsFiltered,
  executionsQuery,
  PAGE_SIZES,
  rangeLabel,
  type AnalyticsViewState,
} from '../lib/analytics-state.ts';
import { callerName, callerTypeLabel, EXECUTION_STATUS_LABELS, toolLabel } from '../lib/execution-display.ts';
import { environmentLabel } from '../lib/mcp-access.ts';
import { ExecutionStatusBadge } from './execution-status-badge.tsx';
import { FilterBarEnd } from '../../../shared/ui/filter-bar-end.tsx';
import { NoMatches } from '../../../shared/ui/data-table/no-matches.tsx';
import { FilterSelect } from '../../../shared/ui/filter-select.tsx';

// The run's panel (react-bootstrap's Offcanvas with it) downloads when a run is first opened.
const ExecutionDetails = lazy(async () => ({ default: (await import('./execution-details.tsx')).ExecutionDetails }));

interface Props {
  state: AnalyticsViewState;
  pageSize: number;
  /** False until the preferred page size is known (unless the URL names one): the first page is fetched once. */
  ready: boolean;
  dates: ActivityDateFormats;
  onChange: (change: Partial<AnalyticsViewState>) => void;
}

/**
 * The executions list's columns: status, tool (a button that opens the run), caller, environment, latency, time. On
 * narrower pages environment, caller, latency and time give way in that order; the run's details show them all.
 */
export function executionColumns(dates: ActivityDateFormats, onOpen: (execution: ToolExecution) => void): DataColumn<ToolExecution>[] {
  return [
    { id: 'status', header: 'Status', className: 'text-nowrap', csv: (e) => e.status, cell: (e) => <ExecutionStatusBadge status={e.status} /> },
    {
      id: 'tool',
      header: 'Tool',
      grow: true,
      csv: (e) => toolLabel(e.tool_name),
      cell: (execution) => (
        <>
          <button
            type="button"
            className="btn btn-link p-0 fw-semibold text-decoration-none text-start dt-ellipsis-inline"
            title={toolLabel(execution.tool_name)}
            aria-label={`${toolLabel(execution.tool_name)}: view details of the run at ${dates.dateTime.format(new Date(execution.created_at))}`}
            onClick={() => onOpen(execution)}
          >
            {toolLabel(execution.tool_name)}
          </button>
          {execution.error && (
            <div className="small text-danger-emphasis dt-ellipsis" title={execution.error}>
              {execution.error}
            </div>
          )}
        </>
      ),
    },
    {
      id: 'caller',
      header: 'Caller',
      priority: 4,
      className: 'small execution-caller-cell',
      csv: (e) => `${callerName(e)} (${callerTypeLabel(e.caller_type)})`,
      cell: (e) => (
        <>
          <div className="dt-ellipsis" title={callerName(e)}>
            {callerName(e)}
          </div>
          <div className="text-body-secondary">{callerTypeLabel(e.caller_type)}</div>
        </>
      ),
    },
    {
      id: 'environment',
      header: 'Environment',
      priority: 5,
      className: 'text-nowrap small',
      csv: (e) => environmentLabel(e.environment),
      cell: (e) => environmentLabel(e.environment),
    },
    {
      id: 'latency',
      header: 'Latency',
      priority: 3,
      align: 'end',
      className: 'tabular-nums text-nowrap',
      csv: (e) => e.latency_ms,
      cell: (e) => formatLatency(e.latency_ms),
    },
    {
      id: 'time',
      header: 'Time',
      priority: 2,
      className: 'text-nowrap small',
      csv: (e) => e.created_at,
      cell: (e) => (
        <time dateTime={e.created_at} title={dates.full.format(new Date(e.created_at))}>
          {dates.dateTime.format(new Date(e.created_at))}
        </time>
      ),
    },
  ];
}

/**
 * Recorded runs, newest first, server-paginated and filterable by status and caller (and by the page's tool). A row
 * opens its details: the input, output, request as sent, response, error and attempts.
 */
export function ExecutionsSection({ state, pageSize, ready, dates, onChange }: Props) {
  const { data, isPending, isError, error, isFetching, refetch } = useToolExecutions(executionsQuery(state, pageSize), ready);
  const total = data?.total ?? 0;
  const pages = pageCount(total, pageSize);
  const filtered = executionsFiltered(state);
  const rows = data?.items ?? [];
  const detailsOpened = useOpenedOnce(state.execution !== null);

  // A page past the end (an edited URL, fewer runs after a filter): show the last one.
  useEffect(() => {
    if (data && state.page > pages) onChange({ page: pages });
  }, [data, state.page, pages]);

  const clearFilters = () => onChange({ status: '', caller: '', page: 1 });
  const openExecution = (execution: ToolExecution) => onChange({ execution: execution.id });
  const columns = useMemo(() => executionColumns(dates, openExecution), [dates, onChange]);

  return (
    <section aria-labelledby="executions-title">
      <Card>
        <Card.Header className="bg-body py-3">
          <div className="d-flex flex-wrap align-items-center gap-2">
            <div className="me-auto">
              <h2 id="executions-title" className="h5 mb-0">
                Recent executions
              </h2>
              <p className="small text-body-secondary mb-0">Every recorded run, newest first. Select one for its details.</p>
            </div>
            <FilterSelect
              className="analytics-filter"
              label="Filter by status"
              allLabel="All statuses"
              value={state.status}
              options={EXECUTION_STATUS_FILTERS}
              optionLabel={(s) => EXECUTION_STATUS_LABELS[s]}
              onChange={(status) => onChange({ status, page: 1 })}
            />
            <FilterSelect
              className="analytics-filter"
              label="Filter by caller"
              allLabel="All callers"
              value={state.caller}
              options={CALLER_TYPE_FILTERS}
              optionLabel={callerTypeLabel}
              onChange={(caller) => onChange({ caller, page: 1 })}
            />
            <FilterBarEnd filtered={filtered} onClear={clearFilters} updating={isFetching && !isPending} />
            <ExportCsvButton
              size="sm"
              noun="executions"
              disabled={total === 0}
              onExport={() =>
                exportCsv(
                  columns,
                  collectPages((offset, limit) => getToolExecutions({ ...executionsQuery(state, pageSize), offset, limit })),
                  'tool-executions',
                )
              }
            />
          </div>
        </Card.Header>

        {isError ? (
          <Card.Body>
            <RetryAlert className="mb-0" onRetry={refetch}>
              Executions could not be loaded: {error.message}
            </RetryAlert>
          </Card.Body>
        ) : (
          <DataTable
            label="Recent executions"
            className="executions-table"
            rows={data?.items}
            getRowId={(e) => e.id}
            columns={columns}
            loading={isPending}
            busy={isFetching}
            onRowClick={openExecution}
            empty={filtered ? <NoMatches what="executions" onClear={clearFilters} /> : 'No executions recorded yet.'}
          />
        )}

        {data && !isError && (
          <Card.Footer className="bg-body py-3">
            <ListPagination
              id="executions-page-size"
              selectClassName="analytics-page-size"
              rangeTestId="executions-range"
              page={Math.min(state.page, pages)}
              pages={pages}
              pageSize={pageSize}
              pageSizes={PAGE_SIZES}
              range={rangeLabel(data.offset, data.items.length, total, data.total_exact !== false)}
              onPage={(page) => onChange({ page })}
              onPageSize={(size) => onChange({ size, page: 1 })}
            />
          </Card.Footer>
        )}
      </Card>

      {detailsOpened && (
        <Suspense fallback={null}>
          <ExecutionDetails
            id={state.execution}
            known={rows.find((r) => r.id === state.execution)}
            dates={dates}
            onClose={() => onChange({ execution: null })}
          />
        </Suspense>
      )}
    </section>
  );
}
