import type { AuditLogFilter } from '@admin-portal/contract/system/audit';
import type { AuthContext } from '../../http/context.ts';
import { containsPattern, sqlConditions } from '../../http/list-filter.ts';
import { listScope } from '../../http/organization-scope.ts';
import { UUID } from './audit.targets.ts';

/**
 * The text `q` searches. It must stay identical to the expression of `audit_logs_search_trgm_idx` (migration 0010),
 * or the search stops using the trigram index and reads the whole table.
 */
export const AUDIT_SEARCH_TEXT =
  "(a.action || ' ' || a.target_type || ' ' || coalesce(a.target_id, '') || ' ' || coalesce(a.actor_email, '') || ' ' || a.changes::text)";


/**
 * Where to bind values and which conditions (on `audit_logs a`) hold, to extend with a page's cursor; `search` when
 * the free text is among them.
 */
export type AuditConditions = ReturnType<typeof sqlConditions> & { search: boolean };

/**
 * The conditions of an audit log listing, shared by the page and the CSV export so both show the same rows:
 * always inside the caller's organization (a super admin's chosen one, or every organization), then the filters.
 * An administrator naming another organization gets nothing back, never its rows.
 */
export function buildAuditFilter(auth: AuthContext, query: AuditLogFilter): AuditConditions {
  const c = { ...sqlConditions(), search: !!query.q };
  const { where, bind } = c;
  const scope = listScope(auth);
  if (scope) where.push(`a.organization_id = ${bind(scope)}::uuid`);
  if (query.organization_id) where.push(`a.organization_id = ${bind(query.organization_id)}::uuid`);
  if (query.actor) {
    where.push(UUID.test(query.actor) ? `a.actor_id = ${bind(query.actor)}::uuid` : `lower(a.actor_email) = lower(${bind(query.actor)})`);
  }
  if (query.action) where.push(`a.action = ${bind(query.action)}`);
  if (query.target_type) where.push(`a.target_type = ${bind(query.target_type)}`);
  if (query.target_id) where.push(`a.target_id = ${bind(query.target_id)}`);
  if (query.from) where.push(`a.created_at >= ${bind(query.from)}::timestamptz`);
  if (query.to) where.push(`a.created_at < ${bind(query.to)}::timestamptz`);
  if (query.q) where.push(`${AUDIT_SEARCH_TEXT} ilike ${bind(containsPattern(query.q))}`);
  return c;
}

export const whereSql = (conditions: readonly string[]): string => (conditions.length ? `where ${conditions.join(' and ')}` : '');
