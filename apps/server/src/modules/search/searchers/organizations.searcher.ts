import type { Searcher } from '../search.types.ts';

interface OrganizationHit {
  id: string;
  name: string;
  slug: string;
  is_active: boolean;
  user_count: number;
  total: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Organizations by name or slug: every one for a super admin (opening the Organizations page filtered by
 * name), only their own for everyone else (opening the dashboard, which shows it).
 */
export const organizationsSearcher: Searcher = {
  type: 'organization',
  visibleTo: () => true,
  async search(db, auth, term, limit) {
    const own = auth.isSuperAdmin ? null : auth.homeOrganizationId;
    const res = await db.query<OrganizationHit>(
      `select o.id, o.name, o.slug, o.is_active,
              coalesce((select c.users::int from organization_user_counts c where c.organization_id = o.id), 0) as user_count,
              count(*) over ()::int as total
         from organizations o
        where ($4::uuid is null or o.id = $4::uuid)
          and (o.name ilike $1 or o.slug ilike $1)
        order by (lower(o.name) = lower($2)) desc, (o.name ilike $3) desc, lower(o.name), o.id
        limit ${limit}`,
      [term.contains, term.text, term.prefix, own],
    );
    return {
      total: res.rows[0]?.total ?? 0,
      results: res.rows.map((o) => ({
        type: 'organization' as const,
        id: o.id,
        title: o.name,
        subtitle: [o.slug, plural(o.user_count, 'user'), o.is_active ? 'Active' : 'Inactive'].join(' · '),
        url: auth.isSuperAdmin ? `/settings/organizations?q=${encodeURIComponent(o.name)}` : '/dashboard',
      })),
    };
  },
};
