import { organizationSettingsSchema, type Organization, type OrganizationSettings } from '@admin-portal/contract/organizations';
import type { Queryable } from '../../db/client.ts';

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
  (select count(*)::int from users u where u.organization_id = o.id) as user_count`;

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
