import type { AuditLogFilter } from '@admin-portal/contract/system/audit';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { saveTextFile } from '../../../shared/lib/save-text-file.ts';

/** A large export can take longer than an ordinary call's 30 s. */
const EXPORT_TIMEOUT_MS = 10 * 60_000;

/** audit-log-YYYY-MM-DD.csv, dated in UTC like the server's own Content-Disposition. */
export const auditExportFilename = (now: Date = new Date()) => `audit-log-${now.toISOString().slice(0, 10)}.csv`;

/** GET /admin/system/audit-logs/export (streamed by the server, every matching row) saved as a file; answers the row count. */
export async function exportAuditLogsCsv(query: AuditLogFilter): Promise<number> {
  const text = unwrap(await call('GET /api/admin/system/audit-logs/export', { query, headers: { Accept: 'text/csv' }, timeoutMs: EXPORT_TIMEOUT_MS }));
  const csv = typeof text === 'string' ? text : '';
  saveTextFile(csv, auditExportFilename());
  return Math.max(0, csv.split('\r\n').filter((line) => line !== '').length - 1);
}
