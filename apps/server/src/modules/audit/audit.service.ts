import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client.ts';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | null;
  organizationId: string | null;
  changes?: Record<string, unknown>;
}

const SECRET_KEYS = /password|token|secret|hash/i;

/** Drops secrets from a change summary before it is written. */
function redact(changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '[redacted]' : v]));
}

/** Writes one audit row (actor, organization, action, target, ip, time) in the caller's transaction. */
export async function recordAudit(db: Queryable, request: FastifyRequest, entry: AuditEntry, actor?: { id: string; email: string }): Promise<void> {
  const who = actor ?? (request.auth ? { id: request.auth.userId, email: request.auth.email } : null);
  await db.query(
    `insert into audit_logs (organization_id, actor_id, actor_email, action, target_type, target_id, changes, ip, request_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      entry.organizationId,
      who?.id ?? null,
      who?.email ?? null,
      entry.action,
      entry.targetType,
      entry.targetId ?? null,
      JSON.stringify(redact(entry.changes ?? {})),
      request.ip,
      String(request.id),
    ],
  );
}
