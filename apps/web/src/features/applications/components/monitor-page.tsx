import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import { useQueryClient } from '@tanstack/react-query';
import { useLatestSearchParams } from '../../../shared/hooks/use-latest-search-params.ts';
import type { ApplicationStreamEvent } from '@admin-portal/contract/applications/api';
import { APPLICATION_STATUSES } from '@admin-portal/contract/applications/statuses';
import type { LiveStatus } from '../../../shared/api/live-events.ts';
import { useOpenedOnce } from '../../../shared/hooks/use-opened-once.ts';
import { useUrlSearchText } from '../../../shared/hooks/use-url-search-text.ts';
import { dateFormats } from '../../../shared/lib/date-formats.ts';
import { usePreferences } from '../../../shared/preferences/preferences.ts';
import { FilterBarEnd } from '../../../shared/ui/filter-bar-end.tsx';
import { FilterSelect } from '../../../shared/ui/filter-select.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { collectCursorPages, exportCsv } from '../../../shared/ui/data-table/export-csv.ts';
import { ExportCsvButton } from '../../../shared/ui/data-table/export-csv-button.tsx';
import {
  APPLICATIONS_KEY,
  getApplicationPage,
  useApplicationCounts,
  useReviewCounts,
  useStaffNotifications,
  useWorkflowChoices,
  useWorkflowSteps,
} from '../api/applications-api.ts';
import { useLiveApplications } from '../hooks/use-live-applications.ts';
import type { ApplicationAbilities } from '../lib/abilities.ts';
import { statusLabel } from '../lib/application-display.ts';
import { isFiltered, listFilters, monitorStateToParams, parseMonitorState, type MonitorState, type MonitorView } from '../lib/monitor-state.ts';
import { DemoTrafficSwitch, FirstApplication } from './first-application.tsx';
import { applicationColumns, LiveTable } from './live-table.tsx';
import { MonitorCounters } from './monitor-counters.tsx';
import { NoMatches } from '../../../shared/ui/data-table/no-matches.tsx';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import './monitor.css';

// The case drawer (its action dialogs' schema, zod, react-bootstrap's Offcanvas and Modal) downloads when a case is first opened.
const ApplicationDrawer = lazy(async () => ({ default: (await import('./application-drawer.tsx')).ApplicationDrawer }));
// The review queue (its views, claim buttons, selection and bulk bar) downloads when its tab is first opened.
const ReviewQueue = lazy(async () => ({ default: (await import('./review-queue.tsx')).ReviewQueue }));
// So do the notifications addressed to the user, with their tab.
const NotificationsPanel = lazy(async () => ({ default: (await import('./notifications-panel.tsx')).NotificationsPanel }));

const STATUS_TEXT: Record<LiveStatus, string> = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…', offline: 'Offline: retrying' };
const STATUS_TONE: Record<LiveStatus, string> = { connecting: 'secondary', live: 'success', reconnecting: 'warning', offline: 'danger' };
const REFRESH_MS = 1000;
const QUEUE_EVENTS = new Set([
  'waiting',
  'review_decided',
  'review_claimed',
  'review_released',
  'review_assigned',
  'review_escalated',
  'application_cancelled',
  'application_completed',
  'application_failed',
]);

const localMidnight = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.toISOString();
};

/** Refreshes a query at most once per `ms`, however many events ask for it. */
function useThrottledRefresh(ms: number) {
  const queryClient = useQueryClient();
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  return useCallback(
    (key: readonly unknown[]) => {
      const name = JSON.stringify(key);
      if (timers.current.has(name)) return;
      timers.current.set(
        name,
        setTimeout(() => {
          timers.current.delete(name);
          void queryClient.invalidateQueries({ queryKey: key });
        }, ms),
      );
    },
    [queryClient, ms],
  );
}

/**
 * Applications → Real-time Monitor: counters and a live table of the organization's applications fed by the event
 * stream (pause, reconnect with catch-up, filters in the URL, older pages by keyset), the review queue of what the
 * user may decide, the internal notifications addressed to them, and a drawer with everything about one case.
 */
