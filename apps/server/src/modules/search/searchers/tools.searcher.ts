import { TOOL_STATUS_LABELS, type ToolStatus } from '@admin-portal/contract/tools/api';
import { getToolType } from '@admin-portal/contract/tools/tool-types/registry';
import { listScope } from '../../../http/organization-scope.ts';
import type { Searcher } from '../search.types.ts';

interface ToolHit {
  id: string;
  name: string;
  tool_type: string;
  status: ToolStatus;
  is_enabled: boolean;
  organization_name: string;
  total: number;
}

/**
 * Tools by name, description or type, for callers who may read tools, scoped like the Tool Registry. Opens the tool's
 * details in the Tool Registry.
 */
export const toolsSearcher: Searcher = {
  type: 'tool',
  visibleTo: (auth) => auth.permissions.has('tool:read'),
  async search(db, auth, term, limit) {
    const res = await db.query<ToolHit>(
      `select t.id, t.name, t.tool_type, t.status, t.is_enabled, o.name as organization_name, count(*) over ()::int as total
         from tools t join organizations o on o.id = t.organization_id
        where ($4::uuid is null or t.organization_id = $4::uuid)
          and (t.name ilike $1 or t.description ilike $1 or t.tool_type ilike $1)
        order by (lower(t.name) = lower($2)) desc, (t.name ilike $3) desc, (t.name ilike $1) desc, lower(t.name), t.id
        limit ${limit}`,
      [term.contains, term.text, term.prefix, listScope(auth)],
    );
    return {
      total: res.rows[0]?.total ?? 0,
      results: res.rows.map((t) => ({
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
