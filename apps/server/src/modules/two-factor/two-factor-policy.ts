import type { FastifyInstance } from 'fastify';
import { findOrganizationTwoFactorRoles } from './two-factor.queries.ts';

/**
 * Whether a user must sign in with a second factor (issue 37 item 3): their role is among the product settings'
 * `two_factor_required_roles` (every organization) or their organization's.
 */
export async function secondFactorRequired(app: FastifyInstance, user: { role: string; organization_id: string }): Promise<boolean> {
  const { two_factor_required_roles: everywhere } = await app.settings.get();
  if (everywhere.includes(user.role as (typeof everywhere)[number])) return true;
  return (await findOrganizationTwoFactorRoles(app.db, user.organization_id)).includes(user.role);
}
