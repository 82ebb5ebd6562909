/**
 * The AI assistant's page keys (spec §4) and the path each comes from. What the panel says on each page is in
 * page-help.ts (apart: the shell of every page needs the key, only the panel its texts).
 */
export const AI_PAGE_KEYS = [
  'dashboard_overview',
  'workflow_management',
  'workflow_builder',
  'workflow_templates',
  'tool_management',
  'tool_builder',
  'tool_marketplace',
  'application_monitoring',
  'application_analytics',
  'user_management',
  'role_management',
  'organization_management',
  'analytics_dashboard',
  'compliance_management',
  'system_settings',
  'general_admin',
] as const;
export type AiPageKey = (typeof AI_PAGE_KEYS)[number];

/** Path → page key, most specific first; anything else is general_admin. */
const PAGE_PATHS: readonly (readonly [RegExp, AiPageKey])[] = [
  [/^\/dashboard\/?$/, 'dashboard_overview'],
  [/^\/workflows\/builder(\/|$)/, 'workflow_builder'],
  [/^\/workflows\/templates(\/|$)/, 'workflow_templates'],
  [/^\/workflows\/analytics(\/|$)/, 'analytics_dashboard'],
  [/^\/workflows(\/|$)/, 'workflow_management'],
  [/^\/tools\/analytics(\/|$)/, 'analytics_dashboard'],
  [/^\/tools\/(new|builder|edit)(\/|$)/, 'tool_builder'],
  [/^\/tools\/marketplace(\/|$)/, 'tool_marketplace'],
  [/^\/tools(\/|$)/, 'tool_management'],
  [/^\/applications\/analytics(\/|$)/, 'application_analytics'],
  [/^\/applications(\/|$)/, 'application_monitoring'],
  [/^\/analytics(\/|$)/, 'analytics_dashboard'],
  [/^\/users\/roles(\/|$)/, 'role_management'],
  [/^\/users(\/|$)/, 'user_management'],
  [/^\/settings\/organizations(\/|$)/, 'organization_management'],
  [/^\/(settings\/)?(audit|compliance)(-log|-logs)?(\/|$)/, 'compliance_management'],
  [/^\/settings(\/|$)/, 'system_settings'],
];

export function pageKeyOfPath(path: string): AiPageKey {
  const clean = path.split(/[?#]/)[0] || '/';
  return PAGE_PATHS.find(([re]) => re.test(clean))?.[1] ?? 'general_admin';
}
