import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { APPLICATION_MESSAGES, decideReviewSchema } from '@admin-portal/contract/applications/api';
import { maxLengthOf } from '@admin-portal/contract/input-rules';

interface ConfirmProps {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  variant: 'primary' | 'danger' | 'success' | 'warning';
  busy: boolean;
  error: string | null;
  onConfirm: (comment: string) => void;
  onClose: () => void;
  /** After the closing animation (the owner unmounts the dialog). */
  onExited?: () => void;
  /** A text box for a comment or reason; `required` refuses an empty one with `requiredMessage`. */
  comment?: { label: string; required: boolean; requiredMessage?: string; maxLength?: number | undefined };
}

/** Asks before a change to a case (decide, retry, cancel, erase), optionally with a comment, and shows the server's refusal. */
export function ConfirmActionDialog({ show, title, children, confirmLabel, variant, busy, error, onConfirm, onClose, onExited, comment }: ConfirmProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = 'confirm-action-title';
  const submit = () => {
    if (comment?.required && !text.trim()) {
      setProblem(comment.requiredMessage ?? 'Required');
      return;
    }
    setProblem(null);
    onConfirm(text.trim());
  };
  return (
    <Modal show={show} onHide={busy ? undefined : onClose} onExited={onExited} aria-labelledby={titleId} centered>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Modal.Header closeButton={!busy}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {children}
          {comment && (
            <Form.Group controlId="confirm-action-comment" className="mt-3">
              <Form.Label>{comment.label}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                value={text}
                maxLength={comment.maxLength}
                isInvalid={problem !== null}
                aria-describedby={problem ? 'confirm-action-comment-error' : undefined}
                onChange={(e) => setText(e.target.value)}
                autoFocus
              />
              <Form.Control.Feedback type="invalid" id="confirm-action-comment-error">
                {problem}
              </Form.Control.Feedback>
            </Form.Group>
          )}
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
          <Button type="submit" variant={variant} disabled={busy}>
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {confirmLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

const commentMax = maxLengthOf(decideReviewSchema.shape.comment) ?? 2000;

/** The comment box of a decision: optional to approve, required to reject (the contract's message). */
export const decisionComment = (decision: 'approve' | 'reject') => ({
  label: decision === 'approve' ? 'Comment (optional)' : 'Why is it rejected?',
  required: decision === 'reject',
  requiredMessage: APPLICATION_MESSAGES.commentRequired,
  maxLength: commentMax,
});
