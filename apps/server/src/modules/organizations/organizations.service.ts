import type { ORGANIZATION_SORTS } from '@admin-portal/contract/organizations';
import type { FastifyRequest } from 'fastify';
import type { OrganizationSettings } from '@admin-portal/contract/organizations';
import { organizationSettingsSchema } from '@admin-portal/contract/organizations';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import type { Db, Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, invalidField, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { auditTargetName } from '../audit/audit.targets.ts';
import {
  countOrganizations,
  createOrganizationRow,
  deleteOrganizationRow,
  findOrganizationById,
  findOrganizations,
  firstClaimedEmailDomain,
  lockEmailDomains,
  lockOrganizationCreation,
  organizationNameTaken,
  updateOrganizationRow,
  updateOrganizationSettingsRow,
  type OrganizationListFilter,
  type OrganizationRow,
} from './organizations.queries.ts';

const nameTaken = () => conflict(SERVER_MESSAGES.organizationNameTaken, [{ field: 'name', message: SERVER_MESSAGES.organizationNameTaken }]);

/** An organization the caller may see: any for a super admin, only their own for everyone else (others are "not found"). */
export async function getVisibleOrganization(db: Queryable, auth: AuthContext, id: string): Promise<OrganizationRow> {
  if (!auth.isSuperAdmin && id !== auth.homeOrganizationId) throw notFound('Organization');
  const row = await findOrganizationById(db, id);
  if (!row) throw notFound('Organization');
  return row;
}

export async function listOrganizations(
  db: Db,
  auth: AuthContext,
  query: { limit: number; offset: number; q?: string | undefined; sort?: (typeof ORGANIZATION_SORTS)[number] | undefined; is_active?: boolean | undefined },
) {
  const filter: OrganizationListFilter = { onlyId: auth.isSuperAdmin ? null : auth.homeOrganizationId, q: query.q, isActive: query.is_active };
  const [rows, total] = await Promise.all([findOrganizations(db, filter, query.sort, query), countOrganizations(db, filter)]);
  return { rows, total };
}

/**
 * An e-mail domain accepts sign-ups into one organization only: another organization listing it would take the
 * sign-ups meant for the first (issue 31). 422 on the first domain already accepted elsewhere.
 */
async function assertDomainsUnclaimed(tx: Queryable, organizationId: string | null, domains: readonly string[], field: string): Promise<void> {
  if (domains.length === 0) return;
  // One change at a time, so two organizations cannot claim one domain at once.
  await lockEmailDomains(tx);
  const claimed = await firstClaimedEmailDomain(tx, organizationId, domains);
  if (claimed) {
    throw invalidField(field, `${claimed}: ${SERVER_MESSAGES.emailDomainClaimed}`);
  }
}

export async function createOrganization(
  db: Db,
  request: FastifyRequest,
  input: { name: string; description?: string | undefined; is_active?: boolean | undefined; settings?: Partial<OrganizationSettings> | undefined },
) {
  return db.transaction(async (tx) => {
    // Creations one at a time: otherwise two at once both pass the name check and pick the same slug.
    await lockOrganizationCreation(tx);
    if (await organizationNameTaken(tx, input.name)) throw nameTaken();
    await assertDomainsUnclaimed(tx, null, input.settings?.allowed_email_domains ?? [], 'settings.allowed_email_domains');
    const row = await createOrganizationRow(tx, input);
    await recordAudit(tx, request, {
      action: 'organization.create',
      targetType: 'organization',
      targetId: row.id,
      organizationId: row.id,
      changes: { name: row.name },
    });
    return row;
  });
}

export async function updateOrganization(
  db: Db,
  request: FastifyRequest,
  id: string,
  input: { name?: string | undefined; description?: string | undefined; is_active?: boolean | undefined },
) {
  return db.transaction(async (tx) => {
    const before = await findOrganizationById(tx, id);
    if (!before) throw notFound('Organization');
    if (input.name !== undefined && (await organizationNameTaken(tx, input.name, id))) throw nameTaken();
    await updateOrganizationRow(tx, id, input);
    const changes = Object.fromEntries(
      (['name', 'description', 'is_active'] as const)
        .filter((k) => input[k] !== undefined && input[k] !== before[k])
        .map((k) => [k, { from: before[k], to: input[k] }]),
    );
    await recordAudit(tx, request, { action: 'organization.update', targetType: 'organization', targetId: id, organizationId: id, changes });
    return (await findOrganizationById(tx, id))!;
  });
}

export async function deleteOrganization(db: Db, request: FastifyRequest, auth: AuthContext, id: string) {
  await db.transaction(async (tx) => {
    const row = await findOrganizationById(tx, id);
    if (!row) throw notFound('Organization');
    if (id === auth.homeOrganizationId || row.user_count > 0) throw conflict(SERVER_MESSAGES.organizationHasUsers);
    const targetName = await auditTargetName(tx, 'organization', id);
    await deleteOrganizationRow(tx, id);
    await recordAudit(tx, request, {
      action: 'organization.delete',
      targetType: 'organization',
      targetId: id,
      targetName,
      organizationId: null,
      changes: { name: row.name },
    });
  });
}

export async function updateOrganizationSettings(db: Db, request: FastifyRequest, auth: AuthContext, id: string, patch: Partial<OrganizationSettings>) {
  return db.transaction(async (tx) => {
    const before = await getVisibleOrganization(tx, auth, id);
    const current = organizationSettingsSchema.parse(before.settings ?? {});
    const next = organizationSettingsSchema.parse({ ...current, ...patch });
    if (patch.allowed_email_domains) {
      await assertDomainsUnclaimed(
        tx,
        id,
        patch.allowed_email_domains.filter((d) => !current.allowed_email_domains.includes(d)),
        'allowed_email_domains',
      );
    }
    await updateOrganizationSettingsRow(tx, id, next);
    const changes = Object.fromEntries(
      Object.keys(patch)
        .filter((k) => JSON.stringify(current[k]) !== JSON.stringify(next[k]))
        .map((k) => [k, { from: current[k], to: next[k] }]),
    );
    await recordAudit(tx, request, { action: 'organization.settings_update', targetType: 'organization', targetId: id, organizationId: id, changes });
    return next;
  });
}
