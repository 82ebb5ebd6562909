import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import type { AuditLogEntry } from '@admin-portal/contract/system/audit';
import { AUDIT_TARGET_TYPES } from '@admin-portal/contract/system/audit-changes';
import { auditActionLabel } from '@admin-portal/contract/system/audit-actions';
import { useUrlSearchText } from '../../../shared/hooks/use-url-search-text.ts';
import { dateFormats } from '../../../shared/lib/date-formats.ts';
import { usePreferences } from '../../../shared/preferences/preferences.ts';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table.tsx';
import { ExportCsvButton } from '../../../shared/ui/data-table/export-csv-button.tsx';
import { NoMatches } from '../../../shared/ui/data-table/no-matches.tsx';
import { FilterBarEnd } from '../../../shared/ui/filter-bar-end.tsx';
import { FilterSelect } from '../../../shared/ui/filter-select.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { exportAuditLogsCsv } from '../api/export-audit-logs.ts';
import { useAuditLogs } from '../api/get-audit-logs.ts';
import { filterQuery, filtersToParams, isFiltered, loadedLabel, parseFilters, type AuditFilters } from '../lib/filters.ts';
import { actorLabel, targetCell, targetTypeLabel } from '../lib/labels.ts';
import { ActionFilter } from './action-filter.tsx';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import './audit.css';
import { useUnmountWhenClosed } from '../../../shared/hooks/use-unmount-when-closed.ts';

// The entry's dialog (react-bootstrap's Modal with it) downloads when one is first opened.
const AuditDetailDialog = lazy(async () => ({ default: (await import('./audit-detail-dialog.tsx')).AuditDetailDialog }));

const TYPING_DELAY_MS = 400;

/** A text filter kept in the URL: applies after a pause in typing, or at once on Enter. */
function TextFilter({
  label,
  placeholder,
  value,
  onApply,
  maxLength,
}: {
  label: string;
  placeholder: string;
  value: string;
  onApply: (v: string) => void;
  maxLength: number;
}) {
  const text = useUrlSearchText(value, onApply, TYPING_DELAY_MS);
  return (
    <Form onSubmit={text.onSubmit} className="audit-filter-text">
      <Form.Control aria-label={label} placeholder={placeholder} value={text.text} maxLength={maxLength} onChange={(e) => text.setText(e.target.value)} />
    </Form>
  );
}

