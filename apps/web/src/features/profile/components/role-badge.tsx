import { roleBadgeVariant, roleLabel } from '@admin-portal/contract/roles';

/** Spec §6 profile role badge: the role's colour and label. `text-bg-*` keeps the text readable on every colour and theme. */
export function RoleBadge({ role }: { role: string }) {
  return <span className={`badge text-bg-${roleBadgeVariant(role)}`}>{roleLabel(role)}</span>;
}
