/**
 * Tool statuses, environments, execution statuses and the messages both sides show, without zod: the Tool Registry's
 * list shows them before any form needs a schema. api.ts re-exports them with the schemas built on them.
 */

export const TOOL_STATUSES = ['draft', 'pending_approval', 'approved', 'rejected', 'disabled'] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];

export const TOOL_STATUS_LABELS: Readonly<Record<ToolStatus, string>> = {
  draft: 'Draft',
  pending_approval: 'Pending approval',
  approved: 'Approved',
  rejected: 'Rejected',
  disabled: 'Disabled',
};

export const ENVIRONMENTS = ['development', 'staging', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** What every response shows instead of a secret's value; sending it back keeps the stored value. */
export const SECRET_MASK = '••••••••';

export const TOOL_SORTS = ['name', '-name', 'updated_at', '-updated_at', 'created_at', '-created_at', 'status', '-status'] as const;

export const EXECUTION_STATUSES = ['success', 'error', 'timeout', 'refused'] as const;
export const CALLER_TYPES = ['test', 'mcp', 'workflow'] as const;

/** Messages both sides show. */
export const TOOL_MESSAGES = {
  nameTaken: 'A tool with this name already exists in this organization',
  environmentTaken: 'This tool already has a configuration for that environment',
  ownTool: 'You cannot approve or reject a tool you created',
  notPending: 'Only a tool pending approval can be approved or rejected',
  cannotSubmit: 'Only a draft or rejected tool can be submitted for approval',
  cannotWithdraw: 'Only a tool pending approval or rejected can go back to draft',
  cannotToggle: 'Only an approved tool can be disabled, and only a disabled one enabled',
  sentBack: 'Definition changed: sent back for approval',
  configurationSentBack: 'Configuration changed: sent back for approval',
  configurationDeleted: 'Tool configuration deleted successfully',
  configurationDeletedSentBack: 'Tool configuration deleted: the tool was sent back for approval',
  secretsNotApproved: 'Its secrets were approved for another call: they are not sent until an administrator approves the tool again, or they are entered again',
} as const;