/**
 * Administration → Audit Log: every recorded change, newest first, filtered in the URL, loaded page by page. On
 * narrower pages Organization, Target, Actor and Action give way in that order, each then said under the change
 * (and in the entry's Details).
 */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(params);
  const paramsKey = params.toString();
  const query = useMemo(() => filterQuery(parseFilters(new URLSearchParams(paramsKey))), [paramsKey]);
  const { data, isPending, isError, error, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useAuditLogs(query);
  const prefs = usePreferences().data;
  const format = useMemo(() => dateFormats(prefs, { dateStyle: 'medium', timeStyle: 'medium' }), [prefs]);
  const [detail, setDetail] = useState<{ entry: AuditLogEntry; open: boolean } | null>(null);
  useUnmountWhenClosed(detail, setDetail);

  // Filters applied together (two boxes' pauses ending at once) build on each other, not on the same stale URL.
  const latest = useRef(filters);
  latest.current = filters;
  const update = (patch: Partial<AuditFilters>) => {
    latest.current = { ...latest.current, ...patch };
    setParams(filtersToParams(latest.current), { replace: true });
  };
  const search = useUrlSearchText(filters.q, (q) => update({ q }), TYPING_DELAY_MS);
  const clear = () => {
    search.reset('');
    setParams(new URLSearchParams(), { replace: true });
  };

  const rows = useMemo(() => data?.pages.flatMap((p) => p.items) ?? [], [data]);
  const first = data?.pages[0];
  const filtered = isFiltered(filters);

  const columns = useMemo<DataColumn<AuditLogEntry>[]>(
    () => [
      {
        id: 'time',
        header: 'Time',
        // The date above the time: half as wide as both on one line.
        cell: (r) => (
          <time dateTime={r.created_at} className="d-block text-nowrap small" title={format.full.format(new Date(r.created_at))}>
            {format.date.format(new Date(r.created_at))}
            <span className="d-block text-body-secondary">{format.time.format(new Date(r.created_at))}</span>
          </time>
        ),
      },
      {
        id: 'actor',
        header: 'Actor',
        priority: 3,
        className: 'audit-text-cell',
        fold: (r) => actorLabel(r),
        cell: (r) => (
          <span className="dt-ellipsis" title={r.actor.email ?? actorLabel(r)}>
            {actorLabel(r)}
          </span>
        ),
      },
      // Words, not codes: the code (user.create) and the target's id are in the row's details and the CSV.
      {
        id: 'action',
        header: 'Action',
        priority: 2,
        className: 'audit-text-cell',
        fold: (r) => auditActionLabel(r.action),
        cell: (r) => (
          <span className="dt-ellipsis" title={`${auditActionLabel(r.action)} (${r.action})`}>
            {auditActionLabel(r.action)}
          </span>
        ),
      },
      {
        id: 'target',
        header: 'Target',
        priority: 5,
        className: 'audit-text-cell',
        fold: (r) => {
          const target = targetCell(r);
          return target.sub ? `${target.main} (${target.sub})` : target.main;
        },
        cell: (r) => {
          const target = targetCell(r);
          return (
            <>
              <div className="dt-ellipsis" title={target.main}>
                {target.main}
              </div>
              {target.sub && <div className="small text-body-secondary dt-ellipsis">{target.sub}</div>}
            </>
          );
        },
      },
      {
        id: 'organization',
        header: 'Organization',
        priority: 6,
        className: 'audit-text-cell',
        fold: (r) => r.organization?.name ?? '—',
        cell: (r) => (
          <span className="dt-ellipsis" title={r.organization?.name ?? undefined}>
            {r.organization?.name ?? '—'}
          </span>
        ),
      },
      {
        id: 'summary',
        header: 'Change',
        grow: true,
        cell: (r) => (
          <div className="dt-ellipsis" title={r.summary}>
            {r.summary || '—'}
          </div>
        ),
      },
      {
        id: 'details',
        header: 'Details',
        hideHeader: true,
        actions: true,
        align: 'end',
        cell: (r) => (
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => setDetail({ entry: r, open: true })}
            aria-label={`Details of ${auditActionLabel(r.action)} by ${actorLabel(r)}`}
          >
            Details
          </Button>
        ),
      },
    ],
    [format],
  );

  return (
    <>
      <header className="page-header d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h3 mb-1">{PAGE_HEADINGS['/audit-log'].heading}</h1>
          <p className="text-body-secondary mb-0">{PAGE_HEADINGS['/audit-log'].lead}</p>
        </div>
        <ExportCsvButton noun="audit log entries" onExport={() => exportAuditLogsCsv(query)} />
      </header>

      <Card>
        <Card.Header className="bg-body py-3">
          <div className="d-flex flex-wrap align-items-center gap-2">
            <SearchBox search={search} className="audit-search" placeholder="Search action codes, target ids, emails, changes" label="Search the audit log" />
            <TextFilter label="Filter by actor" placeholder="Actor email or id" value={filters.actor} maxLength={254} onApply={(actor) => update({ actor })} />
            <ActionFilter value={filters.action} onChange={(action) => update({ action })} />
            <FilterSelect
              className="audit-filter-text"
              label="Filter by target type"
              allLabel="All targets"
              value={filters.target_type}
              options={
                AUDIT_TARGET_TYPES.includes(filters.target_type as never) || !filters.target_type
                  ? AUDIT_TARGET_TYPES
                  : [...AUDIT_TARGET_TYPES, filters.target_type]
              }
              optionLabel={targetTypeLabel}
              onChange={(target_type) => update({ target_type })}
            />
            <TextFilter
              label="Filter by target id"
              placeholder="Target id"
              value={filters.target_id}
              maxLength={200}
              onApply={(target_id) => update({ target_id })}
            />
            <Form.Control
              type="date"
              className="audit-filter-date"
              aria-label="From day"
              value={filters.from}
              max={filters.to || undefined}
              onChange={(e) => update({ from: e.target.value })}
            />
            <Form.Control
              type="date"
              className="audit-filter-date"
              aria-label="To day"
              value={filters.to}
              min={filters.from || undefined}
              onChange={(e) => update({ to: e.target.value })}
            />
            <FilterBarEnd filtered={filtered} onClear={clear} updating={isFetching && !isPending && !isFetchingNextPage} />
          </div>
        </Card.Header>

        {isError ? (
          <Card.Body>
            <RetryAlert className="mb-0" onRetry={refetch} retryLabel="Try again">
              {error.message}
            </RetryAlert>
          </Card.Body>
        ) : (
          <DataTable
            label="Audit log"
            rows={data ? rows : undefined}
            getRowId={(r) => r.id}
            columns={columns}
            loading={isPending}
            busy={isFetching}
            onRowClick={(r) => setDetail({ entry: r, open: true })}
            fold="summary"
            scrollable
            empty={filtered ? <NoMatches what="audit log entries" onClear={clear} /> : 'Nothing has been recorded yet.'}
          />
        )}

        {first && (
          <Card.Footer className="bg-body py-3 d-flex flex-wrap align-items-center gap-3">
            <span className="text-body-secondary small" data-testid="audit-range">
              Showing {loadedLabel(rows.length, Math.max(first.total, rows.length), first.total_exact)}
            </span>
            {hasNextPage && (
              <Button variant="outline-primary" size="sm" className="ms-auto" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                {isFetchingNextPage && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                Load more
              </Button>
            )}
          </Card.Footer>
        )}
      </Card>

      {detail && (
        <Suspense fallback={null}>
          <AuditDetailDialog
            entry={detail.entry}
            show={detail.open}
            onClose={() => setDetail((d) => d && { ...d, open: false })}
            onExited={() => setDetail(null)}
            format={format}
          />
        </Suspense>
      )}
    </>
  );
}
