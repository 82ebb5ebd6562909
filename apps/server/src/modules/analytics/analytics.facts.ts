/** What the AI assistant can read about analytics (its product facts; the catalogue is modules/ai/product-facts.ts). */
import { z } from 'zod';
import { analyticsQuerySchema, type AnalyticsRange } from '@admin-portal/contract/analytics/api';
import { roleLabel } from '@admin-portal/contract/roles';
import { listScope } from '../../http/organization-scope.ts';
import { failureReasons, openCases, openReviews, stepNames, toolErrors, urgentReviews, workflowNames } from './analytics.queries.ts';
import { applicationsAnalytics, scopedPeriod } from './analytics.service.ts';
import { computeInsights } from './insights.service.ts';
import { toolHealth } from './tool-health.service.ts';
import { bullets, count, duration, md, percent, plural, trend } from '../../ai/markdown.ts';
import { defineFact, hasAny, type FactContext } from '../../ai/fact-types.ts';

const RANGE_WORDS: Record<Exclude<AnalyticsRange, 'custom'>, string> = {
  today: 'today',
  '7d': 'the last 7 days',
  '30d': 'the last 30 days',
  '90d': 'the last 90 days',
};
const RANGE_PERIOD: Record<Exclude<AnalyticsRange, 'custom'>, string> = { today: 'day', '7d': '7 days', '30d': '30 days', '90d': '90 days' };
const rangeSchema = z.enum(['today', '7d', '30d', '90d']).default('7d');
function analyticsQuery(ctx: FactContext, range: Exclude<AnalyticsRange, 'custom'>) {
  return analyticsQuerySchema.parse({ range, tz: ctx.timeZone });
}

export const reviewQueue = defineFact({
  name: 'review_queue',
  description: 'The applications waiting for a staff review now: how many, how many are overdue, by workflow, step and reviewer role.',
  parameters: z.object({}),
  needs: 'application:read',
  allowed: (auth) => hasAny(auth, 'application:read'),
  async run({ db, auth }) {
    const rows = await openReviews(db, listScope(auth));
    const open = rows.reduce((s, r) => s + r.open, 0);
    const overdue = rows.reduce((s, r) => s + r.overdue, 0);
    const links = [{ title: 'Open the review queue', url: '/applications?review=1' }];
    if (open === 0) return { title: 'Review queue', markdown: 'No application waits for a review right now.', links };
    const [names, steps] = await Promise.all([
      workflowNames(db, [...new Set(rows.map((r) => r.workflow_id))]),
      stepNames(db, [...new Set(rows.map((r) => r.step_id))]),
    ]);
    const top = [...rows].sort((a, b) => b.overdue - a.overdue || b.open - a.open).slice(0, 5);
    const lines = top.map(
      (r) =>
        `**${md(names.get(r.workflow_id)?.name ?? 'A workflow')}**, step ${md(steps.get(r.step_id)?.name ?? 'review')} (${md(roleLabel(r.assignee_role))}): ${plural(r.open, 'open review')}` +
        (r.overdue ? `, **${count(r.overdue)} overdue**` : ''),
    );
    if (overdue > 0) links.push({ title: 'Open the overdue cases', url: '/applications?overdue=1' });
    return {
      title: 'Review queue',
      markdown: `**${plural(open, 'application')}** ${open === 1 ? 'waits' : 'wait'} for a review${overdue ? `, **${count(overdue)}** of them past the deadline` : ', none past the deadline'}.\n\n${bullets(lines)}`,
      links,
    };
  },
});

export const overdueReviews = defineFact({
  name: 'overdue_reviews',
  description: 'The open reviews whose deadline (SLA) has passed, oldest deadline first, with applicant, workflow, step and role.',
  parameters: z.object({}),
  needs: 'application:read',
  allowed: (auth) => hasAny(auth, 'application:read'),
  async run({ db, auth }) {
    const rows = (await urgentReviews(db, listScope(auth), 10)).filter((r) => r.overdue);
    const links = [{ title: 'Open the overdue cases', url: '/applications?overdue=1' }];
    if (rows.length === 0) return { title: 'Overdue reviews', markdown: 'No review is past its deadline.', links };
    const now = Date.now();
    const lines = rows
      .slice(0, 5)
      .map(
        (r) =>
          `**${md(r.applicant_name)}**: ${md(r.workflow_name ?? 'workflow')} / ${md(r.step_name)} for ${md(roleLabel(r.assignee_role))}, overdue by ${duration(now - r.due_at.getTime())}`,
      );
    return {
      title: 'Overdue reviews',
      markdown: `${rows.length >= 10 ? 'At least 10' : count(rows.length)} ${rows.length === 1 ? 'review is' : 'reviews are'} past the deadline, oldest first:\n\n${bullets(lines)}`,
      links,
    };
  },
});

