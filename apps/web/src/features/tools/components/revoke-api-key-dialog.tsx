import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { ApiKey } from '@admin-portal/contract/tools/api';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useRevokeApiKey } from '../api/tool-activity-api.ts';
import { maskedKey } from '../lib/mcp-access.ts';

interface Props {
  show: boolean;
  apiKey: ApiKey;
  onClose: () => void;
}

/** Asks before revoking: the key stops working at once, for every client that holds it, and cannot be restored. */
export function RevokeApiKeyDialog({ show, apiKey, onClose }: Props) {
  const revoke = useRevokeApiKey();
  const [failure, setFailure] = useState<string | null>(null);

  async function onRevoke() {
    setFailure(null);
    try {
      await revoke.mutateAsync(apiKey.id);
      notify({ type: 'success', title: TOAST_TITLES.apiKeyRevoked, message: `“${apiKey.name}” no longer works.` });
      onClose();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  const titleId = 'revoke-api-key-title';
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} centered>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          Revoke API key
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          Revoke <strong>{apiKey.name}</strong> (<code className="text-body">{maskedKey(apiKey)}</code>)? Every client using it is refused from now on. This
          cannot be undone.
        </p>
        {failure && (
          <Alert variant="danger" className="mb-0" role="alert">
            {failure}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void onRevoke()} disabled={revoke.isPending}>
          {revoke.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Revoke key
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
