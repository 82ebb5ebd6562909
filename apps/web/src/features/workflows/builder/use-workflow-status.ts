import { useCallback, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import type { WorkflowDetail, WorkflowStatus } from '@admin-portal/contract/workflows/api';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { useUpdateWorkflow } from '../api/workflows-api.ts';
import { statusChangedNotice } from '../lib/workflow-display.ts';
import type { WorkflowMeta } from './workflow-meta.ts';

interface Options {
  meta: WorkflowMeta;
  setMeta: Dispatch<SetStateAction<WorkflowMeta>>;
  dirty: boolean;
  save: () => Promise<WorkflowDetail | null>;
  showRefusal: (error: unknown, what: string) => void;
  onActivated: () => void;
}

export interface WorkflowStatusControl {
  busy: boolean;
  /** Saves unsaved changes first, then asks the server to activate (it runs the activation checks). */
  setStatus: (status: WorkflowStatus) => Promise<void>;
}

/** Status changes from the builder: draft ↔ active, archive. */
export function useWorkflowStatus({ meta, setMeta, dirty, save, showRefusal, onActivated }: Options): WorkflowStatusControl {
  const { mutateAsync: updateWorkflow } = useUpdateWorkflow();
  const [busy, setBusy] = useState(false);
  const setStatus = useCallback(
    async (status: WorkflowStatus) => {
      setBusy(true);
      try {
        let id = meta.id;
        if (dirty || id === null) {
          const saved = await save();
          if (!saved) return;
          id = saved.id;
        }
        const from = meta.status;
        const updated = await updateWorkflow({ id, body: { status } });
        setMeta((m) => ({ ...m, status: updated.status, version: updated.version, pendingVersion: updated.pending_version }));
        if (status === 'active') onActivated();
        notify({ type: 'success', ...statusChangedNotice(updated.name, updated.status, from) });
      } catch (error) {
        showRefusal(error, status === 'active' ? 'Activation' : 'Status change');
      } finally {
        setBusy(false);
      }
    },
    [meta.id, meta.status, dirty, save, updateWorkflow, setMeta, onActivated, showRefusal],
  );
  return useMemo(() => ({ busy, setStatus }), [busy, setStatus]);
}
