/** What the AI assistant can read about organizations (its product facts; the catalogue is modules/ai/product-facts.ts). */
import { z } from 'zod';
import { bullets, md, plural } from '../../ai/markdown.ts';
import { defineFact } from '../../ai/fact-types.ts';
import { organizationsWithUserCounts } from './organizations.queries.ts';

export const organizations = defineFact({
  name: 'organizations',
  description: 'The organizations the user can see: for a super administrator all of them with their user counts, for others their own.',
  parameters: z.object({}),
  needs: '',
  allowed: () => true,
  async run({ db, auth }) {
    const rows = await organizationsWithUserCounts(db, auth.isSuperAdmin, auth.homeOrganizationId);
    if (!auth.isSuperAdmin) {
      const own = rows[0];
      return {
        title: 'Your organization',
        markdown: `You work in **${md(own?.name ?? 'your organization')}**${own ? ` (${plural(own.users, 'user')})` : ''}. Only a super administrator sees and switches between organizations.`,
        links: [{ title: 'Organizations in the guide', url: '/docs/organizations' }],
      };
    }
    const lines = rows.map((o) => `**${md(o.name)}**: ${plural(o.users, 'user')}${o.is_active ? '' : ' (deactivated)'}`);
    return {
      title: 'Organizations',
      markdown: `${plural(rows.length, 'organization')}${rows.length >= 20 ? ' (the first 20)' : ''}:\n\n${bullets(lines)}\n\nSwitch between them with the organization picker in the header.`,
      links: [{ title: 'Open Organizations', url: '/settings/organizations' }],
    };
  },
});
