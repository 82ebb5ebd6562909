/**
 * "What is on my plate?" (issue 35): the reviews the asking user has — claimed, or assigned by a lead — soonest
 * deadline first, how many are overdue, and how many of their roles nobody has claimed yet.
 */
import { z } from 'zod';
import { roleLabel } from '@admin-portal/contract/roles';
import { defineFact, hasAny } from '../../ai/fact-types.ts';
import { bullets, count, duration, md, plural } from '../../ai/markdown.ts';
import { listScope } from '../../http/organization-scope.ts';
import { listReviewTasks } from './review-tasks.queries.ts';
import { reviewQueueCounts } from './review-tasks.service.ts';

/** Reviews listed by name. */
const LISTED = 5;

export const myReviews = defineFact({
  name: 'my_reviews',
  description:
    'The reviews the asking user has now (claimed, or assigned to them by a lead), soonest deadline first, with applicant, workflow, step and ' +
    'deadline; how many are overdue; and how many reviews of their roles nobody has claimed yet.',
  parameters: z.object({}),
  needs: 'application:read',
  allowed: (auth) => hasAny(auth, 'application:read'),
  async run({ db, auth }) {
    const [counts, mine] = await Promise.all([
      reviewQueueCounts(db, auth, {}),
      listReviewTasks(db, { scope: listScope(auth), organizationId: null, status: 'open', roles: null, holder: auth.userId, limit: LISTED, offset: 0 }),
    ]);
    const links = [
      { title: 'Open your reviews', url: '/applications?view=queue&queue=mine' },
      { title: 'Open the unclaimed reviews', url: '/applications?view=queue&queue=unclaimed' },
    ];
    const unclaimed =
      counts.unclaimed === 0
        ? 'No review of your role waits unclaimed.'
        : `**${plural(counts.unclaimed, 'review')}** of your role${counts.unclaimed === 1 ? ' waits' : 's wait'} unclaimed.`;
    if (counts.mine === 0) return { title: 'Your reviews', markdown: `You have no open review. ${unclaimed}`, links };
    const now = Date.now();
    const lines = mine.rows.map((t) => {
      const due = t.due_at.getTime();
      const when = due < now ? `**overdue by ${duration(now - due)}**` : `due in ${duration(due - now)}`;
      return `**${md(t.applicant_name || 'Unnamed applicant')}**: ${md(t.workflow_name ?? 'workflow')} / ${md(t.step_name)} (${md(roleLabel(t.assignee_role))}), ${when}${t.assigned_by_email ? `, assigned by ${md(t.assigned_by_email)}` : ''}`;
    });
    const more = counts.mine > mine.rows.length ? `\n- … and ${count(counts.mine - mine.rows.length)} more` : '';
    return {
      title: 'Your reviews',
      markdown:
        `You have **${plural(counts.mine, 'open review')}**${counts.overdue_mine ? `, **${count(counts.overdue_mine)}** past the deadline` : ', none past the deadline'}; soonest first:\n\n` +
        `${bullets(lines)}${more}\n\n${unclaimed}`,
      links: [
        {
          title: `Open ${mine.rows[0]!.applicant_name || 'the first'}'s case`,
          url: `/applications?view=queue&queue=mine&case=${mine.rows[0]!.application_id}`,
        },
        ...links,
      ],
    };
  },
});
