/**
 * What the signed-in user may do with workflows, decided by the app layer from their permissions (the server
 * checks the same rules on every call; these only decide which buttons appear).
 */
export interface WorkflowAbilities {
  /** workflow:manage: create, rename, change status, duplicate, delete, save graphs, restore versions. */
  manage: boolean;
  /** workflow:create or workflow:edit: may open the Visual Builder. */
  build: boolean;
  /** manage_templates: save a workflow as an organization template. */
  manageTemplates: boolean;
  /** view_analytics: may open Workflow Analytics (a workflow's funnel and steps). */
  analytics: boolean;
  /** view_audit_logs: may open a workflow's history in the Audit Log. */
  history?: boolean;
}
