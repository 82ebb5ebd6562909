import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { ReviewTask } from '@admin-portal/contract/applications/api';
import { roleLabel, type RoleName } from '@admin-portal/contract/role-names';
import { useReviewers } from '../api/review-work-api.ts';

interface Props {
  task: ReviewTask;
  show: boolean;
  busy: boolean;
  error: string | null;
  onAssign: (userId: string) => void;
  onClose: () => void;
  onExited?: () => void;
}

/**
 * A lead gives a review to a person who may decide it (its role or an administrator), seeing how many open reviews
 * each already has, so the work is shared out evenly.
 */
export function AssignReviewDialog({ task, show, busy, error, onAssign, onClose, onExited }: Props) {
  // An approval step's assignee role (one of the roles; the review's schema says string).
  const reviewers = useReviewers(task.assignee_role as RoleName, show);
  const [userId, setUserId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = 'assign-review-title';
  const people = (reviewers.data?.items ?? []).filter((p) => p.id !== task.claimed_by);
  return (
    <Modal show={show} onHide={busy ? undefined : onClose} onExited={onExited} aria-labelledby={titleId} centered>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!userId) {
            setProblem('Choose who gets the review');
            return;
          }
          setProblem(null);
          onAssign(userId);
        }}
      >
        <Modal.Header closeButton={!busy}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {task.claimed_by ? 'Reassign review' : 'Assign review'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-3">
            <strong>{task.step_name}</strong> is decided by the {roleLabel(task.assignee_role)} role or an administrator.
            {task.claimed_by && <> {task.claimed_by_name || task.claimed_by_email} has it now.</>}
          </p>
          {reviewers.isError && <Alert variant="danger">The people who can decide it could not be loaded: {reviewers.error.message}</Alert>}
          <Form.Group controlId="assign-review-person">
            <Form.Label>Give it to</Form.Label>
            <Form.Select value={userId} onChange={(e) => setUserId(e.target.value)} isInvalid={problem !== null} disabled={reviewers.isPending}>
              <option value="">{reviewers.isPending ? 'Loading…' : 'Choose a person'}</option>
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name || p.email} · {roleLabel(p.role)} · {p.open_reviews} open
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>
            {reviewers.isSuccess && people.length === 0 && <Form.Text>Nobody else in the organization can decide this review.</Form.Text>}
          </Form.Group>
          {error && (
            <Alert variant="danger" className="mt-3 mb-0">
              {error}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Assigning…' : 'Assign'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
