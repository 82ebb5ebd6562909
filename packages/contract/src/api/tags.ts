/** The OpenAPI document's tags, in the order its readers meet them, each with what it groups. */
export const API_TAGS = {
  Auth: 'Signing in and out, tokens, the profile, sessions, second factors, passkeys and single sign-on.',
  Users: 'Staff accounts of an organization: roles, permissions, sign-ups, locks and exports.',
  Organizations: 'Organizations, their settings and their single sign-on.',
  Workflows: 'Workflows, their versions, validation, activation and simulation runs.',
  Steps: "A workflow's steps and connections, one change at a time.",
  'Workflow templates': 'Templates to start a workflow from: shipped ones and an organization’s own.',
  Tools: 'The Tool Registry: MCP tools, their environment configurations, approval, test runs and analytics.',
  Applications: 'Customer applications as they move through workflows: the monitor, reviews, case work, notes and the live stream.',
  'Applicant pages': 'What the applicant’s hosted pages call: a start link or a case link, nothing of staff data.',
  'Public intake API': "An organization's systems start applications and answer form steps with an API key.",
  Analytics: 'Figures of workflows, applications and insights.',
  Search: 'Header search over what the caller may see.',
  AI: 'The AI assistant and the workflow and tool generators.',
  'API keys': "An organization's API keys for the intake API and the MCP endpoint.",
  Webhooks: "An organization's webhook subscriptions: signed deliveries of events to its systems, their attempts, resends.",
  'System config': 'System Configuration: typed settings, per organization or for all.',
  System: 'Product-wide settings, branding, the audit log and demo traffic.',
  Health: 'Liveness and readiness.',
  Operations: 'Operator endpoints: metrics.',
} as const;

export type ApiTag = keyof typeof API_TAGS;
