import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate } from 'react-router';
import { useLatestSearchParams } from '../../../shared/hooks/use-latest-search-params.ts';
import type { Tool } from '@admin-portal/contract/tools/api';
import { TOOL_STATUSES } from '@admin-portal/contract/tools/statuses';
import type { ToolTypeName } from '@admin-portal/contract/tools/tool-types/tool-type';
import { useOpenedOnce } from '../../../shared/hooks/use-opened-once.ts';
import { useUrlSearchText } from '../../../shared/hooks/use-url-search-text.ts';
import { dateFormats } from '../../../shared/lib/date-formats.ts';
import { pageCount } from '../../../shared/lib/pagination.ts';
import { DEFAULT_PREFERENCES, usePreferences } from '../../../shared/preferences/preferences.ts';
import { Icon } from '../../../shared/ui/icons.tsx';
import { ListPagination } from '../../../shared/ui/list-pagination.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { getToolPage, useConfigurationsOf, useToolPage, useToolTypes } from '../api/tools-api.ts';
import { collectPages, exportCsv } from '../../../shared/ui/data-table/export-csv.ts';
import { ExportCsvButton } from '../../../shared/ui/data-table/export-csv-button.tsx';
import type { ToolAbilities } from '../lib/abilities.ts';
import { referencedSecrets } from '../lib/registry/configuration-secrets.ts';
import {
  isFiltered,
  listQuery,
  listStateToParams,
  nextSort,
  PAGE_SIZES,
  parseListState,
  rangeLabel,
  toolHref,
  type DetailTab,
  type ToolListState,
} from '../lib/registry/list-state.ts';
import { TOOL_STATUS_LABELS } from '../lib/registry/tool-display.ts';
import { McpAccessPanel } from './mcp-access-panel.tsx';
import { mixesOrganizations, toolColumns, ToolsTable } from './registry/tools-table.tsx';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import './registry/tool-registry.css';
import { FilterBarEnd } from '../../../shared/ui/filter-bar-end.tsx';
import { NoMatches } from '../../../shared/ui/data-table/no-matches.tsx';
import { FilterSelect } from '../../../shared/ui/filter-select.tsx';
import { useUnmountWhenClosed } from '../../../shared/hooks/use-unmount-when-closed.ts';

const SEARCH_DELAY_MS = 300;

// The register dialog and the tool's panel (their forms' schemas, zod, react-bootstrap's Modal and Offcanvas) download
// when first opened.
const RegisterToolDialog = lazy(async () => ({ default: (await import('./registry/register-tool-dialog.tsx')).RegisterToolDialog }));
const ToolDetail = lazy(async () => ({ default: (await import('./registry/tool-detail.tsx')).ToolDetail }));

/**
 * Tools → Tool Registry: the organization's MCP tools, server-paginated, searchable, filterable by type and status
 * and sortable; registering one (from a template or a type), and per tool a panel with its definition,
 * per-environment configurations, a test console and its approval. Below, the organization's MCP endpoint and
 * API keys.
 */
