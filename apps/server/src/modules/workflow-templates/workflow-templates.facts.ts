/** What the AI assistant can read about workflow templates (its product facts; the catalogue is modules/ai/product-facts.ts). */
import { z } from 'zod';
import { listScope } from '../../http/organization-scope.ts';
import { bullets, md } from '../../ai/markdown.ts';
import { defineFact, hasAny } from '../../ai/fact-types.ts';
import { templateNamesForAssistant } from './workflow-templates.queries.ts';

export const templates = defineFact({
  name: 'workflow_templates',
  description: 'The workflow templates one can start a workflow from, with their descriptions.',
  parameters: z.object({}),
  needs: 'workflow:read',
  allowed: (auth) => hasAny(auth, 'workflow:read'),
  async run({ db, auth }) {
    const scope = listScope(auth);
    const rows = await templateNamesForAssistant(db, scope);
    const links = [{ title: 'Open the Visual Builder', url: '/workflows/builder' }];
    if (rows.length === 0) return { title: 'Templates', markdown: 'There are no workflow templates yet.', links };
    const lines = rows.map((t) => `**${md(t.name)}**${t.description ? `: ${md(t.description)}` : ''}`);
    return { title: 'Workflow templates', markdown: `${bullets(lines)}\n\nIn the Visual Builder, choose **Templates** to start a workflow from one.`, links };
  },
});
