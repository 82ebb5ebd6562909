/**
 * Links from a record to its history in the Audit Log (`/audit-log?target_type=…&target_id=…`). `targetType` is
 * what the server records the changes under (recordAudit's targetType: user, workflow, tool, application, …).
 */
export function auditHistoryUrl(targetType: string, targetId: string): string {
  return `/audit-log?${new URLSearchParams({ target_type: targetType, target_id: targetId }).toString()}`;
}

/** Whether someone may open the Audit Log (the server's rule for it): show History links only to them. */
export const canViewAuditLog = (permissions: readonly string[] | undefined): boolean => !!permissions?.includes('view_audit_logs');
