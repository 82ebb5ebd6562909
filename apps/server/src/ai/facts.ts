/**
 * The read-only product queries the assistant may use to answer from live data — the same for every provider (the
 * built-in one picks them by intent, a language model calls them as tools). Each says which permission it needs and
 * reads only the caller's organization (a super admin's chosen one, or all), as the API does: the assistant never
 * reveals what the asking user could not read through the API. Nothing here writes.
 */
import { z } from 'zod';
import { analyticsQuerySchema, type AnalyticsRange } from '@admin-portal/contract/analytics/api';
import { IMPLICATIONS, ROLE_DEFAULTS, type Permission } from '@admin-portal/contract/permissions';
import { roleLabel, ROLES, type Role } from '@admin-portal/contract/roles';
import { TOOL_TYPES } from '@admin-portal/contract/tools/tool-types/registry';
import { STEP_TYPES } from '@admin-portal/contract/workflows/step-types/registry';
import type { AuthContext } from '../http/context.ts';
import { listScope } from '../http/organization-scope.ts';
import { failureReasons, openCases, openReviews, stepNames, toolErrors, urgentReviews, workflowNames } from '../modules/analytics/analytics.queries.ts';
import { applicationsAnalytics, scopedPeriod } from '../modules/analytics/analytics.service.ts';
import { computeInsights } from '../modules/analytics/insights.service.ts';
import { toolHealth } from '../modules/analytics/tool-health.service.ts';
import { applicationLookup } from './application-lookup.ts';
import type { Db } from '../db/client.ts';
import { count, duration, md, percent, plural, trend } from './markdown.ts';
import type { FactContext, Link, ProductFact } from './fact-types.ts';

const has = (auth: AuthContext, ...any: Permission[]) => any.some((p) => auth.permissions.has(p));
const scopeOf = (auth: AuthContext) => listScope(auth);
const rangeSchema = z.enum(['today', '7d', '30d', '90d']).default('7d');
const RANGE_WORDS: Record<Exclude<AnalyticsRange, 'custom'>, string> = { today: 'today', '7d': 'the last 7 days', '30d': 'the last 30 days', '90d': 'the last 90 days' };
const RANGE_PERIOD: Record<Exclude<AnalyticsRange, 'custom'>, string> = { today: 'day', '7d': '7 days', '30d': '30 days', '90d': '90 days' };
const bullets = (lines: readonly string[]) => lines.map((l) => `- ${l}`).join('\n');
const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

function analyticsQuery(ctx: FactContext, range: Exclude<AnalyticsRange, 'custom'>) {
  return analyticsQuerySchema.parse({ range, tz: ctx.timeZone });
}

function defineFact<A>(fact: ProductFact<A>): ProductFact<A> {
  return fact;
}

