import { listScope } from '../../../http/organization-scope.ts';
import type { Searcher } from '../search.types.ts';

interface WorkflowHit {
  id: string;
  name: string;
  category: string;
  status: string;
  version: number;
  organization_name: string;
  total: number;
}

const STATUS_WORDS: Record<string, string> = { draft: 'Draft', active: 'Active', archived: 'Archived' };

/**
 * Workflows by name, description or category, for callers who may read workflows: their own organization's, or for
 * a super admin the organization they act in (X-Organization-Id), else every one. Opens in the Visual Builder for
 * whoever may edit workflows, else on All Workflows filtered by its name.
 */
export const workflowsSearcher: Searcher = {
  type: 'workflow',
  visibleTo: (auth) => auth.permissions.has('workflow:read'),
  async search(db, auth, term, limit) {
    const res = await db.query<WorkflowHit>(
      `select w.id, w.name, w.category, w.status, w.version, o.name as organization_name, count(*) over ()::int as total
         from workflows w join organizations o on o.id = w.organization_id
        where ($4::uuid is null or w.organization_id = $4::uuid)
          and (w.name ilike $1 or w.description ilike $1 or w.category ilike $1)
        order by (lower(w.name) = lower($2)) desc, (w.name ilike $3) desc, (w.name ilike $1) desc, lower(w.name), w.id
        limit ${limit}`,
      [term.contains, term.text, term.prefix, listScope(auth)],
    );
    const opensBuilder = auth.permissions.has('workflow:edit');
    return {
      total: res.rows[0]?.total ?? 0,
      results: res.rows.map((w) => ({
        type: 'workflow' as const,
        id: w.id,
        title: w.name,
        subtitle: [w.category, `${STATUS_WORDS[w.status] ?? w.status} · v${w.version}`, auth.isSuperAdmin && !auth.organizationId ? w.organization_name : null]
          .filter(Boolean)
          .join(' · '),
        url: opensBuilder ? `/workflows/builder?id=${w.id}` : `/workflows?q=${encodeURIComponent(w.name)}`,
      })),
    };
  },
};
