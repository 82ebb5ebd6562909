import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CALLER_TYPES, EXECUTION_STATUSES } from '@admin-portal/contract/tools/statuses';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import type { CallInput, CallOutput } from '../../../shared/api/endpoint-call.ts';

/*
 * What tools did and who may call them: analytics, recorded executions, the MCP endpoint and the organization's
 * API keys. The Tool Registry's own reads and changes live in tools-api.ts.
 */

/** Every analytics and execution query starts with this key, so one invalidation refreshes the whole page. */
export const TOOL_ACTIVITY_KEY = ['tool-activity'] as const;
export const API_KEYS_KEY = ['api-keys'] as const;
export const MCP_INFO_KEY = ['mcp-info'] as const;

// ---------------------------------------------------------------------------------------------
// Analytics and executions

export interface AnalyticsQuery {
  days: number;
  /** One tool's analytics; null = every tool of the organization (with the per-tool breakdown). */
  toolId: string | null;
}

export const toolAnalyticsQueryOptions = ({ days, toolId }: AnalyticsQuery) =>
  queryOptions({
    queryKey: [...TOOL_ACTIVITY_KEY, 'analytics', toolId, days],
    queryFn: async ({ signal }) =>
      unwrap(
        toolId
          ? await call('GET /api/admin/tools/:id/analytics', { params: { id: toolId }, query: { days }, signal })
          : await call('GET /api/admin/tools/analytics', { query: { days }, signal }),
      ),
    placeholderData: keepPreviousData,
  });

export function useToolAnalytics(query: AnalyticsQuery) {
  return useQuery(toolAnalyticsQueryOptions(query));
}

export interface ExecutionListQuery {
  limit: number;
  offset: number;
  tool_id?: string | undefined;
  status?: (typeof EXECUTION_STATUSES)[number] | undefined;
  caller_type?: (typeof CALLER_TYPES)[number] | undefined;
}

/** GET /admin/tools/executions: one page of recorded runs. */
export const getToolExecutions = async (query: ExecutionListQuery, signal?: AbortSignal) =>
  unwrap(await call('GET /api/admin/tools/executions', { query, ...(signal ? { signal } : {}) }));

export function useToolExecutions(query: ExecutionListQuery, enabled = true) {
  return useQuery({
    queryKey: [...TOOL_ACTIVITY_KEY, 'executions', query],
    queryFn: ({ signal }) => getToolExecutions(query, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useToolExecution(id: string | null) {
  return useQuery({
    queryKey: [...TOOL_ACTIVITY_KEY, 'execution', id],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/tools/executions/:id', { params: { id: id! }, signal })),
    enabled: id !== null,
    // A recorded run never changes.
    staleTime: Infinity,
  });
}

/** The tools to filter on: names only matter, so one page of the largest size, by name. */
export const toolOptionsQueryOptions = () =>
  queryOptions({
    // Under the registry's own key, so its changes (a new or renamed tool) refresh the filter too.
    queryKey: ['tools', 'options'],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/tools', { query: { limit: 200, offset: 0, sort: 'name' }, signal })),
    staleTime: 60_000,
  });

export function useToolOptions() {
  return useQuery(toolOptionsQueryOptions());
}

// ---------------------------------------------------------------------------------------------
// The MCP endpoint and API keys

export function useMcpInfo() {
  return useQuery({
    queryKey: MCP_INFO_KEY,
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/mcp', { signal })),
  });
}

/** Administrators only (the server refuses everyone else): pass `enabled: false` for the others. */
export function useApiKeys(enabled: boolean) {
  return useQuery({
    queryKey: API_KEYS_KEY,
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/api-keys', { signal })),
    enabled,
  });
}

/** The answer holds the whole key: the only time it is ever shown. */
export type CreatedApiKey = CallOutput<'POST /api/admin/api-keys'>;

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CallInput<'POST /api/admin/api-keys'>['body']) => unwrap(await call('POST /api/admin/api-keys', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await call('DELETE /api/admin/api-keys/:id', { params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
