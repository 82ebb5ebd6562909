import { LIST_LIMIT_MAX } from '@admin-portal/contract/list-limits';
import type { ExecutionListQuery } from '../api/tool-activity-api.ts';
import { rowRange } from '../../../shared/lib/pagination.ts';

/**
 * The Tool Analytics page's state, kept in the URL (`?days=&tool=&status=&caller=&page=&size=&execution=`) so a
 * reload, the back button or a shared link shows the same view. Only what differs from the defaults is written.
 */

export const WINDOWS = [
  { days: 1, label: '24 hours' },
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
] as const;
export type WindowDays = (typeof WINDOWS)[number]['days'];
export const DEFAULT_DAYS: WindowDays = 7;

export const EXECUTION_STATUS_FILTERS = ['success', 'error', 'timeout', 'refused'] as const;
export type ExecutionStatusFilter = (typeof EXECUTION_STATUS_FILTERS)[number];
export const CALLER_TYPE_FILTERS = ['test', 'mcp', 'workflow'] as const;
export type CallerTypeFilter = (typeof CALLER_TYPE_FILTERS)[number];

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface AnalyticsViewState {
  days: WindowDays;
  /** One tool's id; '' = every tool. */
  tool: string;
  status: ExecutionStatusFilter | '';
  caller: CallerTypeFilter | '';
  /** The executions table's page, 1-based. */
  page: number;
  /** Rows per page chosen here; null = the user's preference. */
  size: number | null;
  /** The execution whose details are open. */
  execution: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const oneOf = <T extends string | number>(list: readonly T[], value: unknown): value is T => (list as readonly unknown[]).includes(value);

export function parseAnalyticsState(params: URLSearchParams): AnalyticsViewState {
  const days = Number(params.get('days'));
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('size') ?? '', 10);
  const tool = params.get('tool') ?? '';
  const status = params.get('status');
  const caller = params.get('caller');
  const execution = params.get('execution') ?? '';
  const windowDays = WINDOWS.map((w) => w.days);
  return {
    days: oneOf(windowDays, days) ? days : DEFAULT_DAYS,
    tool: UUID.test(tool) ? tool.toLowerCase() : '',
    status: oneOf(EXECUTION_STATUS_FILTERS, status) ? status : '',
    caller: oneOf(CALLER_TYPE_FILTERS, caller) ? caller : '',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    size: oneOf(PAGE_SIZES, size) ? size : null,
    execution: UUID.test(execution) ? execution.toLowerCase() : null,
  };
}

export function analyticsStateToParams(state: AnalyticsViewState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.days !== DEFAULT_DAYS) params.set('days', String(state.days));
  if (state.tool) params.set('tool', state.tool);
  if (state.status) params.set('status', state.status);
  if (state.caller) params.set('caller', state.caller);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.size !== null) params.set('size', String(state.size));
  if (state.execution) params.set('execution', state.execution);
  return params;
}

/** Whether the executions table is narrowed by a status or caller filter (the tool filter narrows the whole page). */
export const executionsFiltered = (state: AnalyticsViewState): boolean => !!(state.status || state.caller);

/** One page of executions, as GET /admin/tools/executions reads it. */
export function executionsQuery(state: AnalyticsViewState, pageSize: number): ExecutionListQuery {
  const limit = Math.min(Math.max(1, pageSize), LIST_LIMIT_MAX);
  const query: ExecutionListQuery = { limit, offset: (state.page - 1) * limit };
  if (state.tool) query.tool_id = state.tool;
  if (state.status) query.status = state.status;
  if (state.caller) query.caller_type = state.caller;
  return query;
}

/** "x–y of total" for the rows on screen (the shared rowRange). */
export { rowRange as rangeLabel };
