import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApproveTool, CreateTool, CreateToolConfiguration, Environment, UpdateTool, UpdateToolConfiguration } from '@admin-portal/contract/tools/api';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import type { ToolListQuery } from '../lib/registry/list-state.ts';

/**
 * The Tool Registry's calls (spec §7 Tools): tools, types, templates, configurations, approval, test runs and
 * status history. Every registry query starts with REGISTRY_KEY, so any change refreshes lists, details,
 * configurations and histories together.
 */
export const REGISTRY_KEY = ['tool-registry'] as const;

// ---------------------------------------------------------------------------------------------
// Reads

/** GET /admin/tools: one page of the registry's list. */
export const getToolPage = async (query: ToolListQuery, signal?: AbortSignal) =>
  unwrap(await call('GET /api/admin/tools', { query, ...(signal ? { signal } : {}) }));

export const toolPageQueryOptions = (query: ToolListQuery) =>
  queryOptions({
    queryKey: [...REGISTRY_KEY, 'page', query],
    queryFn: ({ signal }) => getToolPage(query, signal),
    placeholderData: keepPreviousData,
  });

export function useToolPage(query: ToolListQuery, enabled = true) {
  return useQuery({ ...toolPageQueryOptions(query), enabled });
}

export function useTool(id: string | null) {
  return useQuery({
    queryKey: [...REGISTRY_KEY, 'detail', id],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/tools/:id', { params: { id: id! }, signal })),
    enabled: id !== null,
    // What is being edited is never replaced behind the person's back; changes made here refresh it.
    refetchOnWindowFocus: false,
  });
}

/** The four tool types with their config JSON Schema and defaults: fixed for a release. */
export function useToolTypes() {
  return useQuery({
    queryKey: ['tool-types'],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/tools/types', { signal })),
    staleTime: Infinity,
  });
}

export function useToolTemplates(enabled = true) {
  return useQuery({
    queryKey: ['tool-templates'],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/tools/generic/templates', { signal })),
    staleTime: Infinity,
    enabled,
  });
}

const configurationsOptions = (toolId: string) =>
  queryOptions({
    queryKey: [...REGISTRY_KEY, 'configurations', toolId],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/tools/:id/configurations', { params: { id: toolId }, signal })),
  });

export function useToolConfigurations(toolId: string | null) {
  return useQuery({ ...configurationsOptions(toolId ?? ''), enabled: toolId !== null });
}

/** The configurations of the tools on screen (the list's Environments column), each cached for the detail view too. */
export function useConfigurationsOf(toolIds: readonly string[]) {
  return useQueries({
    queries: toolIds.map((id) => ({ ...configurationsOptions(id), staleTime: 30_000 })),
    combine: (results) => new Map(toolIds.map((id, i) => [id, results[i]?.data?.items] as const)),
  });
}

export function useToolHistory(toolId: string | null) {
  return useQuery({
    queryKey: [...REGISTRY_KEY, 'history', toolId],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/tools/:id/history', { params: { id: toolId! }, signal })),
    enabled: toolId !== null,
  });
}

// ---------------------------------------------------------------------------------------------
// Changes (each refreshes every registry query)

function useRegistryMutation<Vars, Result>(run: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REGISTRY_KEY }),
  });
}

export const useCreateTool = () => useRegistryMutation(async (body: CreateTool) => unwrap(await call('POST /api/admin/tools', { body })));

/** Edits the definition, submits (`status: 'pending_approval'`), withdraws (`'draft'`), disables or enables (`is_enabled`). */
export const useUpdateTool = () =>
  useRegistryMutation(async ({ id, body }: { id: string; body: UpdateTool }) => unwrap(await call('PUT /api/admin/tools/:id', { params: { id }, body })));

export const useDeleteTool = () => useRegistryMutation(async (id: string) => unwrap(await call('DELETE /api/admin/tools/:id', { params: { id } })));

export const useDecideApproval = () =>
  useRegistryMutation(async ({ id, body }: { id: string; body: ApproveTool }) =>
    unwrap(await call('POST /api/admin/tools/:id/approve', { params: { id }, body })),
  );

export const useCreateConfiguration = () =>
  useRegistryMutation(async (body: CreateToolConfiguration) => unwrap(await call('POST /api/admin/tools/configurations', { body })));

export const useUpdateConfiguration = () =>
  useRegistryMutation(async ({ id, body }: { id: string; body: UpdateToolConfiguration }) =>
    unwrap(await call('PUT /api/admin/tools/configurations/:id', { params: { id }, body })),
  );

export const useDeleteConfiguration = () =>
  useRegistryMutation(async (id: string) => unwrap(await call('DELETE /api/admin/tools/configurations/:id', { params: { id } })));

/** A test run: the recorded execution (changes no tool, so nothing is refreshed). */
export function useTestTool() {
  return useMutation({
    mutationFn: async ({ id, input, environment }: { id: string; input: Record<string, unknown>; environment: Environment }) =>
      unwrap(await call('POST /api/admin/tools/:id/test', { params: { id }, body: { input, environment } })),
  });
}
