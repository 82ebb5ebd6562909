import { listScope } from '../../../http/organization-scope.ts';
import { searchWorkflows } from '../search.queries.ts';
import type { Searcher } from '../search.types.ts';

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
    const rows = await searchWorkflows(db, term, listScope(auth), limit);
    const opensBuilder = auth.permissions.has('workflow:edit');
    return {
      total: rows[0]?.total ?? 0,
      results: rows.map((w) => ({
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
