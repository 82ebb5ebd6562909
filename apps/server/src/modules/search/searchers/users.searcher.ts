import { roleLabel } from '@admin-portal/contract/roles';
import type { SearchResult } from '@admin-portal/contract/search';
import { listScope } from '../../../http/organization-scope.ts';
import { listUsers } from '../../users/users.service.ts';
import { findUserByExactEmail, type UserHit } from '../search.queries.ts';
import type { Searcher } from '../search.types.ts';

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
    const [first, page] = await Promise.all([
      findUserByExactEmail(db, term.text, listScope(auth)),
      listUsers(db, auth, { q: term.text, limit, offset: 0, sort: '-created_at' }),
    ]);
    const rest = page.items.filter((u) => u.id !== first?.id) as UserHit[];
    const hits = first ? [first, ...rest].slice(0, limit) : rest;
    return { total: page.total, exact: page.total_exact, results: hits.map(result) };
  },
};
