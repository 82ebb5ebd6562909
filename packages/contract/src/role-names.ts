/** The roles (spec §6) with their labels and badge colours, without zod: the web app's shell shows them. roles.ts has the schema. */
export const ROLES = ['super_admin', 'admin', 'manager', 'operator', 'viewer', 'compliance_officer', 'analyst'] as const;
export type RoleName = (typeof ROLES)[number];

const ROLE_LABELS: Partial<Record<string, string>> = {
  super_admin: 'Super Administrator',
  admin: 'Administrator',
  compliance_officer: 'Compliance Officer',
  analyst: 'Business Analyst',
  operator: 'Operator',
  viewer: 'Viewer',
};

/** Spec §6: the listed labels; any other role is capitalised. */
export function roleLabel(role: string): string {
  return ROLE_LABELS[role] ?? role.charAt(0).toUpperCase() + role.slice(1);
}

/** Spec §6: profile role badge colours. */
export function roleBadgeVariant(role: string): string {
  switch (role) {
    case 'admin':
      return 'danger';
    case 'manager':
      return 'warning';
    case 'operator':
      return 'primary';
    default:
      return 'secondary';
  }
}
