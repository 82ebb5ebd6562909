import type { ORGANIZATION_SORTS } from '@admin-portal/contract/organizations';
import { organizationSettingsSchema, type Organization, type OrganizationSettings } from '@admin-portal/contract/organizations';
import type { Queryable } from '../../db/client.ts';
import { run, sql, type Sql } from '../../db/sql.ts';
import { escapeLike } from '../../http/list-filter.ts';

export interface OrganizationRow {
  id: string;
  name: string;
  slug: string;
  description: string;
  is_active: boolean;
  settings: Record<string, unknown>;
  user_count: number;
  created_at: Date;
  updated_at: Date;
}

export const ORG_COLUMNS = `o.id, o.name, o.slug, o.description, o.is_active, o.settings, o.created_at, o.updated_at,
  (select count(*)::int from users u where u.organization_id = o.id) as user_count` as const;

export function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'organization'
  );
}

/** A slug not yet used: `acme`, then `acme-2`, `acme-3`… */
async function uniqueSlug(db: Queryable, name: string): Promise<string> {
  const base = slugify(name);
  const res = await db.query<{ slug: string }>("select slug from organizations where slug = $1 or slug like $1 || '-%'", [base]);
  const taken = new Set(res.rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i += 1) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

export async function createOrganizationRow(
  db: Queryable,
  input: { name: string; description?: string; is_active?: boolean; settings?: Partial<OrganizationSettings> },
): Promise<OrganizationRow> {
  const settings = organizationSettingsSchema.parse(input.settings ?? {});
  const res = await db.query<{ id: string }>(
    `insert into organizations (name, slug, description, is_active, settings) values ($1, $2, $3, $4, $5) returning id`,
    [input.name, await uniqueSlug(db, input.name), input.description ?? '', input.is_active ?? true, JSON.stringify(settings)],
  );
  return (await findOrganizationById(db, res.rows[0]!.id))!;
}

export async function findOrganizationById(db: Queryable, id: string): Promise<OrganizationRow | null> {
  const res = await db.query<OrganizationRow>(`select ${ORG_COLUMNS} from organizations o where o.id = $1`, [id]);
  return res.rows[0] ?? null;
}

export async function organizationNameTaken(db: Queryable, name: string, exceptId?: string): Promise<boolean> {
  const res = await db.query('select 1 from organizations where lower(name) = lower($1) and ($2::uuid is null or id <> $2::uuid)', [name, exceptId ?? null]);
  return res.rows.length > 0;
}

/** The orders a list of organizations may take, by the `sort` the request names. */
export const ORGANIZATION_ORDERS: Record<(typeof ORGANIZATION_SORTS)[number], Sql> = {
  name: sql`lower(o.name) asc, o.id`,
  '-name': sql`lower(o.name) desc, o.id`,
  created_at: sql`o.created_at asc, o.id`,
  '-created_at': sql`o.created_at desc, o.id`,
};

/** What a list of organizations keeps: only one organization (null: every one), a text in the name or slug, active or not. */
export interface OrganizationListFilter {
  onlyId: string | null;
  q?: string | undefined;
  isActive?: boolean | undefined;
}

function organizationWhere(filter: OrganizationListFilter): Sql {
  const conditions: Sql[] = [];
  if (filter.onlyId !== null) conditions.push(sql`o.id = ${filter.onlyId}`);
  if (filter.q) {
    const text = escapeLike(filter.q);
    conditions.push(sql`(o.name ilike '%' || ${text} || '%' or o.slug ilike '%' || ${text} || '%')`);
  }
  if (filter.isActive !== undefined) conditions.push(sql`o.is_active = ${filter.isActive}`);
  return sql.where(conditions);
}

/** A page of organizations, ordered by one of ORGANIZATION_SORTS (by name when none is named). */
export async function findOrganizations(
  db: Queryable,
  filter: OrganizationListFilter,
  sort: (typeof ORGANIZATION_SORTS)[number] | undefined,
  page: { limit: number; offset: number },
): Promise<OrganizationRow[]> {
  const orderBy = ORGANIZATION_ORDERS[sort ?? 'name'];
  const res = await run<OrganizationRow>(
    db,
    sql`select ${sql.fixed(ORG_COLUMNS)} from organizations o ${organizationWhere(filter)} order by ${orderBy} limit ${page.limit} offset ${page.offset}`,
  );
  return res.rows;
}

export async function countOrganizations(db: Queryable, filter: OrganizationListFilter): Promise<number> {
  const res = await run<{ n: number }>(db, sql`select count(*)::int as n from organizations o ${organizationWhere(filter)}`);
  return res.rows[0]!.n;
}

/** Advisory lock key: organizations are created one at a time (else two at once pass the name check and pick one slug). */
const ORGANIZATION_CREATE_LOCK_KEY = 724_113_003;
/** Advisory lock key: changes to organizations' accepted e-mail domains, one at a time. */
const EMAIL_DOMAINS_LOCK_KEY = 724_113_031;

/** Holds, until the transaction ends, the lock that makes organization creations one at a time. */
export async function lockOrganizationCreation(tx: Queryable): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [ORGANIZATION_CREATE_LOCK_KEY]);
}

