import type { ApplicationListQuery } from '@admin-portal/contract/applications/api';
import { APPLICATION_STATUSES, type ApplicationStatus } from '@admin-portal/contract/applications/statuses';

/**
 * The Real-time Monitor's state, kept in the URL (`?view=&queue=&status=&workflow=&step=&review=1&overdue=1&escalated=1&from=&to=&q=&case=`)
 * so a reload, the back button or a shared link shows the same view and the same open case. Only what differs from
 * the defaults is written.
 */
export const MONITOR_VIEWS = ['live', 'queue', 'notifications'] as const;
export type MonitorView = (typeof MONITOR_VIEWS)[number];

/**
 * Which reviews the queue shows (`?queue=`): all of the user's roles (the default), the ones they have, the ones
 * nobody has yet, or one person's (a lead's view: their user id).
 */
export const QUEUE_VIEWS = ['roles', 'mine', 'unclaimed'] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];

export interface MonitorState {
  view: MonitorView;
  /** The review queue's view, or a person's user id. */
  queue: QueueView | string;
  status: ApplicationStatus | '';
  workflow: string;
  step: string;
  review: boolean;
  overdue: boolean;
  /** Only cases with an escalated review. */
  escalated: boolean;
  /** yyyy-mm-dd, created on or after (local day). */
  from: string;
  /** yyyy-mm-dd, created on or before (local day, inclusive). */
  to: string;
  q: string;
  /** The case open in the drawer. */
  case: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const QUERY_MAX = 200;

const oneOf = <T extends string>(list: readonly T[], value: string | null): value is T => value !== null && (list as readonly string[]).includes(value);
const uuid = (v: string | null) => (v && UUID.test(v) ? v.toLowerCase() : '');
const day = (v: string | null) => (v && DAY.test(v) && !Number.isNaN(Date.parse(v)) ? v : '');

export function parseMonitorState(params: URLSearchParams): MonitorState {
  const view = params.get('view');
  const status = params.get('status');
  return {
    view: oneOf(MONITOR_VIEWS, view) ? view : 'live',
    queue: oneOf(QUEUE_VIEWS, params.get('queue')) ? params.get('queue')! : uuid(params.get('queue')) || 'roles',
    status: oneOf(APPLICATION_STATUSES, status) ? status : '',
    workflow: uuid(params.get('workflow')),
    step: uuid(params.get('step')),
    review: params.get('review') === '1',
    overdue: params.get('overdue') === '1',
    escalated: params.get('escalated') === '1',
    from: day(params.get('from')),
    to: day(params.get('to')),
    q: (params.get('q') ?? '').slice(0, QUERY_MAX),
    case: uuid(params.get('case')),
  };
}

export function monitorStateToParams(state: MonitorState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view !== 'live') params.set('view', state.view);
  if (state.queue !== 'roles') params.set('queue', state.queue);
  if (state.status) params.set('status', state.status);
  if (state.workflow) params.set('workflow', state.workflow);
  if (state.step) params.set('step', state.step);
  if (state.review) params.set('review', '1');
  if (state.overdue) params.set('overdue', '1');
  if (state.escalated) params.set('escalated', '1');
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.q.trim()) params.set('q', state.q);
  if (state.case) params.set('case', state.case);
  return params;
}

export const isFiltered = (s: MonitorState): boolean =>
  !!(s.status || s.workflow || s.step || s.review || s.overdue || s.escalated || s.from || s.to || s.q.trim());

/** Local midnight of a yyyy-mm-dd day, as an instant. */
export const localDayStart = (dayText: string): Date => {
  const [y, m, d] = dayText.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** The list call's filters (GET /admin/applications), dates as instants of the user's local days. */
export function listFilters(s: MonitorState): Omit<ApplicationListQuery, 'limit' | 'offset' | 'cursor'> {
  const to = s.to ? localDayStart(s.to) : null;
  if (to) to.setDate(to.getDate() + 1);
  return {
    status: s.status || undefined,
    workflow_id: s.workflow || undefined,
    current_step_id: s.step || undefined,
    waiting_for_review: s.review ? 'true' : undefined,
    overdue: s.overdue ? 'true' : undefined,
    escalated: s.escalated ? 'true' : undefined,
    from: s.from ? localDayStart(s.from).toISOString() : undefined,
    to: to ? to.toISOString() : undefined,
    q: s.q.trim() || undefined,
  };
}
