import type { AuditLogFilter } from '@admin-portal/contract/system/audit';
import type { AuthContext } from '../../http/context.ts';
import { sql, type Sql } from '../../db/sql.ts';
import { containsPattern } from '../../http/list-filter.ts';
import { listScope } from '../../http/organization-scope.ts';
import { UUID } from './audit.targets.ts';

/**
 * The text `q` searches. It must stay identical to the expression of `audit_logs_search_trgm_idx` (migration 0010),
 * or the search stops using the trigram index and reads the whole table.
 */
export const AUDIT_SEARCH_TEXT =
  "(a.action || ' ' || a.target_type || ' ' || coalesce(a.target_id, '') || ' ' || coalesce(a.actor_email, '') || ' ' || a.changes::text)";

/** The conditions (on `audit_logs a`) of a listing, to extend with a page's cursor; `search` when the free text is among them. */
export interface AuditConditions {
  where: readonly Sql[];
  search: boolean;
}

/**
 * The conditions of an audit log listing, shared by the page and the CSV export so both show the same rows:
 * always inside the caller's organization (a super admin's chosen one, or every organization), then the filters.
 * An administrator naming another organization gets nothing back, never its rows.
 */
export function buildAuditFilter(auth: AuthContext, query: AuditLogFilter): AuditConditions {
  const where: Sql[] = [];
  const scope = listScope(auth);
  if (scope) where.push(sql`a.organization_id = ${scope}::uuid`);
  if (query.organization_id) where.push(sql`a.organization_id = ${query.organization_id}::uuid`);
  if (query.actor) where.push(UUID.test(query.actor) ? sql`a.actor_id = ${query.actor}::uuid` : sql`lower(a.actor_email) = lower(${query.actor})`);
  if (query.action) where.push(sql`a.action = ${query.action}`);
  if (query.target_type) where.push(sql`a.target_type = ${query.target_type}`);
  if (query.target_id) where.push(sql`a.target_id = ${query.target_id}`);
  if (query.from) where.push(sql`a.created_at >= ${query.from}::timestamptz`);
  if (query.to) where.push(sql`a.created_at < ${query.to}::timestamptz`);
  if (query.q) where.push(sql`${sql.fixed(AUDIT_SEARCH_TEXT)} ilike ${containsPattern(query.q)}`);
  return { where, search: !!query.q };
}
