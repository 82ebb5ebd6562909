import type { Tool } from '@admin-portal/contract/tools/api';
import { EXECUTION_STATUSES, TOOL_STATUS_LABELS, type Environment, type ToolStatus } from '@admin-portal/contract/tools/statuses';
import { TOAST_TITLES, type ToastTitle } from '../../../../shared/notifications/toast-titles.ts';
import type { ToolAbilities } from '../abilities.ts';

/** How tools read on the Tool Registry: badge tones, environment and run-status labels, and what each person may do. */

export { TOOL_STATUS_LABELS };

/**
 * Badge classes per status. Bootstrap's subtle/emphasis variables switch with data-bs-theme, so each stays readable
 * (AA contrast) in the light and the dark theme.
 */
export const STATUS_BADGE_CLASSES: Readonly<Record<ToolStatus, string>> = {
  draft: 'badge rounded-pill border bg-secondary-subtle text-secondary-emphasis border-secondary-subtle',
  pending_approval: 'badge rounded-pill border bg-warning-subtle text-warning-emphasis border-warning-subtle',
  approved: 'badge rounded-pill border bg-success-subtle text-success-emphasis border-success-subtle',
  rejected: 'badge rounded-pill border bg-danger-subtle text-danger-emphasis border-danger-subtle',
  disabled: 'badge rounded-pill border border-secondary text-body-secondary bg-transparent',
};

export const ENVIRONMENT_LABELS: Readonly<Record<Environment, string>> = { development: 'Development', staging: 'Staging', production: 'Production' };

export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
export const EXECUTION_STATUS_LABELS: Readonly<Record<ExecutionStatus, string>> = {
  success: 'Success',
  error: 'Error',
  timeout: 'Timed out',
  refused: 'Refused',
};
export const EXECUTION_BADGE_CLASSES: Readonly<Record<ExecutionStatus, string>> = {
  success: 'badge rounded-pill border bg-success-subtle text-success-emphasis border-success-subtle',
  error: 'badge rounded-pill border bg-danger-subtle text-danger-emphasis border-danger-subtle',
  timeout: 'badge rounded-pill border bg-warning-subtle text-warning-emphasis border-warning-subtle',
  refused: 'badge rounded-pill border bg-danger-subtle text-danger-emphasis border-danger-subtle',
};

export const statusLabel = (status: string): string => TOOL_STATUS_LABELS[status as ToolStatus] ?? status;
export const executionStatusLabel = (status: string): string => EXECUTION_STATUS_LABELS[status as ExecutionStatus] ?? status;

/** What the Approval tab offers one person for one tool (the server checks the same rules). */
export interface ApprovalActions {
  /** Draft or rejected → pending approval. */
  submit: boolean;
  /** Pending or rejected → back to draft. */
  withdraw: boolean;
  /** Approve or reject (admins, pending tools, not their own unless super admin). */
  decide: boolean;
  /** Why an administrator cannot decide on this pending tool, when that is the reason. */
  decideBlocked: string | null;
  disable: boolean;
  enable: boolean;
}

export const OWN_TOOL_REASON = 'You registered this tool, so another administrator must approve or reject it.';

export function approvalActions(tool: Pick<Tool, 'status' | 'created_by'>, abilities: ToolAbilities): ApprovalActions {
  const pending = tool.status === 'pending_approval';
  const own = tool.created_by !== null && tool.created_by === abilities.userId;
  const blocked = abilities.approve && pending && own && !abilities.superAdmin;
  return {
    submit: abilities.manage && (tool.status === 'draft' || tool.status === 'rejected'),
    withdraw: abilities.manage && (pending || tool.status === 'rejected'),
    decide: abilities.approve && pending && !blocked,
    decideBlocked: blocked ? OWN_TOOL_REASON : null,
    disable: abilities.manage && tool.status === 'approved',
    enable: abilities.manage && tool.status === 'disabled',
  };
}

/** The toast after a status change, by the status the tool reached. */
export function statusNotice(name: string, status: ToolStatus): { title: ToastTitle; message: string } {
  switch (status) {
    case 'pending_approval':
      return { title: TOAST_TITLES.toolSubmitted, message: `“${name}” is waiting for an administrator’s approval.` };
    case 'approved':
      return { title: TOAST_TITLES.toolApproved, message: `“${name}” is approved: workflows and MCP clients can call it.` };
    case 'rejected':
      return { title: TOAST_TITLES.toolRejected, message: `“${name}” was sent back with your comment.` };
    case 'disabled':
      return { title: TOAST_TITLES.toolDisabled, message: `“${name}” no longer runs outside of tests.` };
    default:
      return { title: TOAST_TITLES.returnedToDraft, message: `“${name}” is a draft again.` };
  }
}

/** Milliseconds as people read them: "84 ms", "1.2 s". */
export function formatLatency(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** A JSON value for a code block: strings as they are, everything else pretty-printed. */
export function formatJson(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}
