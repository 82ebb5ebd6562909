import { AUDIT_EXPORT_COLUMNS, summarizeChanges } from '@admin-portal/contract/system/audit';
import { auditActionLabel } from '@admin-portal/contract/system/audit-actions';
import { csvLine, type CsvValue } from '../../http/csv.ts';
import type { AuditLogRow } from './audit.queries.ts';

type Column = (typeof AUDIT_EXPORT_COLUMNS)[number];

const CELLS: Record<Column, (row: AuditLogRow) => CsvValue> = {
  created_at: (r) => new Date(r.created_at),
  id: (r) => r.id,
  organization_id: (r) => r.organization_id,
  organization: (r) => r.organization_name,
  actor_id: (r) => r.actor_id,
  actor_email: (r) => r.actor_email,
  actor_name: (r) => r.actor_name,
  action: (r) => r.action,
  target_type: (r) => r.target_type,
  target_id: (r) => r.target_id,
  summary: (r) => summarizeChanges(r.changes),
  changes: (r) => JSON.stringify(r.changes),
  ip: (r) => r.ip,
  request_id: (r) => r.request_id,
  action_label: (r) => auditActionLabel(r.action),
  target_name: (r) => r.target_name,
};

/** audit-log-YYYY-MM-DD.csv, dated in UTC like every timestamp inside. */
export function auditExportFilename(now: Date = new Date()): string {
  return `audit-log-${now.toISOString().slice(0, 10)}.csv`;
}

/** The CSV text, header first, one chunk per batch, so a large export streams instead of piling up. */
export async function* auditCsv(batches: AsyncIterable<readonly AuditLogRow[]>): AsyncGenerator<string> {
  yield csvLine(AUDIT_EXPORT_COLUMNS);
  for await (const rows of batches) yield rows.map((row) => csvLine(AUDIT_EXPORT_COLUMNS.map((column) => CELLS[column](row)))).join('');
}
