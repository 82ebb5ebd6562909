import type { AuthContext } from './context.ts';
import { notFound } from './errors.ts';

/**
 * The organization a list or an aggregate covers: the caller's own; for a super admin the one named by
 * X-Organization-Id, or null (every organization) without the header.
 */
export function listScope(auth: AuthContext): string | null {
  return auth.isSuperAdmin ? auth.organizationId : auth.homeOrganizationId;
}

/** The organization new workflows and templates go into. */
export function actingOrganization(auth: AuthContext): string {
  return auth.organizationId ?? auth.homeOrganizationId;
}

/** Whether the caller may see a row of this organization (another organization's is "not found"). */
export function canSee(auth: AuthContext, organizationId: string): boolean {
  return auth.isSuperAdmin || organizationId === auth.homeOrganizationId;
}

export function assertVisible<T extends { organization_id: string }>(auth: AuthContext, row: T | null | undefined, what: string): asserts row is T {
  if (!row || !canSee(auth, row.organization_id)) throw notFound(what);
}