export function MonitorPage({ abilities }: { abilities: ApplicationAbilities }) {
  const [params, setParams] = useLatestSearchParams();
  const state = parseMonitorState(params);
  const preferences = usePreferences().data;
  const dateFormat = useMemo(() => dateFormats(preferences, { dateStyle: 'medium', timeStyle: 'medium' }), [preferences]);
  const [todayFrom] = useState(localMidnight);

  const patch = (change: Partial<MonitorState>, replace = true) =>
    setParams((prev) => monitorStateToParams({ ...parseMonitorState(prev), ...change }), { replace });
  const searchBox = useUrlSearchText(state.q, (q) => patch({ q }), 300);
  const openCase = useCallback((id: string) => setParams((prev) => monitorStateToParams({ ...parseMonitorState(prev), case: id })), [setParams]);
  const closeCase = () => patch({ case: '' }, false);

  const refresh = useThrottledRefresh(REFRESH_MS);
  const openCaseId = state.case;
  const caseOpened = useOpenedOnce(state.case !== '');
  const onBatch = useCallback(
    (events: readonly ApplicationStreamEvent[]) => {
      refresh([...APPLICATIONS_KEY, 'counts']);
      if (events.some((e) => QUEUE_EVENTS.has(e.type))) refresh([...APPLICATIONS_KEY, 'review-queue']);
      if (
        events.some(
          (e) =>
            (e.type === 'notification_sent' && e.data.channel === 'internal') ||
            e.type === 'review_assigned' ||
            e.type === 'review_escalated' ||
            e.type === 'note_added',
        )
      ) {
        refresh([...APPLICATIONS_KEY, 'notifications']);
      }
      if (openCaseId && events.some((e) => e.application_id === openCaseId)) refresh([...APPLICATIONS_KEY, 'detail', openCaseId]);
      if (openCaseId && events.some((e) => e.application_id === openCaseId && e.type.startsWith('note_'))) refresh([...APPLICATIONS_KEY, 'notes', openCaseId]);
    },
    [refresh, openCaseId],
  );
  const live = useLiveApplications(state, onBatch);
  const counts = useApplicationCounts(state.workflow || undefined, todayFrom);
  const queue = useReviewCounts();
  const notes = useStaffNotifications();
  const workflows = useWorkflowChoices();
  const steps = useWorkflowSteps(state.workflow);

  const filtered = isFiltered(state);
  const clearFilters = () => {
    searchBox.reset('');
    patch({ status: '', workflow: '', step: '', review: false, overdue: false, escalated: false, from: '', to: '', q: '' });
  };

  const tab = (view: MonitorView, label: string, badge?: number) => (
    <Nav.Item>
      <Nav.Link eventKey={view} as="button" type="button" role="tab" id={`monitor-tab-${view}`} aria-controls="monitor-view">
        {label}
        {badge !== undefined && badge > 0 && <span className="badge rounded-pill text-bg-primary ms-2">{badge}</span>}
      </Nav.Link>
    </Nav.Item>
  );

  // The heading and the live status are drawn in the first frame; the counters, filters and table (the page's heavier
  // first render and layout) right after, in React's background work (issue 32 item 19). Their data is asked for at once.
  const bodyDrawn = useDeferredValue(true, false);

  const pages = live.pages;
  const total = pages.data?.pages[0]?.total;
  const noneAtAll = !filtered && !pages.isPending && live.rows.length === 0;

  return (
    <>
      <header className="page-header d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h3 mb-1">{PAGE_HEADINGS['/applications'].heading}</h1>
          <p className="text-body-secondary mb-0">{PAGE_HEADINGS['/applications'].lead}</p>
        </div>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span
            className={`badge rounded-pill border bg-${STATUS_TONE[live.status]}-subtle text-${STATUS_TONE[live.status]}-emphasis border-${STATUS_TONE[live.status]}-subtle live-status`}
            role="status"
            data-testid="live-status"
            data-applied={live.applied}
          >
            <span className={`live-dot live-dot-${live.status}`} aria-hidden="true" />
            {live.paused ? 'Paused' : STATUS_TEXT[live.status]}
          </span>
          <Button variant={live.paused ? 'primary' : 'outline-secondary'} size="sm" onClick={() => live.setPaused(!live.paused)} aria-pressed={live.paused}>
            {live.paused ? `Resume${live.pending > 0 ? ` (${live.pending} new)` : ''}` : 'Pause'}
          </Button>
          <ExportCsvButton
            size="sm"
            noun="applications"
            disabled={live.rows.length === 0}
            onExport={() =>
              exportCsv(
                applicationColumns(dateFormat, openCase),
                collectCursorPages((cursor, limit) => getApplicationPage(listFilters(state), limit, cursor)),
                'applications',
              )
            }
          />
        </div>
      </header>

      {!bodyDrawn ? null : (
        <>
          <MonitorCounters counts={counts.data} loading={counts.isFetching} onFilter={(f) => patch({ ...f, view: 'live' })} />

          <Card>
            <Card.Header className="bg-body pb-0">
              <Nav
                variant="tabs"
                activeKey={state.view}
                onSelect={(key) => patch({ view: (key as MonitorView) ?? 'live' }, false)}
                className="card-header-tabs"
                role="tablist"
                aria-label="Monitor views"
              >
                {tab('live', 'Applications')}
                {tab('queue', 'Review queue', queue.data?.roles)}
                {tab('notifications', 'Notifications', notes.data?.unread)}
              </Nav>
            </Card.Header>

            {/* The tabs' one panel: what the chosen view shows. */}
            <div role="tabpanel" id="monitor-view" aria-labelledby={`monitor-tab-${state.view}`}>
              {state.view === 'live' && (
                <>
                  <Card.Body className="py-3 border-bottom">
                    <div className="d-flex flex-wrap align-items-center gap-2 monitor-filters">
                      <SearchBox search={searchBox} className="monitor-search" placeholder="Search by name, email or reference" label="Search applications" />
                      <FilterSelect
                        className="monitor-filter"
                        label="Filter by status"
                        allLabel="All statuses"
                        value={state.status}
                        options={APPLICATION_STATUSES}
                        optionLabel={statusLabel}
                        onChange={(status) => patch({ status })}
                      />
                      <FilterSelect
                        className="monitor-filter"
                        label="Filter by workflow"
                        allLabel="All workflows"
                        value={state.workflow}
                        options={(workflows.data?.items ?? []).map((w) => w.id)}
                        optionLabel={(id) => workflows.data?.items.find((w) => w.id === id)?.name ?? id}
                        onChange={(workflow) => patch({ workflow, step: '' })}
                      />
                      {state.workflow && (
                        <FilterSelect
                          className="monitor-filter"
                          label="Filter by current step"
                          allLabel="Any step"
                          value={state.step}
                          options={(steps.data ?? []).map((s) => s.id)}
                          optionLabel={(id) => steps.data?.find((s) => s.id === id)?.name ?? id}
                          onChange={(step) => patch({ step })}
                        />
                      )}
                      <Form.Check
                        type="switch"
                        id="filter-review"
                        label="Waiting for review"
                        checked={state.review}
                        onChange={(e) => patch({ review: e.target.checked })}
                      />
                      <Form.Check
                        type="switch"
                        id="filter-overdue"
                        label="Overdue"
                        checked={state.overdue}
                        onChange={(e) => patch({ overdue: e.target.checked })}
                      />
                      <Form.Check
                        type="switch"
                        id="filter-escalated"
                        label="Escalated"
                        checked={state.escalated}
                        onChange={(e) => patch({ escalated: e.target.checked })}
                      />
                      <Form.Group controlId="filter-from" className="d-flex align-items-center gap-1">
                        <Form.Label className="small mb-0 text-nowrap">From</Form.Label>
                        <Form.Control type="date" size="sm" value={state.from} max={state.to || undefined} onChange={(e) => patch({ from: e.target.value })} />
                      </Form.Group>
                      <Form.Group controlId="filter-to" className="d-flex align-items-center gap-1">
                        <Form.Label className="small mb-0 text-nowrap">To</Form.Label>
                        <Form.Control type="date" size="sm" value={state.to} min={state.from || undefined} onChange={(e) => patch({ to: e.target.value })} />
                      </Form.Group>
                      <FilterBarEnd filtered={filtered} onClear={clearFilters} updating={pages.isFetching && !pages.isPending} />
                    </div>
                  </Card.Body>
                  {pages.isError ? (
                    <Card.Body>
                      <RetryAlert className="mb-0" onRetry={() => void pages.refetch()}>
                        Applications could not be loaded: {pages.error.message}
                      </RetryAlert>
                    </Card.Body>
                  ) : (
                    <LiveTable
                      rows={live.rows}
                      loading={pages.isPending}
                      busy={pages.isFetching}
                      changes={live.changes}
                      added={live.added}
                      dateFormat={dateFormat}
                      onOpen={openCase}
                      empty={noneAtAll ? <FirstApplication administer={abilities.administer} /> : <NoMatches what="applications" onClear={clearFilters} />}
                    />
                  )}
                  {pages.data && live.rows.length > 0 && (
                    <Card.Footer className="bg-body py-3 d-flex flex-wrap align-items-center gap-3">
                      <span className="small text-body-secondary tabular-nums" data-testid="monitor-range" aria-live="polite">
                        {live.rows.length.toLocaleString()} shown
                        {total !== undefined && ` of ${pages.data.pages[0]?.total_exact === false ? 'more than ' : ''}${total.toLocaleString()} at load`}
                        {live.added.size > 0 && ` · ${live.added.size} new since`}
                      </span>
                      {pages.hasNextPage && (
                        <Button
                          variant="outline-secondary"
                          size="sm"
                          className="ms-auto"
                          onClick={() => void pages.fetchNextPage()}
                          disabled={pages.isFetchingNextPage}
                        >
                          {pages.isFetchingNextPage ? 'Loading…' : 'Load older'}
                        </Button>
                      )}
                    </Card.Footer>
                  )}
                </>
              )}
              {state.view === 'queue' && (
                <Suspense fallback={<Card.Body className="text-body-secondary small">Loading the review queue…</Card.Body>}>
                  <ReviewQueue
                    dateFormat={dateFormat}
                    abilities={abilities}
                    view={state.queue}
                    counts={queue.data}
                    onView={(view) => patch({ queue: view })}
                    onOpen={openCase}
                  />
                </Suspense>
              )}
              {state.view === 'notifications' && (
                <Suspense fallback={<Card.Body className="text-body-secondary small">Loading your notifications…</Card.Body>}>
                  <NotificationsPanel dateFormat={dateFormat} onOpen={openCase} />
                </Suspense>
              )}
            </div>
          </Card>

          {abilities.administer && !noneAtAll && (
            <details className="mt-3 small">
              <summary>Demo traffic</summary>
              <DemoTrafficSwitch />
            </details>
          )}

          {caseOpened && (
            <Suspense fallback={null}>
              <ApplicationDrawer id={state.case || null} abilities={abilities} dateFormat={dateFormat} onClose={closeCase} />
            </Suspense>
          )}
        </>
      )}
    </>
  );
}
