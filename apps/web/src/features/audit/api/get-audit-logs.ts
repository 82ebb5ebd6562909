import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditLogFilter } from '@admin-portal/contract/system/audit';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

export const AUDIT_LOG_KEY = ['audit-log'] as const;
const PAGE_SIZE = 50;

/** GET /admin/system/audit-logs: one keyset page of the rows matching the filters, newest first. */
export async function getAuditLogs(query: AuditLogFilter & { cursor?: string; limit?: number }, signal?: AbortSignal) {
  return unwrap(await call('GET /api/admin/system/audit-logs', { query, signal }));
}

/** The audit log as pages loaded one after another ("Load more"), each starting where the previous one stopped. */
export function useAuditLogs(filter: AuditLogFilter) {
  return useInfiniteQuery({
    queryKey: [...AUDIT_LOG_KEY, filter],
    queryFn: ({ pageParam, signal }) => getAuditLogs({ ...filter, limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
