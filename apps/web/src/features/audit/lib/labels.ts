import type { AuditLogEntry } from '@admin-portal/contract/system/audit';

/** Who did it: the actor's name while the user exists, else the email kept in the row, else "System". */
export function actorLabel(entry: Pick<AuditLogEntry, 'actor'>): string {
  return entry.actor.name ?? entry.actor.email ?? 'System';
}

/** "tool_configuration" → "Tool configuration", for the target type filter. */
export function targetTypeLabel(type: string): string {
  const text = type.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
