import { ADMINS, CONFIGURE, perm, PUBLIC, REVIEWERS, selfOr, SIGNED_IN, SUPER_ADMIN, type AccessRule } from '@admin-portal/contract/api/access';
import { ENDPOINTS } from '@admin-portal/contract/api/catalogue';
import { routeKey } from '@admin-portal/contract/api/endpoint';
import type { AuthContext } from './context.ts';
import { forbidden } from './errors.ts';

/** Who may call a route: the catalogue's access rules (contract/api/access.ts). */
export type Rule = AccessRule;

/** The one table route → rule (DESIGN §5). A route missing here fails at start-up. */
const NOT_YET_IN_CATALOGUE: Readonly<Record<string, Rule>> = {
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  'GET /api/openapi.json': PUBLIC,

  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/login/second-factor': PUBLIC,
  'POST /api/auth/login/enrol/setup': PUBLIC,
  'POST /api/auth/login/enrol/confirm': PUBLIC,
  'POST /api/auth/login/passkey/options': PUBLIC,
  'POST /api/auth/login/passkey': PUBLIC,
  'GET /api/auth/sso/discover': PUBLIC,
  'GET /api/auth/sso/start': PUBLIC,
  'GET /api/auth/sso/callback': PUBLIC,
  'POST /api/auth/sso/exchange': PUBLIC,
  'POST /api/auth/logout': PUBLIC,
  'POST /api/auth/refresh': PUBLIC,
  'POST /api/auth/register': PUBLIC,
  'POST /api/auth/register/confirm': PUBLIC,
  'GET /api/auth/registration': PUBLIC,
  'GET /api/auth/me': SIGNED_IN,
  'GET /api/auth/verify': SIGNED_IN,
  'PUT /api/auth/profile': SIGNED_IN,
  'POST /api/auth/change-password': SIGNED_IN,
  'GET /api/auth/sessions': SIGNED_IN,
  'DELETE /api/auth/sessions/:sessionId': SIGNED_IN,
  'POST /api/auth/sessions/revoke-others': SIGNED_IN,
  'GET /api/auth/two-factor': SIGNED_IN,
  'POST /api/auth/two-factor/totp/setup': SIGNED_IN,
  'POST /api/auth/two-factor/totp/confirm': SIGNED_IN,
  'POST /api/auth/two-factor/totp/disable': SIGNED_IN,
  'POST /api/auth/two-factor/recovery-codes': SIGNED_IN,
  'GET /api/auth/passkeys': SIGNED_IN,
  'POST /api/auth/passkeys/registration/options': SIGNED_IN,
  'POST /api/auth/passkeys/registration': SIGNED_IN,
  'DELETE /api/auth/passkeys/:id': SIGNED_IN,
  'GET /api/auth/preferences': SIGNED_IN,
  'PUT /api/auth/preferences': SIGNED_IN,

  'GET /api/admin/system/audit-logs': perm('view_audit_logs'),
  'GET /api/admin/system/audit-logs/export': perm('view_audit_logs'),

  'GET /api/admin/users': perm('user:read'),
  'GET /api/admin/users/export': perm('user:read'),
  'POST /api/admin/users': perm('user:manage'),
  'GET /api/admin/users/:id': perm('user:read'),
  'PUT /api/admin/users/:id': perm('user:manage'),
  'DELETE /api/admin/users/:id': perm('user:manage'),
  'PUT /api/admin/users/:id/password': perm('user:manage'),
  'POST /api/admin/users/:id/unlock': perm('user:manage'),
  'GET /api/admin/users/:id/sessions': perm('user:manage'),
  'DELETE /api/admin/users/:id/sessions/:sessionId': perm('user:manage'),
  'POST /api/admin/users/:id/sessions/revoke-all': perm('user:manage'),
  'POST /api/admin/users/:id/two-factor/reset': perm('user:manage'),
  'POST /api/admin/users/:id/approve': perm('user:manage'),
  'POST /api/admin/users/:id/reject': perm('user:manage'),
  'GET /api/admin/users/:id/permissions': selfOr('user:read'),
  'POST /api/admin/users/:id/permissions': perm('user:manage'),
  'DELETE /api/admin/users/:id/permissions/:permission': perm('user:manage'),

  'GET /api/admin/organizations': SIGNED_IN,
  'POST /api/admin/organizations': SUPER_ADMIN,
  'GET /api/admin/organizations/:id': SIGNED_IN,
  'PUT /api/admin/organizations/:id': SUPER_ADMIN,
  'DELETE /api/admin/organizations/:id': SUPER_ADMIN,
  'GET /api/admin/organizations/:id/settings': perm('organization:manage'),
  'PUT /api/admin/organizations/:id/settings': perm('organization:manage'),
  'GET /api/admin/organizations/:id/sso': perm('organization:manage'),
  'PUT /api/admin/organizations/:id/sso': perm('organization:manage'),
  'DELETE /api/admin/organizations/:id/sso': perm('organization:manage'),

  // Each kind of result is filtered by its own permission and organization scope inside the search.
  'GET /api/admin/search': SIGNED_IN,

  // Analytics (issue 15). Spec §6: viewing analytics needs admin, manager or operator, or view_analytics (every role
  // holds view_analytics by default). What a caller may not read besides (tools, user administration) is left out.
  'GET /api/admin/analytics/dashboard': perm('view_analytics'),
  'GET /api/admin/analytics': perm('view_analytics'),
  'GET /api/admin/analytics/applications': perm('view_analytics'),

  // Workflows (issue 4): reads need workflow:read; creating, changing, deleting and status changes workflow:manage.
  'GET /api/admin/workflows': perm('workflow:read'),
  'POST /api/admin/workflows': perm('workflow:manage'),
  'GET /api/admin/workflows/analytics': perm('view_analytics'),
  'GET /api/admin/workflows/insights': perm('view_analytics'),
  'GET /api/admin/workflows/step-templates': perm('workflow:read'),
  'POST /api/admin/workflows/complete': perm('workflow:manage'),
  'GET /api/admin/workflows/:id': perm('workflow:read'),
  'PUT /api/admin/workflows/:id': perm('workflow:manage'),
  'DELETE /api/admin/workflows/:id': perm('workflow:manage'),
  'PUT /api/admin/workflows/:id/complete': perm('workflow:manage'),
  'POST /api/admin/workflows/:id/duplicate': perm('workflow:manage'),
  'POST /api/admin/workflows/:id/validate': perm('workflow:read'),
  'GET /api/admin/workflows/:id/analytics': perm('view_analytics'),
  'GET /api/admin/workflows/:id/versions': perm('workflow:read'),
  'GET /api/admin/workflows/:id/versions/:version': perm('workflow:read'),
  'POST /api/admin/workflows/:id/versions/:version/restore': perm('workflow:manage'),
  'POST /api/admin/workflows/:id/drafts': perm('workflow:manage'),
  'POST /api/admin/workflows/:id/versions/:version/publish': perm('workflow:manage'),
  'POST /api/admin/workflows/:id/versions/:version/discard': perm('workflow:manage'),
  // Simulation runs (issue 36): those who change workflows run them and read them (a run names cases by id only).
  'POST /api/admin/workflows/:id/versions/:version/simulations': perm('workflow:manage'),
  'GET /api/admin/workflows/:id/simulations': perm('workflow:manage'),
  'GET /api/admin/workflows/:id/versions/:version/simulation': perm('workflow:manage'),
  'GET /api/admin/simulations/:id': perm('workflow:manage'),
  'GET /api/admin/simulations/:id/cases': perm('workflow:manage'),
  'GET /api/admin/simulations/:id/cases/:application_id': perm('workflow:manage'),
  'GET /api/admin/simulations/:id/export': perm('workflow:manage'),

  // Steps and connections: reads need workflow:read, changes workflow:edit (each change is a new workflow version).
  'GET /api/admin/steps/workflow/:id': perm('workflow:read'),
  'GET /api/admin/steps/workflow/:id/connections': perm('workflow:read'),
  'POST /api/admin/steps': perm('workflow:edit'),
  'POST /api/admin/steps/validate-config': perm('workflow:read'),
  'POST /api/admin/steps/connections': perm('workflow:edit'),
  'PUT /api/admin/steps/connections/:id': perm('workflow:edit'),
  'DELETE /api/admin/steps/connections/:id': perm('workflow:edit'),
  'GET /api/admin/steps/:id': perm('workflow:read'),
  'PUT /api/admin/steps/:id': perm('workflow:edit'),
  'DELETE /api/admin/steps/:id': perm('workflow:edit'),

  // Workflow templates: shipped ones are read-only to everyone; an organization's own need manage_templates to change.
  'GET /api/admin/workflow-templates': perm('workflow:read'),
  'POST /api/admin/workflow-templates': perm('manage_templates'),
  'PUT /api/admin/workflow-templates/:id': perm('manage_templates'),
  'DELETE /api/admin/workflow-templates/:id': perm('manage_templates'),

  // Tools (issue 5): reads need tool:read, changes and test runs tool:manage; approval is for administrators.

  // API keys (issue 5): managed by administrators; the MCP endpoint (outside /api) takes the keys.
  'GET /api/admin/api-keys': ADMINS,
  'POST /api/admin/api-keys': ADMINS,
  'DELETE /api/admin/api-keys/:id': ADMINS,
  'GET /api/admin/mcp': perm('tool:read'),

  // The AI assistant (issue 16): every signed-in user; what it reads follows the caller's permissions (the product facts, modules/*/*.facts.ts),
  // the organization's interactions are for administrators (the service checks scope=organization).
  'POST /api/admin/ai/chat': SIGNED_IN,
  'GET /api/admin/ai/interactions': SIGNED_IN,
  'POST /api/admin/ai/feedback': SIGNED_IN,
  'GET /api/admin/ai/context-help/:topic': SIGNED_IN,
  'GET /api/admin/ai/status': SIGNED_IN,
  // Generators: drafting and saving a workflow needs workflow:manage, a tool tool:manage; a task is read by its owner.
  'POST /api/admin/ai-generator/generate-workflow': perm('workflow:manage'),
  'POST /api/admin/ai-generator/generate-tool': perm('tool:manage'),
  'GET /api/admin/ai-generator/task-status/:id': SIGNED_IN,
  'POST /api/admin/ai-generator/cancel-task/:id': SIGNED_IN,
  'POST /api/admin/ai-generator/create-workflow-from-ai': perm('workflow:manage'),
  'POST /api/admin/ai-generator/create-tool-from-ai': perm('tool:manage'),

  // Applications: read by application:read; worked (created by hand, retried, cancelled) with execute_workflows;
  // a review is decided by the roles an approval step can name (the service checks it is the step's role, unless
  // the caller is an administrator or super administrator);
  // erasing an applicant's data is for administrators.
  'GET /api/admin/applications': perm('application:read'),
  'POST /api/admin/applications': perm('execute_workflows'),
  'GET /api/admin/applications/stream': perm('application:read'),
  'GET /api/admin/applications/review-tasks': perm('application:read'),
  'GET /api/admin/applications/counts': perm('application:read'),
  'GET /api/admin/applications/notifications': perm('application:read'),
  'POST /api/admin/applications/notifications/read': perm('application:read'),
  'POST /api/admin/applications/notifications/:id/read': perm('application:read'),
  'GET /api/admin/applications/demo-traffic': ADMINS,
  'PUT /api/admin/applications/demo-traffic': ADMINS,
  'POST /api/admin/applications/review-tasks/:id/decision': REVIEWERS,
  // Case work (issue 35): a reviewer claims what they may decide (the service checks the role); the holder or a lead
  // releases (the service checks which); a lead (manage_reviews) assigns and lists whom to.
  'GET /api/admin/applications/review-tasks/counts': perm('application:read'),
  'GET /api/admin/applications/review-tasks/reviewers': perm('manage_reviews'),
  'POST /api/admin/applications/review-tasks/:id/claim': REVIEWERS,
  'POST /api/admin/applications/review-tasks/:id/release': perm('application:read'),
  'PUT /api/admin/applications/review-tasks/:id/assignee': perm('manage_reviews'),
  // Each review of a bulk action is checked as if alone (the rules above); assigning needs manage_reviews.
  'POST /api/admin/applications/review-tasks/bulk': perm('application:read'),
  // Notes: read with the case; written by the roles that work reviews; redacted by administrators.
  'GET /api/admin/applications/:id/notes': perm('application:read'),
  'POST /api/admin/applications/:id/notes': REVIEWERS,
  'PUT /api/admin/applications/:id/notes/:note_id': REVIEWERS,
  'POST /api/admin/applications/:id/notes/:note_id/redact': ADMINS,
  'POST /api/admin/applications/:id/notes/:note_id/files': REVIEWERS,
  'DELETE /api/admin/applications/:id/notes/:note_id/files/:file_id': REVIEWERS,
  'GET /api/admin/applications/:id/notes/:note_id/files/:file_id': perm('application:read'),
  'GET /api/admin/applications/:id': perm('application:read'),
  'GET /api/admin/applications/:id/files/:file_id': perm('application:read'),
  'DELETE /api/admin/applications/:id': ADMINS,
  'POST /api/admin/applications/:id/retry': perm('execute_workflows'),
  'POST /api/admin/applications/:id/cancel': perm('execute_workflows'),

  // System (issue 17): the product-wide settings are read by whoever holds settings:read (administrators) and
  // changed by a super admin; the branding the sign-in page shows is public.
  'GET /api/admin/system/settings': perm('settings:read'),
  'PUT /api/admin/system/settings': SUPER_ADMIN,
  'GET /api/system/branding': PUBLIC,
  'GET /api/system/branding/logo/:id': PUBLIC,

  // System Configuration (issue 17), spec §6's rule for its menu item; an organization's entries are its
  // administrators', entries for all organizations a super admin's (the service checks both).
  'GET /api/admin/system-config': CONFIGURE,
  'POST /api/admin/system-config': CONFIGURE,
  'GET /api/admin/system-config/stats': CONFIGURE,
  'GET /api/admin/system-config/by-key/:key': CONFIGURE,
  'POST /api/admin/system-config/upload-binary': CONFIGURE,
  'GET /api/admin/system-config/:id': CONFIGURE,
  'GET /api/admin/system-config/:id/file': CONFIGURE,
  'PUT /api/admin/system-config/:id': CONFIGURE,
  'DELETE /api/admin/system-config/:id': CONFIGURE,
  'POST /api/admin/system-config/:id/toggle': CONFIGURE,

  // The public intake API authenticates organization API keys (intake scope) itself.
  'POST /api/public/v1/applications': PUBLIC,
  'GET /api/public/v1/applications/:id': PUBLIC,
  'POST /api/public/v1/applications/:id/forms/:step_id': PUBLIC,
  // The applicant's pages (issue 34): a start link, or a case link the routes check themselves.
  'GET /api/apply/start/:link': PUBLIC,
  'POST /api/apply/start/:link': PUBLIC,
  'GET /api/apply/case': PUBLIC,
  'PUT /api/apply/case/draft': PUBLIC,
  'POST /api/apply/case/forms/:step_id': PUBLIC,
  // A case's links (copy, e-mail, revoke) and a workflow's start link.
  'GET /api/admin/applications/:id/applicant-links': perm('application:read'),
  'POST /api/admin/applications/:id/applicant-links': perm('execute_workflows'),
  'POST /api/admin/applications/:id/applicant-links/send': perm('execute_workflows'),
  'POST /api/admin/applications/:id/applicant-links/revoke': perm('execute_workflows'),
  'GET /api/admin/workflows/:id/start-link': perm('workflow:read'),
  'PUT /api/admin/workflows/:id/start-link': perm('workflow:manage'),
};

