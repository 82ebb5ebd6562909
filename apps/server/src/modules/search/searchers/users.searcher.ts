import { roleLabel, type Role } from '@admin-portal/contract/roles';
import type { Searcher } from '../search.types.ts';

interface UserHit {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  is_active: boolean;
  organization_name: string;
  total: number;
}

/**
 * Users by name or email, for callers who may read users: their own organization's, or for a super admin
 * the organization they act in (X-Organization-Id), else everyone's. Opens in User Management, filtered by email.
 */
export const usersSearcher: Searcher = {
  type: 'user',
  visibleTo: (auth) => auth.permissions.has('user:read'),
  async search(db, auth, term, limit) {
    const scope = auth.isSuperAdmin ? auth.organizationId : auth.homeOrganizationId;
    const res = await db.query<UserHit>(
      `select u.id, u.email, u.first_name, u.last_name, u.role, u.is_active, o.name as organization_name,
              count(*) over ()::int as total
         from users u join organizations o on o.id = u.organization_id
        where ($4::uuid is null or u.organization_id = $4::uuid)
          and (u.email ilike $1 or u.first_name ilike $1 or u.last_name ilike $1 or (u.first_name || ' ' || u.last_name) ilike $1)
        order by (lower(u.email) = lower($2)) desc,
                 (u.email ilike $3 or u.first_name ilike $3 or u.last_name ilike $3 or (u.first_name || ' ' || u.last_name) ilike $3) desc,
                 lower(u.first_name), lower(u.last_name), u.id
        limit ${limit}`,
      [term.contains, term.text, term.prefix, scope],
    );
    return {
      total: res.rows[0]?.total ?? 0,
      results: res.rows.map((u) => ({
        type: 'user' as const,
        id: u.id,
        title: `${u.first_name} ${u.last_name}`.trim() || u.email,
        subtitle: [u.email, roleLabel(u.role), u.organization_name, u.is_active ? null : 'Inactive'].filter(Boolean).join(' · '),
        url: `/users?q=${encodeURIComponent(u.email)}`,
      })),
    };
  },
};
