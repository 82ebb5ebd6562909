import type { FastifyRequest } from 'fastify';
import type { OrganizationSettings } from '@admin-portal/contract/organizations';
import { organizationSettingsSchema } from '@admin-portal/contract/organizations';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import type { Db, Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, invalidField, notFound } from '../../http/errors.ts';
import { assertSort, escapeLike } from '../../http/list-filter.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { auditTargetName } from '../audit/audit.targets.ts';
import { createOrganizationRow, findOrganizationById, ORG_COLUMNS, organizationNameTaken, type OrganizationRow } from './organizations.queries.ts';

const ORGANIZATION_CREATE_LOCK_KEY = 724_113_003;

const nameTaken = () => conflict(SERVER_MESSAGES.organizationNameTaken, [{ field: 'name', message: SERVER_MESSAGES.organizationNameTaken }]);

/** An organization the caller may see: any for a super admin, only their own for everyone else (others are "not found"). */
export async function getVisibleOrganization(db: Queryable, auth: AuthContext, id: string): Promise<OrganizationRow> {
  if (!auth.isSuperAdmin && id !== auth.homeOrganizationId) throw notFound('Organization');
  const row = await findOrganizationById(db, id);
  if (!row) throw notFound('Organization');
  return row;
}

const SORTS: Record<string, string> = {
  name: 'lower(o.name) asc, o.id',
  '-name': 'lower(o.name) desc, o.id',
  created_at: 'o.created_at asc, o.id',
  '-created_at': 'o.created_at desc, o.id',
};

export async function listOrganizations(
  db: Db,
  auth: AuthContext,
  query: { limit: number; offset: number; q?: string | undefined; sort?: string | undefined; is_active?: boolean | undefined },
) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replaceAll('$?', `$${params.length}`));
  };
  if (!auth.isSuperAdmin) add('o.id = $?', auth.homeOrganizationId);
  if (query.q) add("(o.name ilike '%' || $? || '%' or o.slug ilike '%' || $? || '%')", escapeLike(query.q));
  if (query.is_active !== undefined) add('o.is_active = $?', query.is_active);
  const whereSql = where.length ? `where ${where.join(' and ')}` : '';
  assertSort(SORTS, query.sort);
  const order = SORTS[query.sort ?? 'name']!;
  const [rows, count] = await Promise.all([
    db.query<OrganizationRow>(`select ${ORG_COLUMNS} from organizations o ${whereSql} order by ${order} limit ${query.limit} offset ${query.offset}`, params),
    db.query<{ n: number }>(`select count(*)::int as n from organizations o ${whereSql}`, params),
  ]);
  return { rows: rows.rows, total: count.rows[0]!.n };
}

/** Serialises changes to organizations' accepted e-mail domains, so two organizations cannot claim one at once. */
const EMAIL_DOMAINS_LOCK_KEY = 724_113_031;

/**
 * An e-mail domain accepts sign-ups into one organization only: another organization listing it would take the
 * sign-ups meant for the first (issue 31). 422 on the first domain already accepted elsewhere.
 */
async function assertDomainsUnclaimed(tx: Queryable, organizationId: string | null, domains: readonly string[], field: string): Promise<void> {
  if (domains.length === 0) return;
  await tx.query('select pg_advisory_xact_lock($1)', [EMAIL_DOMAINS_LOCK_KEY]);
  const res = await tx.query<{ domain: string }>(
    `select d.domain from unnest($2::text[]) as d(domain)
      where exists (select 1 from organizations o
                     where ($1::uuid is null or o.id <> $1::uuid) and o.settings->'allowed_email_domains' ? d.domain)
      limit 1`,
    [organizationId, [...domains]],
  );
  const claimed = res.rows[0]?.domain;
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
    await tx.query('select pg_advisory_xact_lock($1)', [ORGANIZATION_CREATE_LOCK_KEY]);
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
    await tx.query(
      `update organizations set name = coalesce($2, name), description = coalesce($3, description),
              is_active = coalesce($4, is_active), updated_at = now() where id = $1`,
      [id, input.name ?? null, input.description ?? null, input.is_active ?? null],
    );
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
    await tx.query('delete from organizations where id = $1', [id]);
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
    await tx.query('update organizations set settings = $2, updated_at = now() where id = $1', [id, JSON.stringify(next)]);
    const changes = Object.fromEntries(
      Object.keys(patch)
        .filter((k) => JSON.stringify(current[k]) !== JSON.stringify(next[k]))
        .map((k) => [k, { from: current[k], to: next[k] }]),
    );
    await recordAudit(tx, request, { action: 'organization.settings_update', targetType: 'organization', targetId: id, organizationId: id, changes });
    return next;
  });
}
