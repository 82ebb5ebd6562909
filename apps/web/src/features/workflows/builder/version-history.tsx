import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Offcanvas from 'react-bootstrap/Offcanvas';
import Spinner from 'react-bootstrap/Spinner';
import { useQueryClient } from '@tanstack/react-query';
import type { WorkflowVersionSummary } from '@admin-portal/contract/workflows/api';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { restoreWorkflowVersion, useWorkflowVersions, WORKFLOWS_KEY } from '../api/workflows-api.ts';

interface Props {
  workflowId: string;
  show: boolean;
  canRestore: boolean;
  dirty: boolean;
  onHide: () => void;
  onRestored: () => void;
}

const when = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Every saved version, newest first; restoring one makes it the newest version (nothing is lost). */
export function VersionHistory({ workflowId, show, canRestore, dirty, onHide, onRestored }: Props) {
  const versions = useWorkflowVersions(workflowId, show);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<WorkflowVersionSummary | null>(null);
  const [restoring, setRestoring] = useState(false);

  const restore = async (version: WorkflowVersionSummary) => {
    setRestoring(true);
    try {
      const restored = await restoreWorkflowVersion(workflowId, version.version);
      await queryClient.invalidateQueries({ queryKey: WORKFLOWS_KEY });
      notify({ type: 'success', title: TOAST_TITLES.versionRestored, message: `Version ${version.version} is restored as version ${restored.version}.` });
      setConfirming(null);
      onHide();
      onRestored();
    } catch (error) {
      notify({ type: 'error', title: TOAST_TITLES.restoreFailed, message: error instanceof Error ? error.message : 'The version could not be restored' });
    } finally {
      setRestoring(false);
    }
  };

  return (
    <>
      <Offcanvas show={show} onHide={onHide} placement="end" aria-labelledby="version-history-title">
        <Offcanvas.Header closeButton>
          <Offcanvas.Title id="version-history-title">Version history</Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>
          {versions.isPending && <Spinner animation="border" size="sm" role="status" aria-label="Loading versions" />}
          {versions.isError && (
            <Alert variant="danger">
              {versions.error.message}{' '}
              <Button size="sm" variant="outline-danger" onClick={() => void versions.refetch()}>
                Retry
              </Button>
            </Alert>
          )}
          {versions.data && (
            <ol className="list-unstyled mb-0 version-list">
              {versions.data.items.map((v) => (
                <li key={v.version} className="version-item border rounded p-2 mb-2" data-version={v.version}>
                  <div className="d-flex align-items-center gap-2">
                    <strong>Version {v.version}</strong>
                    {v.is_current && <Badge bg="primary">Current</Badge>}
                    {v.state === 'pending' && (
                      <Badge
                        bg="warning"
                        text="dark"
                        title={`Saved beside version ${v.based_on_version}; applications do not start on it until it is published`}
                      >
                        Draft, not live
                      </Badge>
                    )}
                    {v.state === 'discarded' && <Badge bg="secondary">Discarded draft</Badge>}
                    {!v.is_current && canRestore && (
                      <Button
                        size="sm"
                        variant="outline-primary"
                        className="ms-auto"
                        onClick={() => setConfirming(v)}
                        aria-label={`Restore version ${v.version}`}
                      >
                        Restore
                      </Button>
                    )}
                  </div>
                  <div className="small">{v.note}</div>
                  <div className="small text-body-secondary">
                    {v.step_count} step{v.step_count === 1 ? '' : 's'}, {v.connection_count} connection{v.connection_count === 1 ? '' : 's'} ·{' '}
                    {when(v.created_at)}
                    {v.created_by_email ? ` · ${v.created_by_email}` : ''}
                  </div>
                </li>
              ))}
            </ol>
          )}
        </Offcanvas.Body>
      </Offcanvas>
      <Modal show={confirming !== null} onHide={() => setConfirming(null)} centered aria-labelledby="restore-title">
        <Modal.Header closeButton>
          <Modal.Title id="restore-title">Restore version {confirming?.version}?</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-2">
            The workflow's steps and connections become those of version {confirming?.version}, saved as a new version. Every version stays in the history.
          </p>
          {dirty && (
            <Alert variant="warning" className="mb-0">
              Your unsaved changes on the canvas will be discarded.
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button variant="primary" disabled={restoring} onClick={() => confirming && void restore(confirming)}>
            {restoring ? 'Restoring…' : 'Restore'}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
