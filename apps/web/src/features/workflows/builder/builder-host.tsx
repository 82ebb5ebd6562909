import { useMemo } from 'react';
import { ReactFlowProvider } from '@xyflow/react';
import type { StepTypeDescription, WorkflowDetail, WorkflowVersion } from '@admin-portal/contract/workflows/api';
import type { WorkflowAbilities } from '../lib/abilities.ts';
import { BuilderEditor } from './builder-editor.tsx';
import { fromDetail, newWorkflowGraph, stepTypeMap } from './graph-model.ts';
import { draftMetaOf, metaOf, NEW_WORKFLOW_META } from './workflow-meta.ts';

export interface BuilderHostProps {
  /** The workflow being edited (null: a new one), and the pending draft opened beside its live version. */
  detail: WorkflowDetail | null;
  draft: WorkflowVersion | null;
  stepTypes: readonly StepTypeDescription[];
  abilities: WorkflowAbilities;
  onCreated: (detail: WorkflowDetail) => void;
  onReload: () => void;
  onOpen: (draft: number | null) => void;
  onDraftSaved: (draft: WorkflowVersion) => void;
}

/**
 * The canvas and everything that edits it (React Flow, the step schemas): its own chunk, loaded beside the page, so
 * the page's heading is drawn while this code still downloads and starts (issue 32 item 19).
 */
export function BuilderHost({ detail, draft, stepTypes, abilities, onCreated, onReload, onOpen, onDraftSaved }: BuilderHostProps) {
  const types = useMemo(() => stepTypeMap(stepTypes), [stepTypes]);
  return (
    <ReactFlowProvider>
      <BuilderEditor
        initial={detail ? (draft ? draftMetaOf(detail, draft) : metaOf(detail)) : NEW_WORKFLOW_META}
        graph={detail ? fromDetail(draft ? { ...detail, steps: draft.steps, connections: draft.connections } : detail, types) : newWorkflowGraph(types)}
        types={types}
        abilities={abilities}
        onCreated={onCreated}
        onReload={onReload}
        onOpen={onOpen}
        onDraftSaved={onDraftSaved}
      />
    </ReactFlowProvider>
  );
}
