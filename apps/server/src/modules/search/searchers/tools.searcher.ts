import { TOOL_STATUS_LABELS } from '@admin-portal/contract/tools/api';
import { getToolType } from '@admin-portal/contract/tools/tool-types/registry';
import { listScope } from '../../../http/organization-scope.ts';
import { searchTools } from '../search.queries.ts';
import type { Searcher } from '../search.types.ts';

/**
 * Tools by name, description or type, for callers who may read tools, scoped like the Tool Registry. Opens the tool's
 * details in the Tool Registry.
 */
export const toolsSearcher: Searcher = {
  type: 'tool',
  visibleTo: (auth) => auth.permissions.has('tool:read'),
  async search(db, auth, term, limit) {
    const rows = await searchTools(db, term, listScope(auth), limit);
    return {
      total: rows[0]?.total ?? 0,
      results: rows.map((t) => ({
        type: 'tool' as const,
        id: t.id,
        title: t.name,
        subtitle: [
          getToolType(t.tool_type)?.label ?? t.tool_type,
          TOOL_STATUS_LABELS[t.status],
          t.is_enabled ? null : 'Off',
          auth.isSuperAdmin && !auth.organizationId ? t.organization_name : null,
        ]
          .filter(Boolean)
          .join(' · '),
        url: `/tools?tool=${t.id}`,
      })),
    };
  },
};
