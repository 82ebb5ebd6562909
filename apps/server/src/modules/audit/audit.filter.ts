import type { AuditLogFilter } from '@admin-portal/contract/system/audit';
import type { AuthContext } from '../../http/context.ts';
import { listScope } from '../../http/organization-scope.ts';
import { auditConditions, type AuditConditions } from './audit.queries.ts';

/**
 * The conditions of an audit log listing, shared by the page and the CSV export so both show the same rows:
 * always inside the caller's organization (a super admin's chosen one, or every organization), then the filters.
 * An administrator naming another organization gets nothing back, never its rows.
 */
export function buildAuditFilter(auth: AuthContext, query: AuditLogFilter): AuditConditions {
  return auditConditions(listScope(auth), query);
}
