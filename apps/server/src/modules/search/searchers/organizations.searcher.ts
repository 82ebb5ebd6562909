import { searchOrganizations } from '../search.queries.ts';
import type { Searcher } from '../search.types.ts';

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
    const rows = await searchOrganizations(db, term, own, limit);
    return {
      total: rows[0]?.total ?? 0,
      results: rows.map((o) => ({
        type: 'organization' as const,
        id: o.id,
        title: o.name,
        subtitle: [o.slug, plural(o.user_count, 'user'), o.is_active ? 'Active' : 'Inactive'].join(' · '),
        url: auth.isSuperAdmin ? `/settings/organizations?q=${encodeURIComponent(o.name)}` : '/dashboard',
      })),
    };
  },
};
