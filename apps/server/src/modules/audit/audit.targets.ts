import type { AuditTargetType } from '@admin-portal/contract/system/audit-actions';
import type { Queryable } from '../../db/client.ts';
import { findTargetName, UUID } from './audit-targets.queries.ts';

export { UUID } from './audit-targets.queries.ts';

const NAMED_WHILE_THEY_EXIST: ReadonlySet<AuditTargetType> = new Set(['application']);

/** Whether an audit row keeps its target's name (see NAMED_WHILE_THEY_EXIST). */
export const keepsTargetName = (type: AuditTargetType): boolean => !NAMED_WHILE_THEY_EXIST.has(type);

export async function auditTargetName(db: Queryable, type: AuditTargetType, id: string): Promise<string | null> {
  return keepsTargetName(type) && UUID.test(id) ? findTargetName(db, type, id) : null;
}
