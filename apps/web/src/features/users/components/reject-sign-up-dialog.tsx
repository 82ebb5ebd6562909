import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import type { UserListItem } from '@admin-portal/contract/users';
import { displayName } from '../../../shared/lib/display-name.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { useDecideSignUp } from '../api/decide-sign-up.ts';

interface Props {
  show: boolean;
  user: UserListItem;
  onClose: () => void;
}

/** Asks before turning a sign-up away: the waiting account is removed and its address told. */
export function RejectSignUpDialog({ show, user, onClose }: Props) {
  const decide = useDecideSignUp();
  const [refusal, setRefusal] = useState<string | null>(null);

  async function onReject() {
    setRefusal(null);
    try {
      await decide.mutateAsync({ id: user.id, approve: false });
      notify({ type: 'success', title: 'Sign-up Rejected', message: `${displayName(user)}: ${SERVER_MESSAGES.userRejected}` });
      onClose();
    } catch (err) {
      setRefusal(err instanceof Error ? err.message : String(err));
    }
  }

  const titleId = 'reject-sign-up-title';
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} centered>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          Reject sign-up
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2">
          Reject the sign-up of <strong>{displayName(user)}</strong> ({user.email})?
        </p>
        <p className="text-body-secondary small mb-0">The account, which never signed in, is removed, and the address gets an e-mail saying so.</p>
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
        <Button variant="danger" onClick={() => void onReject()} disabled={decide.isPending}>
          {decide.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Reject sign-up
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
