import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { UserListItem } from '@admin-portal/contract/users';
import { displayName } from '../../../shared/lib/display-name.ts';
import { SessionList } from '../../../shared/sessions/session-list.tsx';

interface Props {
  show: boolean;
  user: UserListItem;
  onClose: () => void;
}

/** The Users page's "Sessions": where a user is signed in, and signing them out of one session or all (issue 37 item 5). */
export function SessionsDialog({ show, user, onClose }: Props) {
  const titleId = useId();
  const name = displayName(user);
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} scrollable>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          Sessions of {name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">
          Where {name} is signed in now. Signing a session out ends it at once: its next request is refused and it must sign in again.
        </p>
        <SessionList target={{ kind: 'user', userId: user.id, name }} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
