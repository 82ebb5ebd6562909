import { DEFAULT_WORKFLOW_CATEGORY, type WorkflowDetail, type WorkflowStatus, type WorkflowVersion } from '@admin-portal/contract/workflows/api';

/** The workflow as the toolbar shows it: null id until a new workflow is first saved. */
export interface WorkflowMeta {
  id: string | null;
  name: string;
  description: string;
  category: string;
  status: WorkflowStatus;
  /** The live version (the graph on the canvas once loaded). */
  version: number;
  /** A draft saved beside the live version (ADR 0062), not live; null when there is none. */
  pendingVersion: number | null;
  /** The draft open on the canvas instead of the live version; null when the canvas is the live version. */
  draftVersion: number | null;
}

/** A new workflow's meta, before its first save. */
export const NEW_WORKFLOW_META: WorkflowMeta = {
  id: null,
  name: 'Untitled workflow',
  description: '',
  category: DEFAULT_WORKFLOW_CATEGORY,
  status: 'draft',
  version: 0,
  pendingVersion: null,
  draftVersion: null,
};

/** A saved workflow's meta, as the server answered it. */
export const metaOf = (d: WorkflowDetail): WorkflowMeta => ({
  id: d.id,
  name: d.name,
  description: d.description,
  category: d.category,
  status: d.status,
  version: d.version,
  pendingVersion: d.pending_version,
  draftVersion: null,
});

/** The workflow with one of its drafts open: the draft's details over the live workflow's. */
export const draftMetaOf = (d: WorkflowDetail, draft: Pick<WorkflowVersion, 'version' | 'name' | 'description' | 'category'>): WorkflowMeta => ({
  ...metaOf(d),
  name: draft.name,
  description: draft.description,
  category: draft.category,
  draftVersion: draft.version,
});
