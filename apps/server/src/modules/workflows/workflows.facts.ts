/** What the AI assistant can read about workflows (its product facts; the catalogue is modules/ai/product-facts.ts). */
import { z } from 'zod';
import { STEP_TYPES } from '@admin-portal/contract/workflows/step-types/registry';
import { listScope } from '../../http/organization-scope.ts';
import { workflowNamesByStatus } from './workflows.queries.ts';
import { bullets, count, md } from '../../ai/markdown.ts';
import { defineFact, hasAny } from '../../ai/fact-types.ts';

export const workflowsOverview = defineFact({
  name: 'workflows',
  description: 'The workflows: how many are active, draft or archived, and their names (optionally only one status).',
  parameters: z.object({ status: z.enum(['active', 'draft', 'archived']).optional() }),
  needs: 'workflow:read',
  allowed: (auth) => hasAny(auth, 'workflow:read'),
  async run({ db, auth }, { status }) {
    const rows = await workflowNamesByStatus(db, listScope(auth), status);
    const links = [{ title: 'Open All Workflows', url: status ? `/workflows?status=${status}` : '/workflows' }];
    if (rows.length === 0)
      return {
        title: 'Workflows',
        markdown: status ? `There is no ${status} workflow.` : 'There are no workflows yet. Create one in the Visual Builder.',
        links,
      };
    const lines = rows.map((r) => `**${count(r.n)} ${md(r.status)}**: ${r.names.map(md).join(', ')}${r.n > r.names.length ? ', …' : ''}`);
    return { title: status ? `${status[0]!.toUpperCase()}${status.slice(1)} workflows` : 'Workflows', markdown: bullets(lines), links };
  },
});

export const stepTypes = defineFact({
  name: 'step_types',
  description: 'The kinds of workflow steps and what each does.',
  parameters: z.object({}),
  needs: '',
  allowed: () => true,
  async run() {
    return {
      title: 'Step types',
      markdown: bullets(STEP_TYPES.map((t) => `**${t.label}** (\`${t.type}\`): ${t.description}`)),
      links: [{ title: 'Workflows in the guide', url: '/docs/workflows' }],
    };
  },
});
