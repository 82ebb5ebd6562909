/**
 * One applicant or case, asked about by name, e-mail address, external reference or application id ("Who is Radia
 * Lamarr?"): its status, where it waits (the current step), for whom (a reviewer role, the applicant's form, a
 * timer), since when, and its workflow; several cases for the text are listed briefly, most recent first. The cases
 * are found the way the Real-time Monitor's list finds them — its search for a text, its organization scope for an id
 * too — so a text that matches nothing the user may see reads the same whether or not it exists in another
 * organization.
 */
import { z } from 'zod';
import { APPLICATION_STATUS_LABELS, type ApplicationSummary } from '@admin-portal/contract/applications/api';
import { roleLabel } from '@admin-portal/contract/roles';
import { HttpError } from '../../http/errors.ts';
import { listScope } from '../../http/organization-scope.ts';
import { findCaseWaits, type CaseWaitRow } from './applications.queries.ts';
import { presentSummary } from './applications.presenter.ts';
import { listApplications, visibleApplication } from './applications.service.ts';
import type { FactContext, FactResult, ProductFact } from '../../ai/fact-types.ts';
import { count, duration, md, plural } from '../../ai/markdown.ts';

/** Cases listed when a text matches several. */
const LISTED = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

/** "12 Mar 2026, 14:05 UTC" in the asker's time zone. */
function when(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(date);
}

const ago = (date: Date, now: number) => (now >= date.getTime() ? `${duration(now - date.getTime())} ago` : `in ${duration(date.getTime() - now)}`);
const at = (date: Date, ctx: FactContext, now: number) => `${when(date, ctx.timeZone)} (${ago(date, now)})`;
const step = (c: ApplicationSummary) => (c.current_step_name ? ` at the step **${md(c.current_step_name)}**` : '');

/** What the case is doing now and for whom, in a few words (no time): "is **waiting for a review** … by an **Operator**". */
function state(c: ApplicationSummary, wait: CaseWaitRow | undefined, ctx: FactContext): string {
  switch (c.status) {
    case 'pending':
      return 'is **pending**: queued to start';
    case 'running':
      return `is **in progress**${step(c)}`;
    case 'waiting':
      if (c.waiting_for === 'approval') {
        const role = wait?.assignee_role ? roleLabel(wait.assignee_role) : null;
        const holder = wait?.holder_email
          ? `; **${md(wait.holder_name || wait.holder_email)}** has it`
          : wait?.assignee_role
            ? '; nobody has claimed it yet'
            : '';
        return `is **waiting for a review**${step(c)}${role ? `, by ${article(role)} **${md(role)}** (or an administrator)` : ''}${holder}`;
      }
      if (c.waiting_for === 'form') return `is **waiting for the applicant** to fill in the form${step(c)}`;
      if (c.waiting_for === 'delay') return `is **in a timed wait**${step(c)}${c.wait_until ? ` until ${when(new Date(c.wait_until), ctx.timeZone)}` : ''}`;
      if (c.waiting_for === 'retry') return `is **waiting to retry**${step(c)}${c.wait_until ? ` at ${when(new Date(c.wait_until), ctx.timeZone)}` : ''}`;
      return `is **waiting**${step(c)}`;
    case 'completed':
      return `is **completed**${c.outcome ? ` with the outcome **${md(c.outcome)}**` : ''}`;
    case 'failed':
      return `**failed**${step(c)}${c.error ? ` ("${md(c.error)}")` : ''}`;
    case 'cancelled':
      return 'was **cancelled**';
  }
}

/** Since when it is where it is: an open case since it entered its step, an ended one when it ended. */
function since(c: ApplicationSummary, wait: CaseWaitRow | undefined, ctx: FactContext, now: number): string {
  if (c.completed_at) return `, on ${at(new Date(c.completed_at), ctx, now)}`;
  const from = wait?.entered_at ?? new Date(c.updated_at);
  return `, since ${at(from, ctx, now)}`;
}

function dueLine(c: ApplicationSummary, wait: CaseWaitRow | undefined, ctx: FactContext, now: number): string | null {
  if (c.status !== 'waiting' || c.waiting_for !== 'approval' || !wait?.due_at) return null;
  const due = wait.due_at;
  return due.getTime() < now
    ? `The review is **overdue** by ${duration(now - due.getTime())} (it was due ${when(due, ctx.timeZone)}).`
    : `The review is due ${when(due, ctx.timeZone)} (in ${duration(due.getTime() - now)}).`;
}

function who(c: ApplicationSummary): string {
  const more = [c.applicant_email, c.external_ref].filter((v): v is string => Boolean(v)).map(md);
  return `**${md(c.applicant_name || 'The applicant')}**'s application${more.length ? ` (${more.join(', ')})` : ''}`;
}

