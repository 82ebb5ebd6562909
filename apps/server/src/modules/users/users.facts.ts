/** What the AI assistant can read about users (its product facts; the catalogue is modules/ai/product-facts.ts). */
import { z } from 'zod';
import { IMPLICATIONS, ROLE_DEFAULTS, type Permission } from '@admin-portal/contract/permissions';
import { roleLabel, ROLES, type Role } from '@admin-portal/contract/roles';
import { listScope } from '../../http/organization-scope.ts';
import { article, bullets, count, md, plural } from '../../ai/markdown.ts';
import { defineFact, hasAny } from '../../ai/fact-types.ts';
import { activeInRole, approvalSteps, countsByRole, lockedAccounts, roleHolders } from './users.queries.ts';

/** Roles that may decide any review (review-tasks.service: administrators always, others when the step names them). */
const ALWAYS_DECIDE: readonly Role[] = ['super_admin', 'admin'];

export const whoCanApprove = defineFact({
  name: 'who_can_approve',
  description:
    'Who may decide the reviews (approval steps) of the workflows whose name or step name matches a subject (e.g. "KYC"): the reviewer role of each approval step and the people who hold it.',
  parameters: z.object({ subject: z.string().max(100).optional() }),
  needs: 'workflow:read',
  allowed: (auth) => hasAny(auth, 'workflow:read'),
  async run({ db, auth }, { subject }) {
    const scope = listScope(auth);
    const steps = await approvalSteps(db, scope, subject ?? null);
    const links = [{ title: 'Open All Workflows', url: '/workflows' }];
    const about = subject ? ` for "${md(subject)}"` : '';
    if (steps.length === 0) {
      return { title: 'Approvers', markdown: `I found no approval step${about} in your workflows. Administrators may decide any review.`, links };
    }
    const roles = [...new Set(steps.map((s) => s.role))];
    const lines = steps
      .slice(0, 8)
      .map(
        (s) =>
          `**${md(s.workflow_name)}** (${md(s.status)}), step ${md(s.step_name)}: ${md(roleLabel(s.role))}${s.sla_hours ? `, within ${s.sla_hours} h` : ''}`,
      );
    let people = '';
    if (hasAny(auth, 'user:read')) {
      const deciders = [...new Set([...roles, ...ALWAYS_DECIDE.filter((r) => r !== 'super_admin')])];
      const orgs = [...new Set(steps.map((s) => s.organization_id))];
      const users = await roleHolders(db, deciders, orgs);
      const held = users.map((u) => `${md(roleLabel(u.role))}: ${plural(u.n, 'person', 'people')}${u.n === 1 ? ` (${md(u.name)})` : ''}`);
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
  manage_reviews: 'assign and reassign reviews to the people who decide them',
  view_workflows: 'see workflows',
  execute_workflows: 'start, retry and cancel applications and work in the monitor',
};

export const rolePermissions = defineFact({
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
        `\n\nPermissions: ${expand(base)
          .map((p) => `\`${p}\``)
          .join(', ')}.`,
      links,
    };
  },
});

export const usersOverview = defineFact({
  name: 'users',
  description: 'The user accounts: how many hold each role, who is locked out or deactivated; or the people holding one role.',
  parameters: z.object({ role: z.enum(ROLES).optional(), locked: z.boolean().optional() }),
  needs: 'user:read',
  allowed: (auth) => hasAny(auth, 'user:read'),
  async run({ db, auth }, { role, locked }) {
    const scope = listScope(auth);
    const links = [{ title: 'Open User Management', url: '/users' }];
    if (locked) {
      const rows = await lockedAccounts(db, scope, 10);
      if (rows.length === 0) return { title: 'Locked accounts', markdown: 'No account is locked.', links };
      const lines = rows.map((u) => `**${md(u.name)}** (${md(u.email)}), locked until ${u.locked_until.toISOString().slice(11, 16)} UTC`);
      return {
        title: 'Locked accounts',
        markdown: `${bullets(lines)}\n\nUnlock an account from its row in User Management (Unlock).`,
        links: [{ title: 'Open locked users', url: '/users?locked=true' }],
      };
    }
    if (role) {
      const rows = await activeInRole(db, scope, role, 11);
      if (rows.length === 0) return { title: roleLabel(role), markdown: `Nobody holds the role ${md(roleLabel(role))}.`, links };
      const lines = rows.slice(0, 10).map((u) => `${md(u.name)} (${md(u.email)})`);
      return {
        title: `${roleLabel(role)}s`,
        markdown: `${bullets(lines)}${rows.length > 10 ? '\n- …' : ''}`,
        links: [{ title: `Open ${roleLabel(role)}s`, url: `/users?role=${role}` }],
      };
    }
    const rows = await countsByRole(db, scope);
    const total = rows.reduce((s, r) => s + r.n, 0);
    const lockedN = rows.reduce((s, r) => s + r.locked, 0);
    const inactive = rows.reduce((s, r) => s + r.inactive, 0);
    const lines = rows.map((r) => `${md(roleLabel(r.role))}: ${count(r.n)}`);
    return {
      title: 'Users',
      markdown: `**${plural(total, 'account')}**, ${count(inactive)} deactivated, ${count(lockedN)} locked.\n\n${bullets(lines)}`,
      links,
    };
  },
});
