import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationListQuery, DecideReview } from '@admin-portal/contract/applications/api';
import { api, API_BASE_URL, call } from '../../../shared/api/api.ts';
import { requestOf } from '../../../shared/api/endpoint-call.ts';
import { saveBlob } from '../../../shared/lib/save-text-file.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

/** Every applications query starts with this key, so a decision or a retry refreshes the lists, counters and drawer. */
export const APPLICATIONS_KEY = ['applications'] as const;

/** The list's filters (`listFilters`): the list call's query without its page. */
export type ApplicationQuery = Omit<ApplicationListQuery, 'limit' | 'offset' | 'cursor'>;

/** GET /admin/applications: one page, newest first; `cursor` continues after the last one. */
export const getApplicationPage = async (query: ApplicationQuery, limit: number, cursor: string | null, signal?: AbortSignal) =>
  unwrap(await call('GET /api/admin/applications', { query: { ...query, limit, ...(cursor ? { cursor } : {}) }, ...(signal ? { signal } : {}) }));

/** The newest applications matching the filters, then older pages by keyset cursor ("Load older"). */
export function useApplicationPages(query: ApplicationQuery, pageSize: number) {
  return useInfiniteQuery({
    queryKey: [...APPLICATIONS_KEY, 'pages', query, pageSize],
    queryFn: ({ pageParam, signal }) => getApplicationPage(query, pageSize, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
    // Live rows come from the stream; a refetch would only reorder what the user is looking at.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

export function useApplicationCounts(workflowId: string | undefined, todayFrom: string) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, 'counts', workflowId ?? null, todayFrom],
    queryFn: async ({ signal }) =>
      unwrap(await call('GET /api/admin/applications/counts', { query: { workflow_id: workflowId, today_from: todayFrom }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useApplication(id: string | null) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, 'detail', id],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/applications/:id', { params: { id: id! }, signal })),
    enabled: id !== null,
  });
}

/** The graph of the workflow version a case is pinned to (versions never change: cached for good). */
export function usePinnedGraph(workflowId: string | undefined, version: number | undefined) {
  return useQuery({
    queryKey: ['workflow-version-graph', workflowId, version],
    queryFn: async ({ signal }) =>
      unwrap(await call('GET /api/admin/workflows/:id/versions/:version', { params: { id: workflowId!, version: String(version) }, signal })),
    enabled: workflowId !== undefined && version !== undefined,
    staleTime: Infinity,
  });
}

/** The user's open reviews at a glance: theirs, unclaimed of their roles, all of their roles. */
export function useReviewCounts() {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, 'review-queue', 'counts'],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/applications/review-tasks/counts', { signal })),
  });
}

export function useStaffNotifications() {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, 'notifications'],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/applications/notifications', { query: { limit: 50 }, signal })),
  });
}

/** Workflows for the filter and the empty state's example (the first active one). */
export function useWorkflowChoices() {
  return useQuery({
    queryKey: ['workflows', 'choices'],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/workflows', { query: { limit: 200, offset: 0, sort: 'name' }, signal })),
    staleTime: 60_000,
  });
}

const DEMO_TRAFFIC_REFRESH_MS = 5_000;

export function useDemoTraffic(enabled: boolean) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, 'demo-traffic'],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/applications/demo-traffic', { signal })),
    enabled,
    // While it runs, its counts move on their own: read them again every few seconds.
    refetchInterval: (query) => (query.state.data?.enabled ? DEMO_TRAFFIC_REFRESH_MS : false),
  });
}

// ---------------------------------------------------------------------------------------------
// Changes (each refreshes every applications query)

export function useApplicationMutation<Vars, Result>(run: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_KEY }) });
}

export const useDecideReview = () =>
  useApplicationMutation(async ({ taskId, body }: { taskId: string; body: DecideReview }) =>
    unwrap(await call('POST /api/admin/applications/review-tasks/:id/decision', { params: { id: taskId }, body })),
  );
export const useRetryApplication = () =>
  useApplicationMutation(async (id: string) => unwrap(await call('POST /api/admin/applications/:id/retry', { params: { id } })));
export const useCancelApplication = () =>
  useApplicationMutation(async ({ id, reason }: { id: string; reason?: string }) =>
    unwrap(await call('POST /api/admin/applications/:id/cancel', { params: { id }, body: reason ? { reason } : {} })),
  );
export const useDeleteApplication = () =>
  useApplicationMutation(async (id: string) => unwrap(await call('DELETE /api/admin/applications/:id', { params: { id } })));
export const useMarkNotificationRead = () =>
  useApplicationMutation(async (id: string | null) =>
    unwrap(
      id
        ? await call('POST /api/admin/applications/notifications/:id/read', { params: { id } })
        : await call('POST /api/admin/applications/notifications/read'),
    ),
  );
export const useSetDemoTraffic = () =>
  useApplicationMutation(async (body: { enabled: boolean; per_minute?: number }) => unwrap(await call('PUT /api/admin/applications/demo-traffic', { body })));

/** The steps of a workflow (for the current-step filter). */
export function useWorkflowSteps(workflowId: string) {
  return useQuery({
    queryKey: ['workflows', 'detail-steps', workflowId],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/workflows/:id', { params: { id: workflowId }, signal })),
    enabled: workflowId !== '',
    staleTime: 60_000,
    select: (w) => w.steps.filter((s) => s.type !== 'start' && s.type !== 'end'),
  });
}

/** Downloads a file the applicant uploaded (GET …/files/{id}, with the session's token) and saves it under its name. */
export function downloadApplicationFile(applicationId: string, file: { id: string; file_name: string }): Promise<void> {
  return downloadStoredFile(requestOf('GET /api/admin/applications/:id/files/:file_id', { id: applicationId, file_id: file.id }).path, file.file_name);
}

/** GETs a stored file of the API (`apiPath` under the API base) with the session's token and saves it as `fileName`. */
export async function downloadStoredFile(apiPath: string, fileName: string): Promise<void> {
  const response = await api.authorizedFetch(`${API_BASE_URL}${apiPath}`);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { detail?: string } | null;
    throw new Error(body?.detail ?? `The file could not be downloaded (${response.status})`);
  }
  saveBlob(await response.blob(), fileName);
}

// A case's links to the applicant's pages (issue 34).
const LINKS_KEY = (id: string) => [...APPLICATIONS_KEY, 'applicant-links', id] as const;

export function useApplicantLinks(id: string | null) {
  return useQuery({
    queryKey: LINKS_KEY(id ?? ''),
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/applications/:id/applicant-links', { params: { id: id! }, signal })),
    enabled: id !== null,
  });
}
export const useIssueApplicantLink = () =>
  useApplicationMutation(async (id: string) => unwrap(await call('POST /api/admin/applications/:id/applicant-links', { params: { id } })));
export const useSendApplicantLink = () =>
  useApplicationMutation(async (id: string) => unwrap(await call('POST /api/admin/applications/:id/applicant-links/send', { params: { id } })));
export const useRevokeApplicantLinks = () =>
  useApplicationMutation(async (id: string) => unwrap(await call('POST /api/admin/applications/:id/applicant-links/revoke', { params: { id } })));
