import type { AuditLogEntry } from '@admin-portal/contract/system/audit';
import { auditTargetLabel } from '@admin-portal/contract/system/audit-actions';

/** Who did it: the actor's name while the user exists, else the email kept in the row, else "System". */
export function actorLabel(entry: Pick<AuditLogEntry, 'actor'>): string {
  return entry.actor.name ?? entry.actor.email ?? 'System';
}

/** "tool_configuration" → "Tool configuration", "api_key" → "API key", for the target type filter and the rows. */
export const targetTypeLabel = auditTargetLabel;

const SHORT_ID = 8;

/**
 * What the Target column shows: the target's name (as the server recorded it) over its type; without a name, the type
 * over the id's first characters, enough to tell rows apart (the whole id is in the details and the CSV).
 */
export function targetCell(entry: Pick<AuditLogEntry, 'target_type' | 'target_id' | 'target_name'>): { main: string; sub: string | null } {
  const type = auditTargetLabel(entry.target_type);
  if (entry.target_name) return { main: entry.target_name, sub: type };
  if (!entry.target_id) return { main: type, sub: null };
  return { main: type, sub: entry.target_id.length > SHORT_ID + 1 ? `${entry.target_id.slice(0, SHORT_ID)}…` : entry.target_id };
}
