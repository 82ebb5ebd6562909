import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { APPLICATION_MESSAGES, type BulkReview, type BulkReviewResponse, type ReviewTask } from '@admin-portal/contract/applications/api';
import { roleLabel } from '@admin-portal/contract/role-names';
import { useBulkReview, useReviewers } from '../api/review-work-api.ts';

export type BulkReviewAction = BulkReview['action'];

const TITLES: Record<BulkReviewAction, string> = {
  approve: 'Approve reviews',
  reject: 'Reject reviews',
  claim: 'Claim reviews',
  release: 'Release reviews',
  assign: 'Assign reviews',
};
const VERBS: Record<BulkReviewAction, string> = { approve: 'Approve', reject: 'Reject', claim: 'Claim', release: 'Release', assign: 'Assign' };

interface Props {
  action: BulkReviewAction;
  tasks: readonly ReviewTask[];
  show: boolean;
  onClose: () => void;
  onExited?: () => void;
  /** After the action ran (whatever each result): the selection can go. */
  onDone: (response: BulkReviewResponse) => void;
}

/**
 * One action on the selected reviews: asks first (a comment to approve or reject — required to reject — or the person
 * to assign them to), then shows a result for each: how many were done, and each one that was not, with the reason.
 */
export function BulkReviewDialog({ action, tasks, show, onClose, onExited, onDone }: Props) {
  const bulk = useBulkReview();
  const reviewers = useReviewers(undefined, show && action === 'assign');
  const [comment, setComment] = useState('');
  const [userId, setUserId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [response, setResponse] = useState<BulkReviewResponse | null>(null);
  const titleId = 'bulk-review-title';
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const label = (id: string) => {
    const t = byId.get(id);
    return t ? `${t.applicant_name || 'Unnamed applicant'} · ${t.step_name}` : id;
  };
  // Whom they can go to: people who may decide every selected review's role (or administrators).
  const roles = new Set(tasks.map((t) => t.assignee_role));
  const people = (reviewers.data?.items ?? []).filter((p) => ['admin', 'super_admin'].includes(p.role) || (roles.size === 1 && roles.has(p.role)));

  const submit = async () => {
    if (action === 'reject' && !comment.trim()) return setProblem(APPLICATION_MESSAGES.commentRequired);
    if (action === 'assign' && !userId) return setProblem(APPLICATION_MESSAGES.bulkAssigneeRequired);
    setProblem(null);
    setError(null);
    try {
      const body: BulkReview = {
        action,
        task_ids: tasks.map((t) => t.id),
        ...((action === 'approve' || action === 'reject') && comment.trim() ? { comment: comment.trim() } : {}),
        ...(action === 'assign' ? { user_id: userId } : {}),
      };
      const result = await bulk.mutateAsync(body);
      setResponse(result);
      onDone(result);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const failures = response?.results.filter((r) => !r.ok) ?? [];
  return (
    <Modal show={show} onHide={bulk.isPending ? undefined : onClose} onExited={onExited} aria-labelledby={titleId} centered scrollable>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!response) void submit();
          else onClose();
        }}
      >
        <Modal.Header closeButton={!bulk.isPending}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {TITLES[action]}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {response ? (
            <div role="status" data-testid="bulk-review-result">
              <p className="mb-2">
                <strong>{response.succeeded}</strong> of {response.results.length} {response.results.length === 1 ? 'review' : 'reviews'} done
                {response.failed > 0 ? `; ${response.failed} not done:` : '.'}
              </p>
              {failures.length > 0 && (
                <ul className="small mb-0" aria-label="Reviews not done">
                  {failures.map((r) => (
                    <li key={r.task_id}>
                      <span className="fw-semibold">{label(r.task_id)}</span>: {r.detail}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : (
            <>
              <p className="mb-3">
                {VERBS[action]} {tasks.length === 1 ? 'this review' : `these ${tasks.length} reviews`}? Each is checked as if done alone; the ones you may not
                change are listed afterwards with the reason.
              </p>
              {(action === 'approve' || action === 'reject') && (
                <Form.Group controlId="bulk-review-comment">
                  <Form.Label>{action === 'reject' ? 'Why are they rejected? (required)' : 'Comment (optional)'}</Form.Label>
                  <Form.Control
                    as="textarea"
                    rows={3}
                    maxLength={2000}
                    value={comment}
                    onChange={(e) => setComment(e.target.value)}
                    isInvalid={problem !== null}
                  />
                  <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>
                </Form.Group>
              )}
              {action === 'assign' && (
                <Form.Group controlId="bulk-review-person">
                  <Form.Label>Give them to</Form.Label>
                  <Form.Select value={userId} onChange={(e) => setUserId(e.target.value)} isInvalid={problem !== null} disabled={reviewers.isPending}>
                    <option value="">{reviewers.isPending ? 'Loading…' : 'Choose a person'}</option>
                    {people.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name || p.email} · {roleLabel(p.role)} · {p.open_reviews} open
                      </option>
                    ))}
                  </Form.Select>
                  <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>
                </Form.Group>
              )}
              {error && (
                <Alert variant="danger" className="mt-3 mb-0">
                  {error}
                </Alert>
              )}
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          {response ? (
            <Button type="submit" variant="primary">
              Done
            </Button>
          ) : (
            <>
              <Button variant="outline-secondary" onClick={onClose} disabled={bulk.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant={action === 'reject' ? 'danger' : action === 'approve' ? 'success' : 'primary'} disabled={bulk.isPending}>
                {bulk.isPending ? 'Working…' : `${VERBS[action]} ${tasks.length}`}
              </Button>
            </>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
