import type { AuditLogFilter } from '@admin-portal/contract/system/audit';

/** The audit log's filters as the URL keeps them (`/audit-log?target_type=user&target_id=…`), every one text. */
export interface AuditFilters {
  q: string;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  /** Days (YYYY-MM-DD), both included. */
  from: string;
  to: string;
}

export const FILTER_KEYS = ['q', 'actor', 'action', 'target_type', 'target_id', 'from', 'to'] as const satisfies readonly (keyof AuditFilters)[];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseFilters(params: URLSearchParams): AuditFilters {
  const get = (key: keyof AuditFilters) => params.get(key)?.trim() ?? '';
  const day = (key: 'from' | 'to') => (DAY.test(get(key)) ? get(key) : '');
  return {
    q: get('q'),
    actor: get('actor'),
    action: get('action'),
    target_type: get('target_type'),
    target_id: get('target_id'),
    from: day('from'),
    to: day('to'),
  };
}

/** The URL's search for these filters: empty ones are left out, so a plain `/audit-log` shows everything. */
export function filtersToParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  return params;
}

export const isFiltered = (filters: AuditFilters): boolean => FILTER_KEYS.some((key) => filters[key] !== '');

/** The day after `day` (YYYY-MM-DD), in UTC. */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The server's query for these filters: days are UTC days, and `to` includes its whole day (the server's `to` is exclusive). */
export function filterQuery(filters: AuditFilters): AuditLogFilter {
  const query: AuditLogFilter = {};
  if (filters.q) query.q = filters.q;
  if (filters.actor) query.actor = filters.actor;
  if (filters.action) query.action = filters.action;
  if (filters.target_type) query.target_type = filters.target_type;
  if (filters.target_id) query.target_id = filters.target_id;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = nextDay(filters.to);
  return query;
}

/** "25 of 1,000+" style count of what is loaded against what matches (the server counts up to its cap). */
export function loadedLabel(loaded: number, total: number, exact: boolean): string {
  return `${loaded.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}${exact ? '' : '+'}`;
}
