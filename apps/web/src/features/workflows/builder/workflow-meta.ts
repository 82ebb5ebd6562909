import type { WorkflowDetail, WorkflowStatus } from '@admin-portal/contract/workflows/api';

/** The workflow as the toolbar shows it: null id until a new workflow is first saved. */
export interface WorkflowMeta {
  id: string | null;
  name: string;
  description: string;
  category: string;
  status: WorkflowStatus;
  /** The live version (the graph on the canvas once loaded). */
  version: number;
  /** A draft saved beside the live version through the API (ADR 0062), not live; null when there is none. */
  pendingVersion: number | null;
}

/** A saved workflow's meta, as the server answered it. */
export const metaOf = (d: WorkflowDetail): WorkflowMeta => ({
  id: d.id,
  name: d.name,
  description: d.description,
  category: d.category,
  status: d.status,
  version: d.version,
  pendingVersion: d.pending_version,
});
