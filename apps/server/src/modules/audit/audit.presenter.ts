import { summarizeChanges, type AuditLogEntry } from '@admin-portal/contract/system/audit';
import type { AuditLogRow } from './audit.queries.ts';

export function presentAuditRow(row: AuditLogRow): AuditLogEntry {
  return {
    id: row.id,
    actor: { id: row.actor_id, email: row.actor_email, name: row.actor_name },
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    target_name: row.target_name,
    organization: row.organization_id ? { id: row.organization_id, name: row.organization_name } : null,
    summary: summarizeChanges(row.changes),
    changes: row.changes,
    ip: row.ip,
    request_id: row.request_id,
    created_at: new Date(row.created_at).toISOString(),
  };
}
