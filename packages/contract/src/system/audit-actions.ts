/**
 * The audit log's words (issue 32 item 10): what each action code and target type means to a person. The list and its
 * action filter show these words; the row's details and the CSV keep the codes as well. The server's `recordAudit`
 * takes an `AuditAction`, so a code written without words here does not compile.
 */

/** Every action the server writes, by the part of the product it belongs to (the action filter's groups). */
export const AUDIT_ACTION_GROUPS = {
  'Sign-in and account': {
    'auth.login': 'Signed in',
    'auth.login_failed': 'Failed to sign in',
    'auth.sign_in_slowed': 'Failed to sign in; sign-ins slowed down',
    'auth.logout': 'Signed out',
    'auth.refresh_token_reuse': 'Session ended: an old token was reused',
    'auth.sign_up_requested': 'Asked to sign up',
    'auth.register': 'Confirmed sign-up',
    'auth.profile_update': 'Updated own profile',
    'auth.password_change': 'Changed own password',
    'auth.second_factor_failed': 'Gave a wrong second factor',
    'auth.two_factor_enable': 'Turned on two-factor authentication',
    'auth.two_factor_disable': 'Turned off two-factor authentication',
    'auth.recovery_codes_renew': 'Made new recovery codes',
    'auth.passkey_add': 'Added a passkey',
    'auth.passkey_remove': 'Removed a passkey',
    'auth.session_revoke': 'Signed out one of own sessions',
    'auth.sessions_revoke_others': 'Signed out own other sessions',
  },
  Users: {
    'user.create': 'Created user',
    'user.update': 'Updated user',
    'user.delete': 'Deleted user',
    'user.password_reset': "Reset user's password",
    'user.unlock': 'Unlocked user',
    'user.two_factor_reset': "Reset a user's two-factor authentication",
    'user.session_revoke': "Signed out one of a user's sessions",
    'user.sessions_revoke': "Signed out all of a user's sessions",
    'user.approve': 'Approved sign-up',
    'user.reject': 'Rejected sign-up',
    'user.permission_add': 'Granted permission',
    'user.permission_remove': 'Removed permission',
    'user.preferences_update': 'Updated preferences',
  },
  Organizations: {
    'organization.create': 'Created organization',
    'organization.update': 'Updated organization',
    'organization.settings_update': 'Updated organization settings',
    'organization.sso_update': 'Updated single sign-on',
    'organization.sso_remove': 'Removed single sign-on',
    'organization.delete': 'Deleted organization',
  },
  Workflows: {
    'workflow.create': 'Created workflow',
    'workflow.create_from_ai': 'Created workflow with AI',
    'workflow.duplicate': 'Duplicated workflow',
    'workflow.update': 'Updated workflow',
    'workflow.graph_save': 'Saved workflow in the builder',
    'workflow.restore': 'Restored workflow version',
    'workflow.draft_save': 'Saved a draft beside the live workflow',
    'workflow.publish': 'Published a workflow draft',
    'workflow.draft_discard': 'Discarded a workflow draft',
    'workflow.delete': 'Deleted workflow',
    'workflow.start_link_on': "Turned on a workflow's start link",
    'workflow.start_link_off': "Turned off a workflow's start link",
    'workflow.simulate': 'Ran a simulation of a workflow version',
    'step.create': 'Added step',
    'step.update': 'Updated step',
    'step.delete': 'Deleted step',
    'connection.create': 'Added connection',
    'connection.update': 'Updated connection',
    'connection.delete': 'Deleted connection',
    'workflow_template.create': 'Created workflow template',
    'workflow_template.update': 'Updated workflow template',
    'workflow_template.delete': 'Deleted workflow template',
  },
  Tools: {
    'tool.create': 'Registered tool',
    'tool.create_from_ai': 'Registered tool with AI',
    'tool.update': 'Updated tool',
    'tool.approve': 'Approved tool',
    'tool.reject': 'Rejected tool',
    'tool.delete': 'Deleted tool',
    'tool_configuration.create': 'Added tool configuration',
    'tool_configuration.update': 'Updated tool configuration',
    'tool_configuration.delete': 'Deleted tool configuration',
    'api_key.create': 'Created API key',
    'api_key.revoke': 'Revoked API key',
    'webhook.create': 'Subscribed a webhook',
    'webhook.update': 'Changed a webhook',
    'webhook.enable': 'Turned a webhook on',
    'webhook.disable': 'Turned a webhook off',
    'webhook.delete': 'Deleted a webhook',
    'webhook.rotate_secret': 'Replaced a webhook’s secret',
    'webhook.resend': 'Resent a webhook delivery',
  },
  Applications: {
    'application.create': 'Created application',
    'application.review.approved': 'Approved application',
    'application.review.rejected': 'Rejected application',
    'application.review.claimed': 'Claimed a review',
    'application.review.released': 'Released a review',
    'application.review.assigned': 'Assigned a review',
    'application.note.added': 'Added a note to an application',
    'application.note.edited': 'Changed a note on an application',
    'application.note.redacted': 'Redacted a note on an application',
    'application.note.file_added': 'Attached a file to a note on an application',
    'application.note.file_removed': 'Removed a file from a note on an application',
    'application.retry': 'Retried application',
    'application.cancel': 'Cancelled application',
    'application.delete': 'Deleted application',
    'application.link_issued': "Made a link to the applicant's pages",
    'application.links_revoked': "Revoked the links to the applicant's pages",
    'application.link_sent': 'E-mailed the applicant a link to their pages',
    'application.retention_purge': 'Erased old applications (retention)',
    'demo_traffic.start': 'Started demo traffic',
    'demo_traffic.stop': 'Stopped demo traffic',
  },
  'System settings': {
    'system_settings.update': 'Updated product settings',
    'system_config.create': 'Created configuration entry',
    'system_config.update': 'Updated configuration entry',
    'system_config.enable': 'Enabled configuration entry',
    'system_config.disable': 'Disabled configuration entry',
    'system_config.upload': 'Uploaded configuration file',
    'system_config.delete': 'Deleted configuration entry',
  },
} as const satisfies Record<string, Record<string, string>>;