const reviewQueue = defineFact({
  name: 'review_queue',
  description: 'The applications waiting for a staff review now: how many, how many are overdue, by workflow, step and reviewer role.',
  parameters: z.object({}),
  needs: 'application:read',
  allowed: (auth) => has(auth, 'application:read'),
  async run({ db, auth }) {
    const rows = await openReviews(db, scopeOf(auth));
    const open = rows.reduce((s, r) => s + r.open, 0);
    const overdue = rows.reduce((s, r) => s + r.overdue, 0);
    const links = [{ title: 'Open the review queue', url: '/applications?review=1' }];
    if (open === 0) return { title: 'Review queue', markdown: 'No application waits for a review right now.', links };
    const [names, steps] = await Promise.all([workflowNames(db, [...new Set(rows.map((r) => r.workflow_id))]), stepNames(db, [...new Set(rows.map((r) => r.step_id))])]);
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

const overdueReviews = defineFact({
  name: 'overdue_reviews',
  description: 'The open reviews whose deadline (SLA) has passed, oldest deadline first, with applicant, workflow, step and role.',
  parameters: z.object({}),
  needs: 'application:read',
  allowed: (auth) => has(auth, 'application:read'),
  async run({ db, auth }) {
    const rows = (await urgentReviews(db, scopeOf(auth), 10)).filter((r) => r.overdue);
    const links = [{ title: 'Open the overdue cases', url: '/applications?overdue=1' }];
    if (rows.length === 0) return { title: 'Overdue reviews', markdown: 'No review is past its deadline.', links };
    const now = Date.now();
    const lines = rows
      .slice(0, 5)
      .map((r) => `**${md(r.applicant_name)}**: ${md(r.workflow_name ?? 'workflow')} / ${md(r.step_name)} for ${md(roleLabel(r.assignee_role))}, overdue by ${duration(now - r.due_at.getTime())}`);
    return { title: 'Overdue reviews', markdown: `${rows.length >= 10 ? 'At least 10' : count(rows.length)} ${rows.length === 1 ? 'review is' : 'reviews are'} past the deadline, oldest first:\n\n${bullets(lines)}`, links };
  },
});

const WAIT_WORDS: Record<string, string> = { form: 'at a form (the applicant has to answer)', approval: 'waiting for a review', delay: 'in a timed wait', retry: 'waiting to retry a step' };

const openApplications = defineFact({
  name: 'open_applications',
  description: 'The applications still in progress now, by what they wait for (a form, a review, a timer, a retry) and by workflow.',
  parameters: z.object({}),
  needs: 'application:read',
  allowed: (auth) => has(auth, 'application:read'),
  async run({ db, auth }) {
    const rows = await openCases(db, scopeOf(auth));
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
    const flows = [...byWorkflow].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([id, n]) => `**${md(names.get(id)?.name ?? 'A workflow')}**: ${count(n)}`);
    return { title: 'Open applications', markdown: `**${plural(total, 'application')}** ${total === 1 ? 'is' : 'are'} in progress: ${waits.join(', ')}.\n\n${bullets(flows)}`, links };
  },
});

const onboardingSummary = defineFact({
  name: 'onboarding_summary',
  description: 'How onboarding went in a period (today, 7, 30 or 90 days): applications started, completed, approved, rejected, failed, approval rate and time to decision, against the previous period.',
  parameters: z.object({ range: rangeSchema }),
  needs: 'view_analytics',
  allowed: (auth) => has(auth, 'view_analytics'),
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

const insights = defineFact({
  name: 'insights',
  description: 'Ranked findings about the workflows in a period: where applicants drop off, SLA breaches, failing tools, high failure rates, workflows without traffic, slow steps, long waits.',
  parameters: z.object({ range: rangeSchema.default('30d'), kind: z.enum(['drop_off', 'sla_breaches', 'failing_tool', 'failure_rate', 'no_traffic', 'slow_step', 'longest_wait', 'stale_draft', 'validation_problems']).optional() }),
  needs: 'view_analytics',
  allowed: (auth) => has(auth, 'view_analytics'),
  async run(ctx, { range, kind }) {
    const scoped = await scopedPeriod(ctx.db, ctx.auth, analyticsQuery(ctx, range));
    const all = await computeInsights(ctx.db, ctx.auth, scoped);
    const found = (kind ? all.filter((i) => i.kind === kind) : all).slice(0, 5);
    const links = [{ title: 'Open Workflow Analytics', url: `/workflows/analytics?range=${range}` }];
    if (found.length === 0) {
      return { title: 'Findings', markdown: `Nothing stands out in ${RANGE_WORDS[range]}${kind === 'drop_off' ? ': no step loses a notable share of applicants' : ''}.`, links };
    }
    const lines = found.map((i) => `**${md(i.title)}**: ${md(i.message)}${i.evidence.length ? ` (${i.evidence.map((e) => `${md(e.label)}: ${md(e.value)}`).join('; ')})` : ''}`);
    for (const i of found) if (links.length < 4) links.push({ title: i.link.label, url: i.link.path });
    return { title: `Findings in ${RANGE_WORDS[range]}`, markdown: bullets(lines), links };
  },
});

const failures = defineFact({
  name: 'failure_reasons',
  description: 'Why applications failed in a period: the most common failure reasons with the step they failed at.',
  parameters: z.object({ range: rangeSchema.default('30d') }),
  needs: 'view_analytics',
  allowed: (auth) => has(auth, 'view_analytics'),
  async run(ctx, { range }) {
    const scoped = await scopedPeriod(ctx.db, ctx.auth, analyticsQuery(ctx, range));
    const rows = await failureReasons(ctx.db, scoped.span, 5);
    const links = [{ title: 'Open the failed cases', url: '/applications?status=failed' }];
    if (rows.length === 0) return { title: 'Failures', markdown: `No application failed in ${RANGE_WORDS[range]}.`, links };
    const steps = await stepNames(ctx.db, rows.map((r) => r.step_id));
    const lines = rows.map((r) => `${plural(r.count, 'case')}: "${md(r.reason)}" at step ${md(steps.get(r.step_id)?.name ?? 'outside a step')}`);
    return { title: `Why applications failed in ${RANGE_WORDS[range]}`, markdown: bullets(lines), links };
  },
});

const toolFailures = defineFact({
  name: 'tool_failures',
  description: 'Which tools failed in a period (today, 7, 30 or 90 days): calls, errors, error rate and latency per tool, and the most common errors.',
  parameters: z.object({ range: rangeSchema.default('today') }),
  needs: 'tool:read',
  allowed: (auth) => has(auth, 'tool:read'),
  async run(ctx, { range }) {
    const scoped = await scopedPeriod(ctx.db, ctx.auth, analyticsQuery(ctx, range));
    const health = await toolHealth(ctx.db, scoped, null);
    const failing = health.tools.filter((t) => t.errors > 0);
    const links = [{ title: 'Open Tool Analytics', url: '/tools/analytics' }];
    if (health.calls === 0) return { title: 'Tool calls', markdown: `No tool was called ${range === 'today' ? 'today' : `in ${RANGE_WORDS[range]}`}.`, links };
    if (failing.length === 0) return { title: 'Tool calls', markdown: `No tool failed ${range === 'today' ? 'today' : `in ${RANGE_WORDS[range]}`}: ${plural(health.calls, 'call')}, all successful.`, links };
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

/** Roles that may decide any review (review-tasks.service: administrators always, others when the step names them). */
const ALWAYS_DECIDE: readonly Role[] = ['super_admin', 'admin'];

const whoCanApprove = defineFact({
  name: 'who_can_approve',
  description: 'Who may decide the reviews (approval steps) of the workflows whose name or step name matches a subject (e.g. "KYC"): the reviewer role of each approval step and the people who hold it.',
  parameters: z.object({ subject: z.string().max(100).optional() }),
  needs: 'workflow:read',
  allowed: (auth) => has(auth, 'workflow:read'),
  async run({ db, auth }, { subject }) {
    const scope = scopeOf(auth);
    const params: unknown[] = [];
    const where = [`s.type = 'approval'`, `w.status <> 'archived'`];
    if (scope) where.push(`w.organization_id = $${params.push(scope)}`);
    if (subject) where.push(`(w.name ilike $${params.push(`%${subject.replace(/[\\%_]/g, '\\$&')}%`)} or s.name ilike $${params.length})`);
    const steps = await db.query<{ workflow_id: string; workflow_name: string; status: string; step_name: string; role: string; sla_hours: number | null; organization_id: string }>(
      `select w.id as workflow_id, w.name as workflow_name, w.status, s.name as step_name, coalesce(s.config->>'assignee_role', 'operator') as role,
              coalesce((s.config->>'sla_hours')::float8, 24) as sla_hours, w.organization_id
         from steps s join workflows w on w.id = s.workflow_id where ${where.join(' and ')}
        order by w.status = 'active' desc, w.name, s.name limit 20`,
      params,
    );
    const links = [{ title: 'Open All Workflows', url: '/workflows' }];
    const about = subject ? ` for "${md(subject)}"` : '';
    if (steps.rows.length === 0) {
      return { title: 'Approvers', markdown: `I found no approval step${about} in your workflows. Administrators may decide any review.`, links };
    }
    const roles = [...new Set(steps.rows.map((s) => s.role))];
    const lines = steps.rows.slice(0, 8).map(
      (s) => `**${md(s.workflow_name)}** (${md(s.status)}), step ${md(s.step_name)}: ${md(roleLabel(s.role))}${s.sla_hours ? `, within ${s.sla_hours} h` : ''}`,
    );
    let people = '';
    if (has(auth, 'user:read')) {
      const upar: unknown[] = [[...new Set([...roles, ...ALWAYS_DECIDE.filter((r) => r !== 'super_admin')])]];
      const orgs = [...new Set(steps.rows.map((s) => s.organization_id))];
      upar.push(orgs);
      const users = await db.query<{ role: string; name: string; n: number }>(
        `select role, min(first_name || ' ' || last_name) as name, count(*)::int as n from users
          where role = any($1::text[]) and organization_id = any($2::uuid[]) and is_active group by role order by role`,
        upar,
      );
      const held = users.rows.map((u) => `${md(roleLabel(u.role))}: ${plural(u.n, 'person', 'people')}${u.n === 1 ? ` (${md(u.name)})` : ''}`);
      if (held.length) people = `\n\nWho holds these roles: ${held.join('; ')}.`;
      links.push({ title: 'Open User Management', url: '/users' });
    }
    return {
      title: `Who can approve${about}`,
      markdown: `${bullets(lines)}\n\nA review is decided by the role its step names, or by an administrator or super administrator.${people}`,
      links,
    };
  },
});

/** Everything a role's defaults grant, implications included (the same expansion as the server's). */
function expand(perms: readonly Permission[]): Permission[] {
  const out = new Set<Permission>();
  const add = (p: Permission) => {
    if (out.has(p)) return;
    out.add(p);
    for (const q of IMPLICATIONS[p] ?? []) add(q);
  };
  perms.forEach(add);
  return [...out].sort();
}

const PERMISSION_WORDS: Partial<Record<Permission, string>> = {
  manage_users: 'create, change and remove users',
  manage_workflows: 'build, change and publish workflows',
  manage_tools: 'register and change tools',
  manage_organizations: 'manage organizations and their settings',
  view_analytics: 'see the dashboard and analytics',
  manage_templates: 'manage workflow templates',
  manage_integrations: 'manage integrations and system configuration',
  view_audit_logs: 'read the audit log',
  view_workflows: 'see workflows',
  execute_workflows: 'start, retry and cancel applications and work in the monitor',
};

const rolePermissions = defineFact({
  name: 'role_permissions',
  description: 'What a role may do (its default permissions), or, without a role, what the asking user may do.',
  parameters: z.object({ role: z.enum(ROLES).optional() }),
  needs: '',
  allowed: () => true,
  async run({ auth }, { role }) {
    const links = [{ title: 'Users, roles and permissions', url: '/docs/users-and-roles' }];
    if (!role) {
      const mine = [...auth.permissions].sort();
      const words = mine.flatMap((p) => PERMISSION_WORDS[p] ?? []);
      return {
        title: 'Your permissions',
        markdown: `You are signed in as **${md(roleLabel(auth.role))}**. You may ${words.length ? words.join(', ') : 'use the portal with the permissions below'}.\n\nPermissions: ${mine.map((p) => `\`${p}\``).join(', ')}.`,
        links,
      };
    }
    const base = ROLE_DEFAULTS[role];
    const words = base.flatMap((p) => PERMISSION_WORDS[p] ?? []);
    const decides = ['super_admin', 'admin', 'manager', 'operator', 'compliance_officer'].includes(role);
    return {
      title: `What ${article(roleLabel(role))} ${roleLabel(role)} can do`,
      markdown:
        `${article(roleLabel(role)) === 'an' ? 'An' : 'A'} **${md(roleLabel(role))}** may ${words.length ? words.join(', ') : 'use every part of the portal'}` +
        `${role === 'admin' || role === 'super_admin' ? ' — every permission' : ''}.` +
        `${decides ? ` ${ALWAYS_DECIDE.includes(role) ? 'They may decide any review.' : 'They decide the reviews of approval steps that name their role.'}` : ''}` +
        `\n\nPermissions: ${expand(base).map((p) => `\`${p}\``).join(', ')}.`,
      links,
    };
  },
});

/** Workflows or tools of the scope by status: how many, and the names of the 8 changed last (one status, or all). */
async function namesByStatus(db: Db, table: 'workflows' | 'tools', scope: string | null, status: string | undefined) {
  const res = await db.query<{ status: string; n: number; names: string[] }>(
    `select status, count(*)::int as n, (array_agg(name order by updated_at desc))[1:8] as names from ${table}
      where ($1::uuid is null or organization_id = $1) and ($2::text is null or status = $2) group by status order by status`,
    [scope, status ?? null],
  );
  return res.rows;
}

const workflowsOverview = defineFact({
  name: 'workflows',
  description: 'The workflows: how many are active, draft or archived, and their names (optionally only one status).',
  parameters: z.object({ status: z.enum(['active', 'draft', 'archived']).optional() }),
  needs: 'workflow:read',
  allowed: (auth) => has(auth, 'workflow:read'),
  async run({ db, auth }, { status }) {
    const rows = await namesByStatus(db, 'workflows', scopeOf(auth), status);
    const links = [{ title: 'Open All Workflows', url: status ? `/workflows?status=${status}` : '/workflows' }];
    if (rows.length === 0) return { title: 'Workflows', markdown: status ? `There is no ${status} workflow.` : 'There are no workflows yet. Create one in the Visual Builder.', links };
    const lines = rows.map((r) => `**${count(r.n)} ${md(r.status)}**: ${r.names.map(md).join(', ')}${r.n > r.names.length ? ', …' : ''}`);
    return { title: status ? `${status[0]!.toUpperCase()}${status.slice(1)} workflows` : 'Workflows', markdown: bullets(lines), links };
  },
});

const toolsOverview = defineFact({
  name: 'tools',
  description: 'The registered tools by status (draft, pending approval, approved, rejected, disabled), with names; e.g. which wait for approval.',
  parameters: z.object({ status: z.enum(['draft', 'pending_approval', 'approved', 'rejected', 'disabled']).optional() }),
  needs: 'tool:read',
  allowed: (auth) => has(auth, 'tool:read'),
  async run({ db, auth }, { status }) {
    const rows = await namesByStatus(db, 'tools', scopeOf(auth), status);
    const words = (s: string) => s.replace('_', ' ');
    const links = [{ title: 'Open the Tool Registry', url: '/tools' }];
    if (rows.length === 0) return { title: 'Tools', markdown: status ? `No tool is ${words(status)}.` : 'No tool is registered yet.', links };
    const lines = rows.map((r) => `**${count(r.n)} ${words(r.status)}**: ${r.names.map(md).join(', ')}${r.n > r.names.length ? ', …' : ''}`);
    const note = status === 'pending_approval' ? '\n\nAn administrator approves or rejects them in the Tool Registry.' : '';
    return { title: 'Tools', markdown: bullets(lines) + note, links };
  },
});

const usersOverview = defineFact({
  name: 'users',
  description: 'The user accounts: how many hold each role, who is locked out or deactivated; or the people holding one role.',
  parameters: z.object({ role: z.enum(ROLES).optional(), locked: z.boolean().optional() }),
  needs: 'user:read',
  allowed: (auth) => has(auth, 'user:read'),
  async run({ db, auth }, { role, locked }) {
    const scope = scopeOf(auth);
    const links = [{ title: 'Open User Management', url: '/users' }];
    if (locked) {
      const res = await db.query<{ name: string; email: string; locked_until: Date }>(
        `select first_name || ' ' || last_name as name, email, locked_until from users
          where locked_until > now() and ($1::uuid is null or organization_id = $1) order by locked_until desc limit 10`,
        [scope],
      );
      if (res.rows.length === 0) return { title: 'Locked accounts', markdown: 'No account is locked.', links };
      const lines = res.rows.map((u) => `**${md(u.name)}** (${md(u.email)}), locked until ${u.locked_until.toISOString().slice(11, 16)} UTC`);
      return { title: 'Locked accounts', markdown: `${bullets(lines)}\n\nUnlock an account from its row in User Management (Unlock).`, links: [{ title: 'Open locked users', url: '/users?locked=true' }] };
    }
    if (role) {
      const res = await db.query<{ name: string; email: string }>(
        `select first_name || ' ' || last_name as name, email from users where role = $2 and is_active and ($1::uuid is null or organization_id = $1)
          order by last_name, first_name limit 11`,
        [scope, role],
      );
      if (res.rows.length === 0) return { title: roleLabel(role), markdown: `Nobody holds the role ${md(roleLabel(role))}.`, links };
      const lines = res.rows.slice(0, 10).map((u) => `${md(u.name)} (${md(u.email)})`);
      return { title: `${roleLabel(role)}s`, markdown: `${bullets(lines)}${res.rows.length > 10 ? '\n- …' : ''}`, links: [{ title: `Open ${roleLabel(role)}s`, url: `/users?role=${role}` }] };
    }
    const res = await db.query<{ role: string; n: number; inactive: number; locked: number }>(
      `select role, count(*)::int as n, count(*) filter (where not is_active)::int as inactive, count(*) filter (where locked_until > now())::int as locked
         from users where ($1::uuid is null or organization_id = $1) group by role order by count(*) desc`,
      [scope],
    );
    const total = res.rows.reduce((s, r) => s + r.n, 0);
    const lockedN = res.rows.reduce((s, r) => s + r.locked, 0);
    const inactive = res.rows.reduce((s, r) => s + r.inactive, 0);
    const lines = res.rows.map((r) => `${md(roleLabel(r.role))}: ${count(r.n)}`);
    return { title: 'Users', markdown: `**${plural(total, 'account')}**, ${count(inactive)} deactivated, ${count(lockedN)} locked.\n\n${bullets(lines)}`, links };
  },
});

const organizations = defineFact({
  name: 'organizations',
  description: 'The organizations the user can see: for a super administrator all of them with their user counts, for others their own.',
  parameters: z.object({}),
  needs: '',
  allowed: () => true,
  async run({ db, auth }) {
    const res = await db.query<{ name: string; users: number; is_active: boolean }>(
      `select o.name, (select count(*)::int from users u where u.organization_id = o.id) as users, o.is_active from organizations o
        where $1::boolean or o.id = $2 order by o.name limit 20`,
      [auth.isSuperAdmin, auth.homeOrganizationId],
    );
    if (!auth.isSuperAdmin) {
      const own = res.rows[0];
      return {
        title: 'Your organization',
        markdown: `You work in **${md(own?.name ?? 'your organization')}**${own ? ` (${plural(own.users, 'user')})` : ''}. Only a super administrator sees and switches between organizations.`,
        links: [{ title: 'Organizations in the guide', url: '/docs/organizations' }],
      };
    }
    const lines = res.rows.map((o) => `**${md(o.name)}**: ${plural(o.users, 'user')}${o.is_active ? '' : ' (deactivated)'}`);
    return {
      title: 'Organizations',
      markdown: `${plural(res.rows.length, 'organization')}${res.rows.length >= 20 ? ' (the first 20)' : ''}:\n\n${bullets(lines)}\n\nSwitch between them with the organization picker in the header.`,
      links: [{ title: 'Open Organizations', url: '/settings/organizations' }],
    };
  },
});

const templates = defineFact({
  name: 'workflow_templates',
  description: 'The workflow templates one can start a workflow from, with their descriptions.',
  parameters: z.object({}),
  needs: 'workflow:read',
  allowed: (auth) => has(auth, 'workflow:read'),
  async run({ db, auth }) {
    const scope = scopeOf(auth);
    const res = await db.query<{ name: string; description: string | null }>(
      `select name, description from workflow_templates where organization_id is null or $1::uuid is null or organization_id = $1 order by name limit 12`,
      [scope],
    );
    const links = [{ title: 'Open the Visual Builder', url: '/workflows/builder' }];
    if (res.rows.length === 0) return { title: 'Templates', markdown: 'There are no workflow templates yet.', links };
    const lines = res.rows.map((t) => `**${md(t.name)}**${t.description ? `: ${md(t.description)}` : ''}`);
    return { title: 'Workflow templates', markdown: `${bullets(lines)}\n\nIn the Visual Builder, choose **Templates** to start a workflow from one.`, links };
  },
});

const stepTypes = defineFact({
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

const toolTypes = defineFact({
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const PRODUCT_FACTS: readonly ProductFact<any>[] = [
  reviewQueue,
  overdueReviews,
  openApplications,
  applicationLookup,
  onboardingSummary,
  insights,
  failures,
  toolFailures,
  whoCanApprove,
  rolePermissions,
  workflowsOverview,
  toolsOverview,
  usersOverview,
  organizations,
  templates,
  stepTypes,
  toolTypes,
];

export const factByName = (name: string) => PRODUCT_FACTS.find((f) => f.name === name);

/** Links into the portal, each address once, at most five (what a reply lists). */
export function portalLinks(links: readonly Link[]): Link[] {
  const seen = new Set<string>();
  return links.filter((l) => l.url.startsWith('/') && !seen.has(l.url) && (seen.add(l.url), true)).slice(0, 5);
}
