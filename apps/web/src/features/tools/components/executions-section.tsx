import { useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import Placeholder from 'react-bootstrap/Placeholder';
import Table from 'react-bootstrap/Table';
import type { ToolExecution } from '@admin-portal/contract/tools/api';
import { pageCount } from '../../../shared/lib/pagination.ts';
import { ListPagination } from '../../../shared/ui/list-pagination.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { useToolExecutions } from '../api/tool-activity-api.ts';
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
import { ExecutionDetails } from './execution-details.tsx';
import { ExecutionStatusBadge } from './execution-status-badge.tsx';
import { FilterBarEnd } from '../../../shared/ui/filter-bar-end.tsx';
import { FilterSelect } from '../../../shared/ui/filter-select.tsx';

interface Props {
  state: AnalyticsViewState;
  pageSize: number;
  /** False until the preferred page size is known (unless the URL names one): the first page is fetched once. */
  ready: boolean;
  dates: ActivityDateFormats;
  onChange: (change: Partial<AnalyticsViewState>) => void;
}

const COLUMNS = 6;

function ExecutionRow({ execution, dates, onOpen }: { execution: ToolExecution; dates: ActivityDateFormats; onOpen: () => void }) {
  return (
    <tr className="execution-row" onClick={onOpen}>
      <td>
        <ExecutionStatusBadge status={execution.status} />
      </td>
      <td className="execution-tool-cell">
        <button
          type="button"
          className="btn btn-link p-0 fw-semibold text-decoration-none text-start"
          aria-label={`${toolLabel(execution.tool_name)}: view details of the run at ${dates.dateTime.format(new Date(execution.created_at))}`}
          onClick={(e) => {
            e.stopPropagation();
            onOpen();
          }}
        >
          {toolLabel(execution.tool_name)}
        </button>
        {execution.error && (
          <div className="small text-danger-emphasis text-truncate execution-error" title={execution.error}>
            {execution.error}
          </div>
        )}
      </td>
      <td className="small">
        <div className="text-truncate execution-caller">{callerName(execution)}</div>
        <div className="text-body-secondary">{callerTypeLabel(execution.caller_type)}</div>
      </td>
      <td className="text-nowrap small">{environmentLabel(execution.environment)}</td>
      <td className="text-end tabular-nums text-nowrap">{formatLatency(execution.latency_ms)}</td>
      <td className="text-nowrap small">
        <time dateTime={execution.created_at} title={dates.full.format(new Date(execution.created_at))}>
          {dates.dateTime.format(new Date(execution.created_at))}
        </time>
      </td>
    </tr>
  );
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

  // A page past the end (an edited URL, fewer runs after a filter): show the last one.
  useEffect(() => {
    if (data && state.page > pages) onChange({ page: pages });
  }, [data, state.page, pages]);

  const clearFilters = () => onChange({ status: '', caller: '', page: 1 });

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
          </div>
        </Card.Header>

        {isError ? (
          <Card.Body>
            <RetryAlert className="mb-0" onRetry={refetch}>
              Executions could not be loaded: {error.message}
            </RetryAlert>
          </Card.Body>
        ) : (
          <div className="table-responsive">
            <Table hover className="mb-0 align-middle data-table executions-table" aria-label="Recent executions" aria-busy={isFetching}>
              <thead>
                <tr>
                  <th scope="col">Status</th>
                  <th scope="col">Tool</th>
                  <th scope="col">Caller</th>
                  <th scope="col">Environment</th>
                  <th scope="col" className="text-end">
                    Latency
                  </th>
                  <th scope="col">Time</th>
                </tr>
              </thead>
              <tbody>
                {isPending &&
                  Array.from({ length: 5 }, (_, i) => (
                    <tr key={i} aria-hidden="true">
                      <td colSpan={COLUMNS}>
                        <Placeholder animation="glow">
                          <Placeholder xs={1} /> <Placeholder xs={3} /> <Placeholder xs={2} /> <Placeholder xs={2} />
                        </Placeholder>
                      </td>
                    </tr>
                  ))}
                {rows.map((execution) => (
                  <ExecutionRow key={execution.id} execution={execution} dates={dates} onOpen={() => onChange({ execution: execution.id })} />
                ))}
                {!isPending && rows.length === 0 && (
                  <tr>
                    <td colSpan={COLUMNS} className="text-center py-5 text-body-secondary">
                      {filtered ? (
                        <>
                          No executions match these filters.{' '}
                          <button type="button" className="btn btn-link p-0 align-baseline" onClick={clearFilters}>
                            Clear filters
                          </button>
                        </>
                      ) : (
                        'No executions recorded yet.'
                      )}
                    </td>
                  </tr>
                )}
              </tbody>
            </Table>
          </div>
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

      <ExecutionDetails id={state.execution} known={rows.find((r) => r.id === state.execution)} dates={dates} onClose={() => onChange({ execution: null })} />
    </section>
  );
}
