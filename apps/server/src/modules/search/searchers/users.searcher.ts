import { roleLabel, type Role } from '@admin-portal/contract/roles';
import type { SearchResult } from '@admin-portal/contract/search';
import { listScope } from '../../../http/organization-scope.ts';
import { listUsers } from '../../users/users.service.ts';
import type { Searcher } from '../search.types.ts';

interface UserHit {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  is_active: boolean;
  organization_name: string;
}

const result = (u: UserHit): SearchResult => ({
  type: 'user',
  id: u.id,
  title: `${u.first_name} ${u.last_name}`.trim() || u.email,
  subtitle: [u.email, roleLabel(u.role), u.organization_name, u.is_active ? null : 'Inactive'].filter(Boolean).join(' · '),
  url: `/users?q=${encodeURIComponent(u.email)}`,
});

/**
 * Users by name or e-mail address, for callers who may read users: their own organization's, or for a super admin the
 * organization they act in (X-Organization-Id), else everyone's. Found as User Management's list finds them (its
 * trigram index, kept sample and count up to 1,000), newest first, with the one whose address is the text exactly
 * (its unique index) first. Opens in User Management, filtered by the address.
 */
export const usersSearcher: Searcher = {
  type: 'user',
  visibleTo: (auth) => auth.permissions.has('user:read'),
  async search(db, auth, term, limit) {
    const [exact, page] = await Promise.all([
      db.query<UserHit>(
        `select u.id, u.email, u.first_name, u.last_name, u.role, u.is_active, o.name as organization_name
           from users u join organizations o on o.id = u.organization_id
          where lower(u.email) = lower($1) and ($2::uuid is null or u.organization_id = $2::uuid)`,
        [term.text, listScope(auth)],
      ),
      listUsers(db, auth, { q: term.text, limit, offset: 0, sort: '-created_at' }),
    ]);
    const first = exact.rows[0];
    const rest = page.items.filter((u) => u.id !== first?.id) as UserHit[];
    const hits = first ? [first, ...rest].slice(0, limit) : rest;
    return { total: page.total, exact: page.total_exact, results: hits.map(result) };
  },
};
