import type { Tool } from '@admin-portal/contract/tools/api';

/**
 * What the signed-in user may do with tools, decided by the app layer (the server checks the same rules on
 * every call; these only decide which buttons appear).
 */
export interface ToolAbilities {
  /** The user's id: an administrator may not approve a tool they created (unless super admin). */
  userId: string;
  /** tool:manage: register, edit, configure, submit, test and delete tools. */
  manage: boolean;
  /** Administrators (and super admins): approve or reject tools, manage API keys. */
  approve: boolean;
  /** Super admins may approve their own tools. */
  superAdmin: boolean;
  /** view_audit_logs: may open a tool's history in the Audit Log. */
  history?: boolean;
}

/**
 * Whether the user may approve this tool (the server's rule): an administrator who did not create it, or a super
 * admin. Their changes keep an approved tool approved; anyone else's change to what it calls sends it back.
 */
export function canApproveTool(abilities: ToolAbilities, tool: Pick<Tool, 'created_by'>): boolean {
  return abilities.approve && (abilities.superAdmin || tool.created_by !== abilities.userId);
}
