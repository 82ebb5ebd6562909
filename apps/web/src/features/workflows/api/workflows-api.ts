import type { WORKFLOW_SORTS } from '@admin-portal/contract/workflows/statuses';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWorkflow, CreateWorkflowTemplate, SaveWorkflowGraph, UpdateWorkflow, WorkflowStatus } from '@admin-portal/contract/workflows/api';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

/** Every workflow query starts with this key, so any change refreshes lists, details and versions together. */
export const WORKFLOWS_KEY = ['workflows'] as const;
export const WORKFLOW_TEMPLATES_KEY = ['workflow-templates'] as const;

export interface WorkflowListQuery {
  q?: string | undefined;
  status?: WorkflowStatus | undefined;
  category?: string | undefined;
  sort: (typeof WORKFLOW_SORTS)[number];
  limit: number;
  offset: number;
}

// ---------------------------------------------------------------------------------------------
// Reads

/** GET /admin/workflows: one page of the list. */
export const getWorkflowPage = async (query: WorkflowListQuery, signal?: AbortSignal) =>
  unwrap(await call('GET /api/admin/workflows', { query, ...(signal ? { signal } : {}) }));

export const workflowPageQueryOptions = (query: WorkflowListQuery, enabled = true) =>
  queryOptions({
    queryKey: [...WORKFLOWS_KEY, 'page', query],
    queryFn: ({ signal }) => getWorkflowPage(query, signal),
    enabled,
    placeholderData: keepPreviousData,
  });

export function useWorkflowPage(query: WorkflowListQuery, enabled = true) {
  return useQuery(workflowPageQueryOptions(query, enabled));
}

export const workflowQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...WORKFLOWS_KEY, 'detail', id],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/workflows/:id', { params: { id }, signal })),
    // The builder owns its copy once loaded: a background refetch must never replace what is being edited.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useWorkflow(id: string | null) {
  return useQuery({ ...workflowQueryOptions(id ?? ''), enabled: id !== null });
}

export const stepTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['step-types'],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/workflows/step-templates', { signal })),
    staleTime: Infinity,
  });

export function useStepTypes() {
  return useQuery(stepTypesQueryOptions());
}

export function useWorkflowTemplates(enabled = true) {
  return useQuery({
    queryKey: [...WORKFLOW_TEMPLATES_KEY, 'all'],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/workflow-templates', { query: { limit: 100, offset: 0, sort: 'name' }, signal })),
    enabled,
  });
}

export function useWorkflowVersions(id: string | null, enabled = true) {
  return useQuery({
    queryKey: [...WORKFLOWS_KEY, 'versions', id],
    queryFn: async ({ signal }) =>
      unwrap(await call('GET /api/admin/workflows/:id/versions', { params: { id: id! }, query: { limit: 100, offset: 0 }, signal })),
    enabled: enabled && id !== null,
  });
}

export async function getWorkflowVersion(id: string, version: number) {
  return unwrap(await call('GET /api/admin/workflows/:id/versions/:version', { params: { id, version: String(version) } }));
}

/** One saved version with its graph (the builder opens a draft beside the live version from it). */
export const workflowVersionQueryOptions = (id: string, version: number) =>
  queryOptions({
    queryKey: [...WORKFLOWS_KEY, 'version', id, version],
    queryFn: () => getWorkflowVersion(id, version),
    // As the detail: the builder owns its copy once loaded.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useWorkflowVersion(id: string | null, version: number | null) {
  return useQuery({ ...workflowVersionQueryOptions(id ?? '', version ?? 0), enabled: id !== null && version !== null });
}

export async function validateWorkflow(id: string) {
  return unwrap(await call('POST /api/admin/workflows/:id/validate', { params: { id } }));
}

// ---------------------------------------------------------------------------------------------
// Changes (each refreshes every workflow query)

function useWorkflowMutation<Vars, Result>(run: (vars: Vars) => Promise<Result>, keys: readonly (readonly string[])[] = [WORKFLOWS_KEY]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useCreateWorkflow = () => useWorkflowMutation(async (body: CreateWorkflow) => unwrap(await call('POST /api/admin/workflows', { body })));

export const useUpdateWorkflow = () =>
  useWorkflowMutation(async ({ id, body }: { id: string; body: UpdateWorkflow }) =>
    unwrap(await call('PUT /api/admin/workflows/:id', { params: { id }, body })),
  );

export const useDeleteWorkflow = () => useWorkflowMutation(async (id: string) => unwrap(await call('DELETE /api/admin/workflows/:id', { params: { id } })));

export const useDuplicateWorkflow = () =>
  useWorkflowMutation(async ({ id, name }: { id: string; name?: string }) =>
    unwrap(await call('POST /api/admin/workflows/:id/duplicate', { params: { id }, body: name ? { name } : {} })),
  );

export async function saveWorkflowGraph(id: string, body: SaveWorkflowGraph) {
  return unwrap(await call('PUT /api/admin/workflows/:id/complete', { params: { id }, body }));
}

export async function createCompleteWorkflow(body: { name: string; description?: string; category?: string; graph: SaveWorkflowGraph['graph'] }) {
  return unwrap(await call('POST /api/admin/workflows/complete', { body }));
}

/** POST /{id}/drafts: the canvas saved as a draft beside the live version of an active workflow (ADR 0062). */
export async function saveWorkflowDraft(id: string, body: SaveWorkflowGraph) {
  return unwrap(await call('POST /api/admin/workflows/:id/drafts', { params: { id }, body }));
}

/** The pending draft goes live under its own number. */
export async function publishWorkflowDraft(id: string, version: number) {
  return unwrap(await call('POST /api/admin/workflows/:id/versions/:version/publish', { params: { id, version: String(version) } }));
}

/** The pending draft is set aside (kept in the history). */
export async function discardWorkflowDraft(id: string, version: number) {
  return unwrap(await call('POST /api/admin/workflows/:id/versions/:version/discard', { params: { id, version: String(version) } }));
}

export async function restoreWorkflowVersion(id: string, version: number) {
  return unwrap(await call('POST /api/admin/workflows/:id/versions/:version/restore', { params: { id, version: String(version) } }));
}

export const useCreateWorkflowTemplate = () =>
  useWorkflowMutation(async (body: CreateWorkflowTemplate) => unwrap(await call('POST /api/admin/workflow-templates', { body })), [WORKFLOW_TEMPLATES_KEY]);

/** A workflow's public start link (issue 34): its address, or null while it is off. */
export function useStartLink(id: string) {
  return useQuery({
    queryKey: [...WORKFLOWS_KEY, 'start-link', id],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/workflows/:id/start-link', { params: { id }, signal })),
  });
}
export const useSetStartLink = () =>
  useWorkflowMutation(async ({ id, enabled }: { id: string; enabled: boolean }) =>
    unwrap(await call('PUT /api/admin/workflows/:id/start-link', { params: { id }, body: { enabled } })),
  );
