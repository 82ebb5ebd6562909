/**
 * Workflow statuses, the changes between them, the list's sorts and the default category, without zod: the workflows
 * list shows them before any form needs a schema. api.ts re-exports them with the schemas built on them.
 */

export const WORKFLOW_STATUSES = ['draft', 'active', 'archived'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/**
 * Status changes a workflow allows: draft → active → archived, archived → draft to reopen, active → draft to
 * edit freely, draft → archived to shelve. Only activation runs the graph checks.
 */
export const WORKFLOW_TRANSITIONS: Readonly<Record<WorkflowStatus, readonly WorkflowStatus[]>> = {
  draft: ['active', 'archived'],
  active: ['draft', 'archived'],
  archived: ['draft'],
};

export const WORKFLOW_SORTS = ['name', '-name', 'updated_at', '-updated_at', 'created_at', '-created_at', 'status', '-status'] as const;
export const WORKFLOW_TEMPLATE_SORTS = ['name', '-name', 'updated_at', '-updated_at', 'created_at', '-created_at'] as const;

export const DEFAULT_WORKFLOW_CATEGORY = 'general';
