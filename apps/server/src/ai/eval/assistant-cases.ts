/**
 * Realistic questions for the assistant, asked on the demo data (Acme Bank), each with the facts its answer must hold,
 * worked out from the database or from the API the page itself calls — so a case checks the answer is *right*, not
 * only that there is one. Run by assistant-eval.test.ts and `npm run bench:ai` (pass rate and latency per provider).
 */
import type { Role } from '@admin-portal/contract/roles';
import { count, md } from '../markdown.ts';

export interface EvalEnv {
  /** The demo organization the questions are about. */
  organizationId: string;
  sql<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** GET on the API as the organization's administrator (parsed JSON). */
  api<T>(path: string): Promise<T>;
}

export interface AssistantCase {
  id: string;
  role: Role;
  path: string;
  message: string;
  /** The fact (or `guide`, `capabilities`) that must be among those the answer used; null: any. */
  intent: string | null;
  /** Text the answer (markdown or links) must contain. */
  expect(env: EvalEnv): Promise<string[]>;
}

const one = async <T>(env: EvalEnv, text: string, params: unknown[] = []) => (await env.sql<T>(text, params))[0]!;

interface Totals {
  totals: { started: number; approval_rate: number | null };
}

export const ASSISTANT_CASES: readonly AssistantCase[] = [
  {
    id: 'review-queue',
    role: 'operator',
    path: '/dashboard',
    message: 'How many applications wait for review?',
    intent: 'review_queue',
    async expect(env) {
      const { n } = await one<{ n: number }>(env, `select count(*)::int as n from review_tasks where status = 'open' and organization_id = $1`, [
        env.organizationId,
      ]);
      return [n === 0 ? 'No application waits for a review' : `**${count(n)} application`];
    },
  },
  {
    id: 'my-plate',
    role: 'compliance_officer',
    path: '/dashboard',
    message: 'What is on my plate?',
    intent: 'my_reviews',
    async expect(env) {
      // The demo's reviews are its compliance officers'; nobody has claimed one yet.
      const { n } = await one<{ n: number }>(
        env,
        `select count(*)::int as n from review_tasks where status = 'open' and organization_id = $1 and assignee_role = 'compliance_officer' and claimed_by is null`,
        [env.organizationId],
      );
      return ['You have no open review.', n === 0 ? 'No review of your role waits unclaimed.' : `**${count(n)} review`];
    },
  },
  {
    id: 'onboarding-week',
    role: 'admin',
    path: '/dashboard',
    message: 'How is onboarding going this week?',
    intent: 'onboarding_summary',
    async expect(env) {
      const a = await env.api<Totals>('/api/admin/analytics/applications?range=7d');
      return [`**${count(a.totals.started)}** started`, 'Approval rate'];
    },
  },
  {
    id: 'tools-failed-today',
    role: 'admin',
    path: '/dashboard',
    message: 'Which tools failed today?',
    intent: 'tool_failures',
    async expect(env) {
      const rows = await env.sql<{ name: string }>(
        `select t.name from tool_executions e join tools t on t.id = e.tool_id
          where e.organization_id = $1 and e.status <> 'success' and e.created_at >= date_trunc('day', now()) group by t.name`,
        [env.organizationId],
      );
      return rows.length ? rows.map((r) => `**${md(r.name)}**`) : ['No tool'];
    },
  },
  {
    id: 'overdue',
    role: 'operator',
    path: '/applications',
    message: 'Which reviews are overdue?',
    intent: 'overdue_reviews',
    async expect(env) {
      const { n } = await one<{ n: number }>(
        env,
        `select count(*)::int as n from review_tasks where status = 'open' and due_at < now() and organization_id = $1`,
        [env.organizationId],
      );
      return [n === 0 ? 'No review is past its deadline' : n >= 10 ? 'At least 10' : `${count(n)} review`];
    },
  },
  {
    id: 'in-progress',
    role: 'operator',
    path: '/applications',
    message: 'How many applications are in progress right now?',
    intent: 'open_applications',
    async expect(env) {
      const { n } = await one<{ n: number }>(env, `select count(*)::int as n from applications where completed_at is null and organization_id = $1`, [
        env.organizationId,
      ]);
      return [n === 0 ? 'No application is in progress' : `**${count(n)} application`];
    },
  },
  {
    id: 'applicant-by-name',
    role: 'operator',
    path: '/applications',
    message: 'Who is Radia Lamarr?',
    intent: 'application_lookup',
    async expect(env) {
      // What the monitor's search for the name finds in the organization, most recent first.
      const rows = await env.sql<{ id: string; workflow: string }>(
        `select a.id, w.name as workflow from applications a join workflows w on w.id = a.workflow_id
          where a.organization_id = $1 and (a.applicant_name || ' ' || a.applicant_email || ' ' || coalesce(a.external_ref, '')) ilike '%Radia Lamarr%'
          order by a.created_at desc, a.id desc`,
        [env.organizationId],
      );
      if (rows.length === 0) return ['I found no application for "Radia Lamarr"'];
      if (rows.length === 1) return ["**Radia Lamarr**'s application", `Workflow: **${md(rows[0]!.workflow)}**`, `/applications?case=${rows[0]!.id}`];
      return [
        `**${count(rows.length)} applications** match "Radia Lamarr"`,
        `- **Radia Lamarr**, ${md(rows[0]!.workflow)}: `,
        `/applications?case=${rows[0]!.id}`,
      ];
    },
  },
  {
    id: 'why-fail',
    role: 'admin',
    path: '/applications',
    message: 'Why do applications fail?',
    intent: 'failure_reasons',
    async expect(env) {
      const o = await env.api<{ failure_reasons: { reason: string }[] }>('/api/admin/analytics?range=30d');
      return o.failure_reasons.length ? [md(o.failure_reasons[0]!.reason)] : ['No application failed'];
    },
  },
  {
    id: 'drop-off',
    role: 'admin',
    path: '/workflows/analytics',
    message: 'Where do applicants drop off?',
    intent: 'insights',
    async expect(env) {
      const i = await env.api<{ insights: { kind: string; title: string }[] }>('/api/admin/workflows/insights?range=30d');
      const drop = i.insights.find((x) => x.kind === 'drop_off');
      return [drop ? md(drop.title) : 'Nothing stands out'];
    },
  },
  {
    id: 'what-to-change',
    role: 'admin',
    path: '/workflows/analytics',
    message: 'What should we change to improve our workflows?',
    intent: 'insights',
    async expect(env) {
      const i = await env.api<{ insights: { title: string }[] }>('/api/admin/workflows/insights?range=30d');
      return i.insights.length ? [md(i.insights[0]!.title)] : ['Nothing stands out'];
    },
  },
  {
    id: 'approval-rate-month',
    role: 'manager',
    path: '/applications/analytics',
    message: 'What is the approval rate this month?',
    intent: 'onboarding_summary',
    async expect(env) {
      const a = await env.api<Totals>('/api/admin/analytics/applications?range=30d');
      const r = a.totals.approval_rate;
      return ['the last 30 days', r === null ? 'n/a' : `${(r * 100).toFixed(r < 0.1 ? 1 : 0)} %`];
    },
  },
  {
    id: 'numbers-30d',
    role: 'analyst',
    path: '/applications/analytics',
    message: 'Show me the numbers for the last 30 days',
    intent: 'onboarding_summary',
    async expect(env) {
      const a = await env.api<Totals>('/api/admin/analytics/applications?range=30d');
      return [`**${count(a.totals.started)}** started`];
    },
  },
  {
    id: 'who-approves-kyc',
    role: 'admin',
    path: '/users',
    message: 'Who can approve KYC cases?',
    intent: 'who_can_approve',
    async expect() {
      return ['**Individual KYC**', 'Who holds these roles'];
    },
  },
  {
    id: 'locked-users',
    role: 'admin',
    path: '/users',
    message: 'Which users are locked out?',
    intent: 'users',
    async expect(env) {
      const { n } = await one<{ n: number }>(env, `select count(*)::int as n from users where locked_until > now() and organization_id = $1`, [
        env.organizationId,
      ]);
      return [n === 0 ? 'No account is locked' : 'locked until'];
    },
  },
  {
    id: 'how-many-users',
    role: 'admin',
    path: '/users',
    message: 'How many users are there?',
    intent: 'users',
    async expect(env) {
      const { n } = await one<{ n: number }>(env, `select count(*)::int as n from users where organization_id = $1`, [env.organizationId]);
      return [`**${count(n)} account`];
    },
  },
  {
    id: 'operator-can',
    role: 'admin',
    path: '/users',
    message: 'What can an operator do?',
    intent: 'role_permissions',
    async expect() {
      return ['**Operator**', '`execute_workflows`', 'approval steps that name their role'];
    },
  },
  {
    id: 'manager-can',
    role: 'viewer',
    path: '/users/roles',
    message: 'What permissions does a manager have?',
    intent: 'role_permissions',
    async expect() {
      return ['**Manager**', '`manage_workflows`'];
    },
  },
  {
    id: 'my-permissions',
    role: 'operator',
    path: '/settings',
    message: 'What are my permissions?',
    intent: 'role_permissions',
    async expect() {
      return ['You are signed in as **Operator**', '`application:read`'];
    },
  },
  {
    id: 'compliance-can',
    role: 'compliance_officer',
    path: '/settings/audit-logs',
    message: 'What can a compliance officer do?',
    intent: 'role_permissions',
    async expect() {
      return ['**Compliance Officer**', '`view_audit_logs`'];
    },
  },
  {
    id: 'active-workflows',
    role: 'manager',
    path: '/workflows',
    message: 'Which workflows are active?',
    intent: 'workflows',
    async expect(env) {
      const rows = await env.sql<{ name: string }>(`select name from workflows where status = 'active' and organization_id = $1`, [env.organizationId]);
      return rows.map((r) => md(r.name));
    },
  },
  {
    id: 'publish-workflow',
    role: 'manager',
    path: '/workflows',
    message: 'How do I publish a workflow?',
    intent: 'guide',
    async expect() {
      return ['/docs/workflows', 'Activate'];
    },
  },
  {
    id: 'step-types',
    role: 'manager',
    path: '/workflows/builder',
    message: 'What step types can I use?',
    intent: 'step_types',
    async expect() {
      return ['**Approval** (`approval`)', '**Condition** (`condition`)'];
    },
  },
  {
    id: 'write-condition',
    role: 'manager',
    path: '/workflows/builder',
    message: 'How do I write a condition?',
    intent: 'guide',
    async expect() {
      return ['/docs/workflows#conditions'];
    },
  },
  {
    id: 'templates',
    role: 'manager',
    path: '/workflows/templates',
    message: 'Which workflow templates are there?',
    intent: 'workflow_templates',
    async expect(env) {
      const rows = await env.sql<{ name: string }>(`select name from workflow_templates where organization_id is null order by name limit 1`);
      return rows.map((r) => md(r.name));
    },
  },
  {
    id: 'tools-pending',
    role: 'admin',
    path: '/tools',
    message: 'Which tools wait for approval?',
    intent: 'tools',
    async expect(env) {
      const rows = await env.sql<{ name: string }>(`select name from tools where status = 'pending_approval' and organization_id = $1`, [env.organizationId]);
      return rows.length ? rows.map((r) => md(r.name)) : ['No tool is pending approval'];
    },
  },
  {
    id: 'register-tool',
    role: 'manager',
    path: '/tools',
    message: 'How do I register a tool?',
    intent: 'guide',
    async expect() {
      return ['/docs/tools', 'Register'];
    },
  },
  {
    id: 'tool-types',
    role: 'manager',
    path: '/tools/new',
    message: 'What tool types are there?',
    intent: 'tool_types',
    async expect() {
      return ['**HTTP request**', '**Webhook**', '**MCP proxy**'];
    },
  },
  {
    id: 'mcp',
    role: 'admin',
    path: '/tools',
    message: 'How are tools called over MCP by an AI agent?',
    intent: 'guide',
    async expect() {
      return ['/docs/tools#connecting-an-ai-agent-mcp'];
    },
  },
  {
    id: 'organizations',
    role: 'super_admin',
    path: '/settings/organizations',
    message: 'How many organizations are there?',
    intent: 'organizations',
    async expect() {
      return ['**Acme Bank**', '**Northwind Lending**'];
    },
  },
  {
    id: 'switch-organization',
    role: 'super_admin',
    path: '/settings/organizations',
    message: 'How do I switch organization?',
    intent: 'guide',
    async expect() {
      return ['/docs/organizations', 'selector'];
    },
  },
  {
    id: 'session-length',
    role: 'viewer',
    path: '/settings',
    message: 'How long does a session last?',
    intent: 'guide',
    async expect() {
      // Both limits: the idle one and the length one the server applies (issue 31), from the guide's Sessions.
      return ['30 minutes', '12 hours', '/docs/security#sessions'];
    },
  },
  {
    id: 'hello',
    role: 'viewer',
    path: '/dashboard',
    message: 'Hello!',
    intent: 'capabilities',
    async expect() {
      return ['built-in assistant', 'no language model'];
    },
  },
  {
    id: 'viewer-no-tools',
    role: 'viewer',
    path: '/dashboard',
    message: 'Which tools failed today?',
    intent: 'tool_failures',
    async expect() {
      return ['needs the permission `tool:read`'];
    },
  },
  {
    id: 'operator-no-users',
    role: 'operator',
    path: '/users',
    message: 'Which users are locked?',
    intent: 'users',
    async expect() {
      return ['needs the permission `user:read`'];
    },
  },
  {
    id: 'two-questions',
    role: 'admin',
    path: '/dashboard',
    message: 'How is onboarding going today, and which tools failed today?',
    intent: 'onboarding_summary,tool_failures',
    async expect() {
      return ['### 1. Onboarding in today', '### 2. Tool'];
    },
  },
  {
    id: 'report-problem',
    role: 'operator',
    path: '/help',
    message: 'How do I report a problem?',
    intent: 'guide',
    async expect() {
      return ['/support#reporting-a-problem', 'include in your report'];
    },
  },
  {
    id: 'dark-theme',
    role: 'viewer',
    path: '/dashboard',
    message: 'How do I switch to the dark theme?',
    intent: 'guide',
    async expect() {
      return ['/docs/getting-started#light-and-dark'];
    },
  },
];
