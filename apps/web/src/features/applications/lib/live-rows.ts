import type { ApplicationStreamEvent, ApplicationSummary } from '@admin-portal/contract/applications/api';
import type { MonitorState } from './monitor-state.ts';
import { localDayStart } from './monitor-state.ts';

/**
 * The live table's rows: the pages read from the list, overlaid with what the stream has said since. A case the
 * stream reports that is not on screen and matches the filters is added at the top (marked new); one on screen is
 * updated in place (marked changed); an erased one leaves. Pure, so one animation frame applies a whole batch.
 */
export interface LiveRows {
  /** The latest known state of each case the stream has mentioned. */
  latest: ReadonlyMap<string, ApplicationSummary>;
  /** Cases added by the stream, newest first (not in the fetched pages). */
  added: readonly string[];
  /** Erased cases. */
  gone: ReadonlySet<string>;
  /** How many times each case changed (a row's highlight restarts on each change). */
  changes: ReadonlyMap<string, number>;
  /** Events applied so far. */
  applied: number;
}

export const EMPTY_LIVE_ROWS: LiveRows = { latest: new Map(), added: [], gone: new Set(), changes: new Map(), applied: 0 };

/** Whether a case belongs in the list under the monitor's filters (the same rules as the server's list). */
export function matchesFilters(a: ApplicationSummary, s: MonitorState, now = Date.now()): boolean {
  if (s.status && a.status !== s.status) return false;
  if (s.workflow && a.workflow_id !== s.workflow) return false;
  if (s.step && a.current_step_id !== s.step) return false;
  if (s.review && !(a.status === 'waiting' && a.waiting_for === 'approval')) return false;
  if (s.overdue && !(a.review_due_at !== null && Date.parse(a.review_due_at) < now)) return false;
  if (s.escalated && a.escalated_at === null) return false;
  const created = Date.parse(a.created_at);
  if (s.from && created < localDayStart(s.from).getTime()) return false;
  if (s.to) {
    const end = localDayStart(s.to);
    end.setDate(end.getDate() + 1);
    if (created >= end.getTime()) return false;
  }
  const q = s.q.trim().toLowerCase();
  if (q && ![a.applicant_name, a.applicant_email, a.external_ref ?? ''].some((text) => text.toLowerCase().includes(q))) return false;
  return true;
}

/** Whether `a` is at least as recent as `b` (the server writes every instant as a 24-character UTC ISO string, which sorts as text). */
const newer = (a: ApplicationSummary, b: ApplicationSummary | undefined) =>
  !b || (a.updated_at.length === b.updated_at.length ? a.updated_at >= b.updated_at : Date.parse(a.updated_at) >= Date.parse(b.updated_at));

/** Applies a batch of stream events (in stream order) to the rows; `onScreen` says whether a case is in the fetched pages. */
export function applyEvents(rows: LiveRows, events: readonly ApplicationStreamEvent[], filters: MonitorState, onScreen: (id: string) => boolean): LiveRows {
  if (events.length === 0) return rows;
  const latest = new Map(rows.latest);
  const gone = new Set(rows.gone);
  const changes = new Map(rows.changes);
  const addedNow: string[] = [];
  const known = new Set(rows.added);
  for (const event of events) {
    const id = event.application_id;
    const summary = event.application;
    if (!summary) {
      if (event.type !== 'application_created' || onScreen(id) || known.has(id)) gone.add(id);
      continue;
    }
    if (!newer(summary, latest.get(id))) continue;
    latest.set(id, summary);
    changes.set(id, (changes.get(id) ?? 0) + 1);
    if (!onScreen(id) && !known.has(id) && matchesFilters(summary, filters)) {
      known.add(id);
      addedNow.push(id);
    }
  }
  // Newest first: the last new case of the batch goes on top.
  return { latest, gone, changes, added: [...addedNow.reverse(), ...rows.added], applied: rows.applied + events.length };
}

/** The rows to show: the stream's new cases, then the fetched pages, each at its latest state, erased ones left out. */
export function visibleRows(rows: LiveRows, pages: readonly ApplicationSummary[]): ApplicationSummary[] {
  const out: ApplicationSummary[] = [];
  const seen = new Set<string>();
  for (const id of rows.added) {
    const row = rows.latest.get(id);
    if (row && !rows.gone.has(id) && !seen.has(id)) {
      seen.add(id);
      out.push(row);
    }
  }
  for (const page of pages) {
    if (rows.gone.has(page.id) || seen.has(page.id)) continue;
    seen.add(page.id);
    const live = rows.latest.get(page.id);
    out.push(live && newer(live, page) ? live : page);
  }
  return out;
}
