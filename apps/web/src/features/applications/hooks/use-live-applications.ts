import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApplicationStreamEvent, ApplicationSummary } from '@admin-portal/contract/applications/api';
import { followLiveEvents, type LiveStatus } from '../../../shared/api/live-events.ts';
import { useApplicationPages } from '../api/applications-api.ts';
import { applyEvents, EMPTY_LIVE_ROWS, visibleRows, type LiveRows } from '../lib/live-rows.ts';
import { listFilters, type MonitorState } from '../lib/monitor-state.ts';

export const PAGE_SIZE = 50;

export interface LiveApplications {
  rows: ApplicationSummary[];
  changes: ReadonlyMap<string, number>;
  /** Cases the stream added (shown as new). */
  added: ReadonlySet<string>;
  status: LiveStatus;
  paused: boolean;
  setPaused: (paused: boolean) => void;
  /** Events received while paused, not yet shown. */
  pending: number;
  /** Events applied since the page opened. */
  applied: number;
  pages: ReturnType<typeof useApplicationPages>;
}

/**
 * The live table's data: the newest cases matching the filters (older ones page in by keyset cursor), kept current
 * by the event stream. Events are buffered and applied once per animation frame, so a burst of a thousand events a
 * second costs one render per frame; while paused they wait in the buffer and nothing is lost. `onBatch` hears every
 * applied batch (the page refreshes its counters, queue and open case from it).
 */
export function useLiveApplications(state: MonitorState, onBatch: (events: readonly ApplicationStreamEvent[]) => void): LiveApplications {
  const filters = useMemo(() => listFilters(state), [state.status, state.workflow, state.step, state.review, state.overdue, state.from, state.to, state.q]);
  const filterKey = JSON.stringify(filters);
  const pages = useApplicationPages(filters, PAGE_SIZE);
  const [live, setLive] = useState<LiveRows>(EMPTY_LIVE_ROWS);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [paused, setPausedState] = useState(false);
  const [pending, setPending] = useState(0);

  const buffer = useRef<ApplicationStreamEvent[]>([]);
  const frame = useRef<number | null>(null);
  const pausedRef = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  const pageRows = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
  const onScreenRef = useRef<(id: string) => boolean>(() => false);
  onScreenRef.current = useMemo(() => {
    const ids = new Set(pageRows.map((r) => r.id));
    return (id: string) => ids.has(id);
  }, [pageRows]);
  const onBatchRef = useRef(onBatch);
  onBatchRef.current = onBatch;

  const flush = () => {
    frame.current = null;
    if (pausedRef.current || buffer.current.length === 0) return;
    const batch = buffer.current;
    buffer.current = [];
    setLive((rows) => applyEvents(rows, batch, stateRef.current, onScreenRef.current));
    onBatchRef.current(batch);
  };

  // A new filter is a new list: what the stream added for the old one no longer applies.
  useEffect(() => {
    setLive(EMPTY_LIVE_ROWS);
  }, [filterKey]);

  useEffect(() => {
    const query = state.workflow ? `?workflow_id=${encodeURIComponent(state.workflow)}` : '';
    const stop = followLiveEvents<ApplicationStreamEvent>({
      path: `/admin/applications/stream${query}`,
      event: 'application_event',
      resumeFrom: null,
      onStatus: setStatus,
      onEvent: (event) => {
        buffer.current.push(event);
        if (pausedRef.current) setPending(buffer.current.length);
        else frame.current ??= requestAnimationFrame(flush);
      },
    });
    return () => {
      stop();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
      buffer.current = [];
    };
  }, [state.workflow]);

  const setPaused = (next: boolean) => {
    pausedRef.current = next;
    setPausedState(next);
    if (!next) {
      setPending(0);
      flush();
    } else {
      setPending(buffer.current.length);
    }
  };

  const rows = useMemo(() => visibleRows(live, pageRows), [live, pageRows]);
  const added = useMemo(() => new Set(live.added), [live.added]);
  return { rows, changes: live.changes, added, status, paused, setPaused, pending, applied: live.applied, pages };
}
