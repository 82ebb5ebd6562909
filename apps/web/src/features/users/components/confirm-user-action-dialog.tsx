import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { UserListItem } from '@admin-portal/contract/users';
import { displayName } from '../../../shared/lib/display-name.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import type { ToastTitle } from '../../../shared/notifications/toast-titles.ts';

interface Props {
  show: boolean;
  user: UserListItem;
  onClose: () => void;
  /** The dialog's title, also the confirming button's label ("Delete user"). */
  title: string;
  /** The question, naming the user: "Delete <name> (<email>)?" comes from `verb`. */
  verb: string;
  /** What happens, under the question. */
  consequence: ReactNode;
  /** The toast on success. */
  done: { title: ToastTitle; message: string };
  pending: boolean;
  run: () => Promise<unknown>;
}

/**
 * Asks before an action that removes a user (delete, reject a sign-up), naming them; the server's refusal, if any, is
 * shown in the dialog, and success in a toast.
 */
export function ConfirmUserActionDialog({ show, user, onClose, title, verb, consequence, done, pending, run }: Props) {
  const [refusal, setRefusal] = useState<string | null>(null);

  async function onConfirm() {
    setRefusal(null);
    try {
      await run();
      notify({ type: 'success', title: done.title, message: `${displayName(user)}: ${done.message}` });
      onClose();
    } catch (err) {
      setRefusal(err instanceof Error ? err.message : String(err));
    }
  }

  const titleId = `${title.toLowerCase().replace(/\W+/g, '-')}-title`;
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} centered>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2">
          {verb} <strong>{displayName(user)}</strong> ({user.email})?
        </p>
        <p className="text-body-secondary small mb-0">{consequence}</p>
        {refusal && (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            {refusal}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} autoFocus>
          {refusal ? 'Close' : 'Cancel'}
        </Button>
        <Button variant="danger" onClick={() => void onConfirm()} disabled={pending}>
          {pending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {title}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
