import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { ConfigEntry } from '@admin-portal/contract/system/config';
import { ENVIRONMENT_LABELS } from '../lib/config-value.ts';

/** Asks before deleting a configuration entry (and its file). */
export function DeleteConfigDialog({
  entry,
  show,
  busy,
  onClose,
  onConfirm,
}: {
  entry: ConfigEntry;
  show: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (entry: ConfigEntry) => void;
}) {
  return (
    <Modal show={show} onHide={onClose} aria-labelledby="config-delete-title" centered>
      <Modal.Header closeButton>
        <Modal.Title id="config-delete-title" as="h2" className="h5">
          Delete {entry.key}?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        The entry for {entry.organization_name ?? 'all organizations'} ({ENVIRONMENT_LABELS[entry.environment ?? 'all']}){entry.file ? ' and its file' : ''}{' '}
        will be deleted. What the product read from it goes back to the next entry that applies, or its default.
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" disabled={busy} onClick={() => onConfirm(entry)}>
          Delete
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
