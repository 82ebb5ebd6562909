import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

/** GET /admin/workflows (names only matter): the workflows to filter on, by name. */
export const getWorkflowChoices = async (signal?: AbortSignal) =>
  unwrap(await call('GET /api/admin/workflows', { query: { limit: 200, offset: 0, sort: 'name' }, ...(signal ? { signal } : {}) }));

/** The workflows to filter on, under the workflows' own key, so a new or renamed workflow refreshes the filter too. */
export const workflowChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['workflows', 'choices'],
    queryFn: ({ signal }) => getWorkflowChoices(signal),
    staleTime: 60_000,
  });

export function useWorkflowChoices() {
  return useQuery(workflowChoicesQueryOptions());
}
