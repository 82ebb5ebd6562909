import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import type { UserListItem } from '@admin-portal/contract/users';
import { displayName } from '../../../shared/lib/display-name.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { useDeleteUser } from '../api/delete-user.ts';

interface Props {
  show: boolean;
  user: UserListItem;
  onClose: () => void;
}

/** Asks before deleting, naming the user; the server's refusals (yourself, the last super administrator) are shown here. */
export function DeleteUserDialog({ show, user, onClose }: Props) {
  const remove = useDeleteUser();
  const [refusal, setRefusal] = useState<string | null>(null);

  async function onDelete() {
    setRefusal(null);
    try {
      await remove.mutateAsync(user.id);
      notify({ type: 'success', title: 'User Deleted', message: `${displayName(user)}: ${SERVER_MESSAGES.userDeleted}` });
      onClose();
    } catch (err) {
      setRefusal(err instanceof Error ? err.message : String(err));
    }
  }

  const titleId = 'delete-user-title';
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} centered>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          Delete user
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2">
          Delete <strong>{displayName(user)}</strong> ({user.email})?
        </p>
        <p className="text-body-secondary small mb-0">Their account, sessions and extra permissions are removed. This cannot be undone.</p>
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
        <Button variant="danger" onClick={() => void onDelete()} disabled={remove.isPending}>
          {remove.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Delete user
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