/** Holds, until the transaction ends, the lock that serialises changes to accepted e-mail domains. */
export async function lockEmailDomains(tx: Queryable): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [EMAIL_DOMAINS_LOCK_KEY]);
}

/** The first of `domains` another organization than `organizationId` (null: any) already accepts, or null. */
export async function firstClaimedEmailDomain(tx: Queryable, organizationId: string | null, domains: readonly string[]): Promise<string | null> {
  const res = await tx.query<{ domain: string }>(
    `select d.domain from unnest($2::text[]) as d(domain)
      where exists (select 1 from organizations o
                     where ($1::uuid is null or o.id <> $1::uuid) and o.settings->'allowed_email_domains' ? d.domain)
         -- Another organization's staff sign in with this domain through its identity provider.
         or exists (select 1 from organization_sso_domains s where s.domain = d.domain and ($1::uuid is null or s.organization_id <> $1::uuid))
      limit 1`,
    [organizationId, [...domains]],
  );
  return res.rows[0]?.domain ?? null;
}

/** Updates the details given (the others keep their values). */
export async function updateOrganizationRow(
  tx: Queryable,
  id: string,
  input: { name?: string | undefined; description?: string | undefined; is_active?: boolean | undefined },
): Promise<void> {
  await tx.query(
    `update organizations set name = coalesce($2, name), description = coalesce($3, description),
              is_active = coalesce($4, is_active), updated_at = now() where id = $1`,
    [id, input.name ?? null, input.description ?? null, input.is_active ?? null],
  );
}

export async function deleteOrganizationRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from organizations where id = $1', [id]);
}

export async function updateOrganizationSettingsRow(tx: Queryable, id: string, settings: OrganizationSettings): Promise<void> {
  await tx.query('update organizations set settings = $2, updated_at = now() where id = $1', [id, JSON.stringify(settings)]);
}

/** The organizations the assistant lists (the first 20 by name): every one for a super administrator, else the caller's own. */
export async function organizationsWithUserCounts(
  db: Queryable,
  isSuperAdmin: boolean,
  homeOrganizationId: string,
): Promise<{ name: string; users: number; is_active: boolean }[]> {
  const res = await db.query<{ name: string; users: number; is_active: boolean }>(
    `select o.name, (select count(*)::int from users u where u.organization_id = o.id) as users, o.is_active from organizations o
        where $1::boolean or o.id = $2 order by o.name limit 20`,
    [isSuperAdmin, homeOrganizationId],
  );
  return res.rows;
}

export function presentOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    is_active: row.is_active,
    settings: organizationSettingsSchema.parse(row.settings ?? {}),
    user_count: row.user_count,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
