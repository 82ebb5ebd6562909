import { roleBadgeVariant, roleLabel } from '@admin-portal/contract/role-names';

/**
 * Spec §6 role badge: the role's colour and label, the one way every screen draws a role. `text-bg-*` pairs each
 * colour with a readable text colour in both themes (dark text on the manager's warning yellow; white on it fails
 * contrast at 1.6:1).
 */
export function RoleBadge({ role }: { role: string }) {
  return <span className={`badge text-bg-${roleBadgeVariant(role)}`}>{roleLabel(role)}</span>;
}