type Groups = typeof AUDIT_ACTION_GROUPS;
export type AuditActionGroup = keyof Groups;
/** An action code the server writes, e.g. `user.create`. */
export type AuditAction = { [G in AuditActionGroup]: keyof Groups[G] }[AuditActionGroup];

/** Every action code with its words, e.g. `user.create` → "Created user". */
export const AUDIT_ACTIONS = Object.fromEntries(Object.values(AUDIT_ACTION_GROUPS).flatMap((group) => Object.entries(group))) as Readonly<
  Record<AuditAction, string>
>;

export const isAuditAction = (code: string): code is AuditAction => Object.hasOwn(AUDIT_ACTIONS, code);

/** The words of an action; a code the product no longer writes (an old row) shows as itself. */
export function auditActionLabel(code: string): string {
  return isAuditAction(code) ? AUDIT_ACTIONS[code] : code;
}

/** What the server records changes against (`target_type`), with its words. */
export const AUDIT_TARGETS = {
  user: 'User',
  session: 'Session',
  registration: 'Sign-up request',
  organization: 'Organization',
  workflow: 'Workflow',
  workflow_template: 'Workflow template',
  step: 'Step',
  step_connection: 'Step connection',
  tool: 'Tool',
  tool_configuration: 'Tool configuration',
  api_key: 'API key',
  webhook: 'Webhook',
  application: 'Application',
  system_config: 'Configuration entry',
  system_settings: 'Product settings',
} as const;
export type AuditTargetType = keyof typeof AUDIT_TARGETS;

export const isAuditTargetType = (type: string): type is AuditTargetType => Object.hasOwn(AUDIT_TARGETS, type);

/** The words of a target type; an unknown one ("tool_thing") reads "Tool thing". */
export function auditTargetLabel(type: string): string {
  if (isAuditTargetType(type)) return AUDIT_TARGETS[type];
  const text = type.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