function oneCase(c: ApplicationSummary, wait: CaseWaitRow | undefined, ctx: FactContext, now: number): FactResult {
  const due = dueLine(c, wait, ctx, now);
  const lines = [
    `Workflow: **${md(c.workflow_name)}** (version ${c.workflow_version})`,
    `Started ${at(new Date(c.created_at), ctx, now)}; last change ${at(new Date(c.updated_at), ctx, now)}`,
    `Application id: ${md(c.id)}`,
  ];
  return {
    title: md(c.applicant_name || 'Application'),
    markdown: `${who(c)} ${state(c, wait, ctx)}${since(c, wait, ctx, now)}.${due ? ` ${due}` : ''}\n\n${lines.map((l) => `- ${l}`).join('\n')}`,
    links: [{ title: 'Open the case in the Real-time Monitor', url: `/applications?case=${c.id}` }],
  };
}

function severalCases(
  query: string,
  cases: readonly ApplicationSummary[],
  total: { n: number; exact: boolean },
  waits: Map<string, CaseWaitRow>,
  ctx: FactContext,
  now: number,
): FactResult {
  const lines = cases.map(
    (c) =>
      `**${md(c.applicant_name)}**, ${md(c.workflow_name)}: ${state(c, waits.get(c.id), ctx).replace(/^(is|was) /, '')}${since(c, waits.get(c.id), ctx, now)}`,
  );
  const shown = total.exact ? plural(total.n, 'application') : `More than ${count(total.n)} applications`;
  const rest = total.n - cases.length;
  return {
    title: `Applications matching "${md(query)}"`,
    markdown:
      `**${shown}** match "${md(query)}"${total.n > cases.length ? `; the ${count(cases.length)} most recent` : ', most recent first'}:\n\n` +
      `${lines.map((l) => `- ${l}`).join('\n')}${rest > 0 ? `\n- … and ${total.exact ? `${count(rest)} more` : 'more'}` : ''}`,
    links: [
      { title: 'Open the matches in the Real-time Monitor', url: `/applications?q=${encodeURIComponent(query)}` },
      ...cases.slice(0, 2).map((c) => ({
        title: `Open ${c.applicant_name}'s case (${c.workflow_name}, ${APPLICATION_STATUS_LABELS[c.status].toLowerCase()})`,
        url: `/applications?case=${c.id}`,
      })),
    ],
  };
}

/**
 * The cases for a text (the list's search) or an id (the case view's visibility, within the list's scope too: a super
 * administrator who chose an organization hears of its cases only), most recent first.
 */
async function findCases(ctx: FactContext, query: string): Promise<{ cases: ApplicationSummary[]; total: { n: number; exact: boolean } }> {
  if (UUID.test(query)) {
    try {
      const row = await visibleApplication(ctx.db, ctx.auth, query.toLowerCase());
      const scope = listScope(ctx.auth);
      if (scope !== null && row.organization_id !== scope) return { cases: [], total: { n: 0, exact: true } };
      return { cases: [presentSummary(row)], total: { n: 1, exact: true } };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return { cases: [], total: { n: 0, exact: true } };
      throw error;
    }
  }
  const page = await listApplications(ctx.db, ctx.auth, { q: query, sort: '-created_at', limit: LISTED, offset: 0 });
  return { cases: page.items, total: { n: page.total, exact: page.total_exact !== false } };
}

export const applicationLookup: ProductFact<{ query: string }> = {
  name: 'application_lookup',
  description:
    'One applicant or case, by the applicant\'s name, e-mail address, external reference or the application id (e.g. "Radia Lamarr"): ' +
    'its status, the step it waits at and for whom (a reviewer role, the applicant, a timer), since when, and its workflow; ' +
    'several matches are listed, most recent first, with their total.',
  parameters: z.object({ query: z.string().trim().min(2).max(200).describe("The applicant's name, e-mail address, external reference or the application id") }),
  needs: 'application:read',
  allowed: (auth) => auth.permissions.has('application:read'),
  async run(ctx, { query }) {
    const { cases, total } = await findCases(ctx, query);
    if (cases.length === 0) {
      return {
        title: 'No application found',
        markdown: `I found no application for "${md(query)}" that you may see. Check the spelling, or ask with the applicant's e-mail address, the external reference or the application id.`,
        links: [{ title: 'Open the Real-time Monitor', url: '/applications' }],
      };
    }
    const waits = new Map(
      (
        await findCaseWaits(
          ctx.db,
          cases.map((c) => c.id),
        )
      ).map((w) => [w.id, w]),
    );
    const now = Date.now();
    return cases.length === 1 && total.n === 1 ? oneCase(cases[0]!, waits.get(cases[0]!.id), ctx, now) : severalCases(query, cases, total, waits, ctx, now);
  },
};
