/** What the AI assistant can read about tools (its product facts; the catalogue is modules/ai/product-facts.ts). */
import { z } from 'zod';
import { TOOL_TYPES } from '@admin-portal/contract/tools/tool-types/registry';
import { listScope } from '../../http/organization-scope.ts';
import { toolNamesByStatus } from './tools.queries.ts';
import { bullets, count, md } from '../../ai/markdown.ts';
import { defineFact, hasAny } from '../../ai/fact-types.ts';

export const toolsOverview = defineFact({
  name: 'tools',
  description: 'The registered tools by status (draft, pending approval, approved, rejected, disabled), with names; e.g. which wait for approval.',
  parameters: z.object({ status: z.enum(['draft', 'pending_approval', 'approved', 'rejected', 'disabled']).optional() }),
  needs: 'tool:read',
  allowed: (auth) => hasAny(auth, 'tool:read'),
  async run({ db, auth }, { status }) {
    const rows = await toolNamesByStatus(db, listScope(auth), status);
    const words = (s: string) => s.replace('_', ' ');
    const links = [{ title: 'Open the Tool Registry', url: '/tools' }];
    if (rows.length === 0) return { title: 'Tools', markdown: status ? `No tool is ${words(status)}.` : 'No tool is registered yet.', links };
    const lines = rows.map((r) => `**${count(r.n)} ${words(r.status)}**: ${r.names.map(md).join(', ')}${r.n > r.names.length ? ', …' : ''}`);
    const note = status === 'pending_approval' ? '\n\nAn administrator approves or rejects them in the Tool Registry.' : '';
    return { title: 'Tools', markdown: bullets(lines) + note, links };
  },
});

export const toolTypes = defineFact({
  name: 'tool_types',
  description: 'The kinds of tools one can register and what each does.',
  parameters: z.object({}),
  needs: '',
  allowed: () => true,
  async run() {
    return {
      title: 'Tool types',
      markdown: bullets(TOOL_TYPES.map((t) => `**${t.label}** (\`${t.type}\`): ${t.description}`)),
      links: [{ title: 'Tools in the guide', url: '/docs/tools' }],
    };
  },
});
