import { stepTypesQueryOptions, workflowQueryOptions } from '../../features/workflows/api/workflows-api.ts';
import { queryClient } from '../query-client.ts';

/**
 * Starts loading what the Visual Builder shows while its code is still downloading, so a big workflow's
 * request and the builder's chunk travel at the same time instead of one after the other.
 */
export function prefetchBuilderData(search: string = window.location.search): void {
  void queryClient.prefetchQuery(stepTypesQueryOptions());
  const id = new URLSearchParams(search).get('id');
  if (id) void queryClient.prefetchQuery(workflowQueryOptions(id));
}
