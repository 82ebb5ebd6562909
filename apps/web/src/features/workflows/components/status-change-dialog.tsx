import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import type { WorkflowSummary } from '@admin-portal/contract/workflows/api';
import { ApiError } from '../../../shared/api/api-result.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { useUpdateWorkflow } from '../api/workflows-api.ts';
import { builderPath, problemMessages, statusChangedNotice, type StatusChange } from '../lib/workflow-display.ts';
import { StatusBadge } from './status-badge.tsx';

interface Props {
  show: boolean;
  workflow: WorkflowSummary;
  change: StatusChange;
  /** May open the builder (to fix what blocks activation). */
  canBuild: boolean;
  onClose: () => void;
}

/** At most this many of an activation refusal's problems are listed; the builder shows them all. */
const SHOWN_PROBLEMS = 5;

function explanation(workflow: WorkflowSummary, change: StatusChange): string {
  if (change.to === 'active') {
    return `New applications will run on version ${workflow.version}. The graph is checked first: a start step, reachable steps, ends, complete step settings and approved tools.`;
  }
  if (change.to === 'archived') {
    return 'It stops taking new applications; applications already started keep their history. An archived workflow is read-only until it is reopened as a draft.';
  }
  return 'It stops taking new applications until it is activated again; meanwhile it can be edited freely.';
}

/**
 * Confirms a status change that matters to live traffic: activation (which the server may refuse, listing the graph
 * problems) and taking an active workflow out of service.
 */
export function StatusChangeDialog({ show, workflow, change, canBuild, onClose }: Props) {
  const update = useUpdateWorkflow();
  const [failure, setFailure] = useState<{ message: string; problems: string[] } | null>(null);

  async function onConfirm() {
    setFailure(null);
    try {
      await update.mutateAsync({ id: workflow.id, body: { status: change.to } });
      notify({ type: 'success', ...statusChangedNotice(workflow.name, change.to, workflow.status) });
      onClose();
    } catch (err) {
      setFailure({
        message: err instanceof Error ? err.message : String(err),
        problems: err instanceof ApiError ? problemMessages(err.body) : [],
      });
    }
  }

  const titleId = 'status-change-title';
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} centered>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {change.to === 'draft' ? 'Return workflow to draft' : `${change.label} workflow`}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2">
          {change.to === 'draft' ? (
            <>
              Return <strong>{workflow.name}</strong> to draft?
            </>
          ) : (
            <>
              {change.label} <strong>{workflow.name}</strong>?
            </>
          )}{' '}
          <StatusBadge status={workflow.status} /> <span aria-hidden="true">→</span>
          <span className="visually-hidden">becomes</span> <StatusBadge status={change.to} />
        </p>
        <p className="text-body-secondary small mb-0">{explanation(workflow, change)}</p>
        {failure && (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            <p className={failure.problems.length > 1 ? 'mb-2' : 'mb-0'}>{failure.message}</p>
            {failure.problems.length > 1 && (
              <ul className="mb-0 small">
                {failure.problems.slice(0, SHOWN_PROBLEMS).map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
                {failure.problems.length > SHOWN_PROBLEMS && <li>and {failure.problems.length - SHOWN_PROBLEMS} more</li>}
              </ul>
            )}
            {canBuild && failure.problems.length > 0 && (
              <Link to={builderPath(workflow.id)} className="alert-link d-inline-block mt-2">
                Open in builder to fix
              </Link>
            )}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} autoFocus>
          {failure ? 'Close' : 'Cancel'}
        </Button>
        <Button variant={change.to === 'active' ? 'success' : 'primary'} onClick={() => void onConfirm()} disabled={update.isPending}>
          {update.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {change.label}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
