import type { FastifyRequest } from 'fastify';
import type { AuditLogFilter, AuditLogList } from '@admin-portal/contract/system/audit';
import type { AuditAction, AuditTargetType } from '@admin-portal/contract/system/audit-actions';
import type { Db, Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { invalidField } from '../../http/errors.ts';
import { buildAuditFilter } from './audit.filter.ts';
import { keepsTargetName, UUID } from './audit.targets.ts';
import { presentAuditRow } from './audit.presenter.ts';
import {
  allowAuditPurge,
  auditBatches,
  countAuditRows,
  deleteAuditBatch,
  findAuditPage,
  insertAuditRow,
  plannedForText,
  type AuditCursor,
  type AuditLogRow,
} from './audit.queries.ts';

export interface AuditEntry {
  /** A code with words in the contract's AUDIT_ACTION_GROUPS (the list shows them). */
  action: AuditAction;
  targetType: AuditTargetType;
  targetId?: string | null;
  /**
   * What the target is called, kept with the row (the list shows it: issue 32 item 10). Without one it is looked up
   * from the target as it is after the change, so a deletion, whose target is gone by then, passes it
   * (auditTargetName before deleting). Never kept for a target named only while it exists (an application).
   */
  targetName?: string | null;
  organizationId: string | null;
  changes?: Record<string, unknown>;
}

const SECRET_KEYS = /password|token|secret|hash/i;

/** Drops secrets from a change summary before it is written. */
function redact(changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '[redacted]' : v]));
}

/** Writes one audit row (actor, organization, action, target and its name, ip, time) in the caller's transaction. */
export async function recordAudit(db: Queryable, request: FastifyRequest, entry: AuditEntry, actor?: { id: string; email: string }): Promise<void> {
  const who = actor ?? (request.auth ? { id: request.auth.userId, email: request.auth.email } : null);
  const targetId = entry.targetId ?? null;
  const keep = keepsTargetName(entry.targetType);
  await insertAuditRow(db, {
    organization_id: entry.organizationId,
    actor_id: who?.id ?? null,
    actor_email: who?.email ?? null,
    action: entry.action,
    target_type: entry.targetType,
    target_id: targetId,
    changes: JSON.stringify(redact(entry.changes ?? {})),
    ip: request.ip,
    request_id: String(request.id),
    target_name: keep ? (entry.targetName ?? null) : null,
    look_up_name: !!(keep && entry.targetName == null && targetId && UUID.test(targetId)),
  });
}

const encodeCursor = (c: AuditCursor): string => Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

function decodeCursor(text: string): AuditCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof at === 'string' &&
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(at) &&
      !Number.isNaN(Date.parse(at)) &&
      typeof id === 'string' &&
      /^[0-9a-f-]{36}$/.test(id)
    ) {
      return { at, id };
    }
  } catch {
    // fall through
  }
  throw invalidField('cursor', 'This cursor does not belong to this list (it was altered)');
}

type ListQuery = AuditLogFilter & { limit: number; offset: number; cursor?: string | undefined };

/** One page of the audit log, newest first: keyset pages (`next_cursor`), and a total counted up to LIST_COUNT_CAP. */
export async function listAuditLogs(db: Db, auth: AuthContext, query: ListQuery): Promise<AuditLogList> {
  const { limit, cursor, ...filterQuery } = query;
  const after = cursor ? decodeCursor(cursor) : undefined;
  const offset = after ? 0 : query.offset;
  const filter = buildAuditFilter(auth, filterQuery);
  const [rows, count] = await plannedForText(db, filter, (q) =>
    Promise.all([findAuditPage(q, filter, { limit: limit + 1, offset, after }), countAuditRows(q, filter)]),
  );
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map(presentAuditRow),
    total: count.total,
    total_exact: count.exact,
    limit,
    offset,
    next_cursor: rows.length > limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

/** Every row the list would show, in its order, batch by batch (the CSV export). */
export function exportAuditLogs(db: Db, auth: AuthContext, query: AuditLogFilter): AsyncGenerator<AuditLogRow[]> {
  return auditBatches(db, buildAuditFilter(auth, query));
}

const PURGE_BATCH = 5000;

/**
 * Deletes audit rows older than `olderThanDays` days (the retention setting), in batches, each its own transaction
 * that sets `app.audit_purge`, the only way past the table's delete guard; other requests run between batches.
 * Returns how many rows went. 0 or less keeps everything.
 */
export async function purgeAuditRows(db: Db, olderThanDays: number): Promise<number> {
  if (!Number.isFinite(olderThanDays)) throw new RangeError(`olderThanDays must be a number of days, got ${olderThanDays}`);
  if (olderThanDays <= 0) return 0;
  const cutoff = new Date(Date.now() - olderThanDays * 86_400_000);
  let total = 0;
  for (;;) {
    const deleted = await db.transaction(async (tx) => {
      await allowAuditPurge(tx);
      return deleteAuditBatch(tx, cutoff, PURGE_BATCH);
    });
    total += deleted;
    if (deleted < PURGE_BATCH) return total;
  }
}
