import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { WorkflowSummary } from '@admin-portal/contract/workflows/api';
import { ApiError } from '../../../shared/api/api-result.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useDeleteWorkflow } from '../api/workflows-api.ts';
import { deleteBlockedReason } from '../lib/workflow-display.ts';

interface Props {
  show: boolean;
  workflow: WorkflowSummary;
  onClose: () => void;
  /** Offered when the server refuses because applications refer to the workflow. */
  onArchive?: (() => void) | undefined;
}

/**
 * Asks before deleting a workflow with all its versions. The server refuses (409, with its reason in `detail`) while
 * applications refer to it, which may have changed since the list was loaded: the dialog then says why and offers
 * to archive it instead.
 */
export function DeleteWorkflowDialog({ show, workflow, onClose, onArchive }: Props) {
  const remove = useDeleteWorkflow();
  const [refusal, setRefusal] = useState<{ conflict: boolean; message: string } | null>(null);

  async function onDelete() {
    setRefusal(null);
    try {
      await remove.mutateAsync(workflow.id);
      notify({ type: 'success', title: TOAST_TITLES.workflowDeleted, message: `“${workflow.name}” has been deleted.` });
      onClose();
    } catch (err) {
      setRefusal({ conflict: err instanceof ApiError && err.status === 409, message: err instanceof Error ? err.message : String(err) });
    }
  }

  const blocked = deleteBlockedReason(workflow.application_count);
  const canArchive = !!onArchive && workflow.status !== 'archived';
  const titleId = 'delete-workflow-title';
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} centered>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          Delete workflow
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          Delete <strong>{workflow.name}</strong> and its version history? This cannot be undone.
        </p>
        {blocked && !refusal && <p className="text-body-secondary small mb-0">{blocked}</p>}
        {refusal && (
          <Alert variant={refusal.conflict ? 'warning' : 'danger'} className="mb-0" role="alert">
            {refusal.conflict && (
              <Alert.Heading as="h3" className="h6">
                This workflow cannot be deleted
              </Alert.Heading>
            )}
            <p className="mb-0">{refusal.message}</p>
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} autoFocus>
          {refusal?.conflict ? 'Back to the list' : 'Cancel'}
        </Button>
        {refusal?.conflict ? (
          canArchive && (
            <Button variant="primary" onClick={onArchive}>
              Archive instead
            </Button>
          )
        ) : (
          <Button variant="danger" onClick={() => void onDelete()} disabled={remove.isPending}>
            {remove.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Delete workflow
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