/** The one table route → rule (DESIGN §5), made from the endpoint catalogue. A route missing here fails at start-up. */
export const POLICY: Readonly<Record<string, Rule>> = {
  ...NOT_YET_IN_CATALOGUE,
  ...Object.fromEntries(ENDPOINTS.filter((e) => e.access.access !== 'operator').map((e) => [routeKey(e), e.access])),
};

/** The API documentation UI and its assets are public and outside the table. */
export function isDocsRoute(url: string): boolean {
  return url === '/api/docs' || url.startsWith('/api/docs/');
}

export function policyKey(method: string, url: string): string {
  const path = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  return `${method} ${path}`;
}

/** Throws 403 unless the caller satisfies the rule; authentication itself is checked before this. */
export function authorize(rule: Rule, auth: AuthContext, params: Record<string, unknown>): void {
  switch (rule.access) {
    case 'public':
    case 'authenticated':
      return;
    case 'super_admin':
      if (!auth.isSuperAdmin) throw forbidden();
      return;
    case 'permission':
      if (!rule.anyOf.some((p) => auth.permissions.has(p))) throw forbidden();
      if (rule.roles && !rule.roles.includes(auth.role)) throw forbidden();
      return;
    case 'role':
      if (!rule.anyOf.includes(auth.role)) throw forbidden();
      return;
    case 'self_or_permission':
      if (params.id === auth.userId) return;
      if (!rule.anyOf.some((p) => auth.permissions.has(p))) throw forbidden();
      return;
    case 'operator':
      // Outside the table: such a route checks its own operator token before this hook would run.
      throw forbidden();
  }
}