/** `generate`: the app's "Generate with AI" control (from the AI feature), shown to those who may register tools. */
export function ToolsPage({ abilities, generate }: { abilities: ToolAbilities; generate?: ReactNode }) {
  const [params, setParams] = useLatestSearchParams();
  const navigate = useNavigate();
  const state = parseListState(params);
  const preferencesQuery = usePreferences();
  const preferences = preferencesQuery.data;
  const pageSize = state.size ?? preferences?.page_size ?? DEFAULT_PREFERENCES.page_size;
  const dateFormat = useMemo(() => dateFormats(preferences, { dateStyle: 'medium', timeStyle: 'short' }), [preferences]);
  const { data, isPending, isError, error, isFetching, refetch } = useToolPage(listQuery(state, pageSize), state.size !== null || !preferencesQuery.isPending);
  const types = useToolTypes();
  const typeLabels = useMemo(() => new Map((types.data?.items ?? []).map((t) => [t.type as ToolTypeName, t.label])), [types.data]);
  const typeIds = useMemo(() => [...typeLabels.keys()], [typeLabels]);
  const toolIds = useMemo(() => (data?.items ?? []).map((t) => t.id), [data]);
  const configurations = useConfigurationsOf(toolIds);
  const [registering, setRegistering] = useState<{ seq: number; open: boolean } | null>(null);
  useUnmountWhenClosed(registering, setRegistering);
  const detailOpened = useOpenedOnce(state.tool !== null);

  const patch = (change: Partial<ToolListState>, replace = true) => setParams((prev) => listStateToParams({ ...parseListState(prev), ...change }), { replace });

  // Search: typing applies after a short pause, Enter at once; the URL stays the truth.
  const searchBox = useUrlSearchText(state.q, (q) => patch({ q, page: 1 }), SEARCH_DELAY_MS);

  const filtered = isFiltered(state);
  const clearFilters = () => {
    searchBox.reset('');
    patch({ q: '', type: '', status: '', page: 1 });
  };

  const total = data?.total ?? 0;
  const pages = pageCount(total, pageSize);
  // A page past the end (after a delete, or an edited URL): show the last one.
  useEffect(() => {
    if (data && state.page > pages) patch({ page: pages });
  }, [data, state.page, pages]);

  const openRegister = () => setRegistering((r) => ({ seq: (r?.seq ?? 0) + 1, open: true }));
  const closeRegister = () => setRegistering((r) => r && { ...r, open: false });
  function onCreated(tool: Tool) {
    closeRegister();
    const tab: DetailTab = referencedSecrets(tool.config).length > 0 ? 'configurations' : 'test';
    void navigate({ search: toolHref(state, tool.id, tab) });
  }

  return (
    <>
      <header className="page-header d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h3 mb-1">{PAGE_HEADINGS['/tools'].heading}</h1>
          <p className="text-body-secondary mb-0">{PAGE_HEADINGS['/tools'].lead}</p>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Link to="/tools/analytics" className="btn btn-outline-secondary">
            <Icon name="activity" className="me-1" />
            Analytics
          </Link>
          <ExportCsvButton
            noun="tools"
            onExport={() =>
              exportCsv(
                toolColumns({
                  types: types.data?.items,
                  configurations,
                  hrefOf: (tool) => toolHref(state, tool.id),
                  dateFormat,
                  organizations: mixesOrganizations(data?.items),
                }),
                collectPages((offset, limit) => getToolPage({ ...listQuery(state, pageSize), offset, limit })),
                'tools',
              )
            }
          />
          {abilities.manage && generate}
          {abilities.manage && (
            <Button variant="primary" onClick={openRegister}>
              <span aria-hidden="true" className="me-1">
                +
              </span>
              Register tool
            </Button>
          )}
        </div>
      </header>

      <Card className="mb-4">
        <Card.Header className="bg-body py-3">
          <div className="d-flex flex-wrap align-items-center gap-2">
            <SearchBox search={searchBox} className="tools-search" placeholder="Search by name or description" label="Search tools" />
            <FilterSelect
              className="tools-filter"
              label="Filter by type"
              allLabel="All types"
              value={state.type}
              options={typeIds}
              optionLabel={(t) => typeLabels.get(t) ?? t}
              onChange={(type) => patch({ type, page: 1 })}
            >
              {state.type && !types.data && <option value={state.type}>{state.type}</option>}
            </FilterSelect>
            <FilterSelect
              className="tools-filter"
              label="Filter by status"
              allLabel="All statuses"
              value={state.status}
              options={TOOL_STATUSES}
              optionLabel={(s) => TOOL_STATUS_LABELS[s]}
              onChange={(status) => patch({ status, page: 1 })}
            />
            <FilterBarEnd filtered={filtered} onClear={clearFilters} updating={isFetching && !isPending} />
          </div>
        </Card.Header>

        {isError ? (
          <Card.Body>
            <RetryAlert className="mb-0" onRetry={refetch}>
              Tools could not be loaded: {error.message}
            </RetryAlert>
          </Card.Body>
        ) : (
          <ToolsTable
            tools={data?.items}
            loading={isPending}
            busy={isFetching}
            sort={state.sort}
            onSort={(column) => patch({ sort: nextSort(state.sort, column), page: 1 })}
            types={types.data?.items}
            configurations={configurations}
            hrefOf={(tool) => toolHref(state, tool.id)}
            dateFormat={dateFormat}
            empty={
              filtered ? (
                <NoMatches what="tools" onClear={clearFilters} />
              ) : (
                <>
                  <span className="d-block fw-semibold text-body mb-1">No tools yet</span>
                  {abilities.manage ? (
                    <>
                      Start from a template (a REST call, a webhook, a field mapping) or from scratch.{' '}
                      <button type="button" className="btn btn-link p-0 align-baseline" onClick={openRegister}>
                        Register a tool
                      </button>
                    </>
                  ) : (
                    'Tools your organization registers will be listed here.'
                  )}
                </>
              )
            }
          />
        )}

        {data && !isError && (
          <Card.Footer className="bg-body py-3">
            <ListPagination
              id="tools-page-size"
              selectClassName="w-auto"
              rangeTestId="tools-range"
              page={Math.min(state.page, pages)}
              pages={pages}
              pageSize={pageSize}
              pageSizes={PAGE_SIZES}
              range={rangeLabel(data.offset, data.items.length, total, data.total_exact !== false)}
              onPage={(page) => patch({ page })}
              onPageSize={(size) => patch({ size, page: 1 })}
            />
          </Card.Footer>
        )}
      </Card>

      <McpAccessPanel abilities={abilities} />

      <Suspense fallback={null}>
        {registering && <RegisterToolDialog key={registering.seq} show={registering.open} onClose={closeRegister} onCreated={onCreated} />}
        {detailOpened && (
          <ToolDetail
            toolId={state.tool}
            tab={state.tab}
            onTab={(tab) => patch({ tab })}
            onClose={() => patch({ tool: null, tab: 'definition' })}
            abilities={abilities}
            types={types.data?.items}
            dateFormat={dateFormat}
          />
        )}
      </Suspense>
    </>
  );
}