const WAIT_WORDS: Record<string, string> = {
  form: 'at a form (the applicant has to answer)',
  approval: 'waiting for a review',
  delay: 'in a timed wait',
  retry: 'waiting to retry a step',
};

export const openApplications = defineFact({
  name: 'open_applications',
  description: 'The applications still in progress now, by what they wait for (a form, a review, a timer, a retry) and by workflow.',
  parameters: z.object({}),
  needs: 'application:read',
  allowed: (auth) => hasAny(auth, 'application:read'),
  async run({ db, auth }) {
    const rows = await openCases(db, listScope(auth));
    const total = rows.reduce((s, r) => s + r.n, 0);
    const links = [{ title: 'Open the Real-time Monitor', url: '/applications' }];
    if (total === 0) return { title: 'Open applications', markdown: 'No application is in progress right now.', links };
    const byWait = new Map<string, number>();
    const byWorkflow = new Map<string, number>();
    for (const r of rows) {
      const key = r.waiting_for ?? 'running';
      byWait.set(key, (byWait.get(key) ?? 0) + r.n);
      byWorkflow.set(r.workflow_id, (byWorkflow.get(r.workflow_id) ?? 0) + r.n);
    }
    const names = await workflowNames(db, [...byWorkflow.keys()]);
    const waits = [...byWait].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${count(n)} ${WAIT_WORDS[k] ?? 'running'}`);
    const flows = [...byWorkflow]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([id, n]) => `**${md(names.get(id)?.name ?? 'A workflow')}**: ${count(n)}`);
    return {
      title: 'Open applications',
      markdown: `**${plural(total, 'application')}** ${total === 1 ? 'is' : 'are'} in progress: ${waits.join(', ')}.\n\n${bullets(flows)}`,
      links,
    };
  },
});

export const onboardingSummary = defineFact({
  name: 'onboarding_summary',
  description:
    'How onboarding went in a period (today, 7, 30 or 90 days): applications started, completed, approved, rejected, failed, approval rate and time to decision, against the previous period.',
  parameters: z.object({ range: rangeSchema }),
  needs: 'view_analytics',
  allowed: (auth) => hasAny(auth, 'view_analytics'),
  async run(ctx, { range }) {
    const a = await applicationsAnalytics(ctx.db, ctx.auth, analyticsQuery(ctx, range));
    const t = a.totals;
    const p = a.previous;
    const period = RANGE_PERIOD[range];
    const lines = [
      `**${count(t.started)}** started${trend(t.started, p.started, period)}`,
      `**${count(t.completed)}** completed: ${count(t.approved)} approved, ${count(t.rejected)} rejected`,
      `**${count(t.failed)}** failed, ${count(t.cancelled)} cancelled`,
      `Approval rate **${percent(t.approval_rate)}**${p.approval_rate === null ? '' : ` (previous ${period}: ${percent(p.approval_rate)})`}`,
      `Time to decision: median ${duration(t.decision_p50_ms)}, 90th percentile ${duration(t.decision_p90_ms)}`,
    ];
    const open = a.open_now.total;
    return {
      title: `Onboarding in ${RANGE_WORDS[range]}`,
      markdown: `${bullets(lines)}\n\n${plural(open, 'application')} ${open === 1 ? 'is' : 'are'} in progress now.`,
      links: [{ title: 'Open Application Analytics', url: `/applications/analytics?range=${range}` }],
    };
  },
});

export const insights = defineFact({
  name: 'insights',
  description:
    'Ranked findings about the workflows in a period: where applicants drop off, SLA breaches, failing tools, high failure rates, workflows without traffic, slow steps, long waits.',
  parameters: z.object({
    range: rangeSchema.default('30d'),
    kind: z
      .enum(['drop_off', 'sla_breaches', 'failing_tool', 'failure_rate', 'no_traffic', 'slow_step', 'longest_wait', 'stale_draft', 'validation_problems'])
      .optional(),
  }),
  needs: 'view_analytics',
  allowed: (auth) => hasAny(auth, 'view_analytics'),
  async run(ctx, { range, kind }) {
    const scoped = await scopedPeriod(ctx.db, ctx.auth, analyticsQuery(ctx, range));
    const all = await computeInsights(ctx.db, ctx.auth, scoped);
    const found = (kind ? all.filter((i) => i.kind === kind) : all).slice(0, 5);
    const links = [{ title: 'Open Workflow Analytics', url: `/workflows/analytics?range=${range}` }];
    if (found.length === 0) {
      return {
        title: 'Findings',
        markdown: `Nothing stands out in ${RANGE_WORDS[range]}${kind === 'drop_off' ? ': no step loses a notable share of applicants' : ''}.`,
        links,
      };
    }
    const lines = found.map(
      (i) => `**${md(i.title)}**: ${md(i.message)}${i.evidence.length ? ` (${i.evidence.map((e) => `${md(e.label)}: ${md(e.value)}`).join('; ')})` : ''}`,
    );
    for (const i of found) if (links.length < 4) links.push({ title: i.link.label, url: i.link.path });
    return { title: `Findings in ${RANGE_WORDS[range]}`, markdown: bullets(lines), links };
  },
});

export const failures = defineFact({
  name: 'failure_reasons',
  description: 'Why applications failed in a period: the most common failure reasons with the step they failed at.',
  parameters: z.object({ range: rangeSchema.default('30d') }),
  needs: 'view_analytics',
  allowed: (auth) => hasAny(auth, 'view_analytics'),
  async run(ctx, { range }) {
    const scoped = await scopedPeriod(ctx.db, ctx.auth, analyticsQuery(ctx, range));
    const rows = await failureReasons(ctx.db, scoped.span, 5);
    const links = [{ title: 'Open the failed cases', url: '/applications?status=failed' }];
    if (rows.length === 0) return { title: 'Failures', markdown: `No application failed in ${RANGE_WORDS[range]}.`, links };
    const steps = await stepNames(
      ctx.db,
      rows.map((r) => r.step_id),
    );
    const lines = rows.map((r) => `${plural(r.count, 'case')}: "${md(r.reason)}" at step ${md(steps.get(r.step_id)?.name ?? 'outside a step')}`);
    return { title: `Why applications failed in ${RANGE_WORDS[range]}`, markdown: bullets(lines), links };
  },
});

export const toolFailures = defineFact({
  name: 'tool_failures',
  description: 'Which tools failed in a period (today, 7, 30 or 90 days): calls, errors, error rate and latency per tool, and the most common errors.',
  parameters: z.object({ range: rangeSchema.default('today') }),
  needs: 'tool:read',
  allowed: (auth) => hasAny(auth, 'tool:read'),
  async run(ctx, { range }) {
    const scoped = await scopedPeriod(ctx.db, ctx.auth, analyticsQuery(ctx, range));
    const health = await toolHealth(ctx.db, scoped, null);
    const failing = health.tools.filter((t) => t.errors > 0);
    const links = [{ title: 'Open Tool Analytics', url: '/tools/analytics' }];
    if (health.calls === 0) return { title: 'Tool calls', markdown: `No tool was called ${range === 'today' ? 'today' : `in ${RANGE_WORDS[range]}`}.`, links };
    if (failing.length === 0)
      return {
        title: 'Tool calls',
        markdown: `No tool failed ${range === 'today' ? 'today' : `in ${RANGE_WORDS[range]}`}: ${plural(health.calls, 'call')}, all successful.`,
        links,
      };
    const lines = await Promise.all(
      failing.slice(0, 5).map(async (t) => {
        const errors = await toolErrors(ctx.db, { ...scoped.span, toolId: t.tool_id, callerWorkflowId: null }, 2);
        const why = errors.length ? `; most often "${md(errors[0]!.error)}"` : '';
        return `**${md(t.name ?? 'A tool')}**: ${plural(t.errors, 'error')} in ${plural(t.calls, 'call')} (${percent(t.error_rate)})${t.failed_cases ? `, ${plural(t.failed_cases, 'case')} failed there` : ''}${why}`;
      }),
    );
    links.push(...failing.slice(0, 2).map((t) => ({ title: `${t.name ?? 'Tool'} analytics`, url: `/tools/analytics?tool=${t.tool_id}` })));
    return {
      title: `Tool failures ${range === 'today' ? 'today' : `in ${RANGE_WORDS[range]}`}`,
      markdown: `${plural(failing.length, 'tool')} failed: ${plural(health.errors, 'error')} in ${plural(health.calls, 'call')} (${percent(health.error_rate)}).\n\n${bullets(lines)}`,
      links,
    };
  },
});
