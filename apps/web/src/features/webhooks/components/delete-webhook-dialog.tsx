import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { Webhook } from '@admin-portal/contract/webhooks';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useDeleteWebhook } from '../api/webhooks-api.ts';
import { shortUrl } from '../lib/webhook-display.ts';

interface Props {
  show: boolean;
  webhook: Webhook;
  onClose: () => void;
  /** After the delete: the page closes the subscription's deliveries if they are open. */
  onDeleted: (id: string) => void;
}

const TITLE_ID = 'delete-webhook-title';

/** Asks before deleting a subscription; its deliveries and their attempts go with it. */
export function DeleteWebhookDialog({ show, webhook, onClose, onDeleted }: Props) {
  const remove = useDeleteWebhook();
  const [failure, setFailure] = useState<string | null>(null);

  async function onDelete() {
    setFailure(null);
    try {
      await remove.mutateAsync(webhook.id);
      notify({ type: 'success', title: TOAST_TITLES.webhookDeleted, message: `Nothing more is sent to ${shortUrl(webhook.url)}.` });
      onDeleted(webhook.id);
      onClose();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Modal show={show} onHide={onClose} aria-labelledby={TITLE_ID} centered>
      <Modal.Header closeButton>
        <Modal.Title id={TITLE_ID} as="h2" className="h5">
          Delete webhook
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          Delete the webhook to <code className="text-body text-break">{webhook.url}</code>? This cannot be undone.
        </p>
        <p className="small text-body-secondary mb-0">
          Its deliveries and their attempts are deleted with it, and what still waits is never sent. To stop it for a while instead, turn it off.
        </p>
        {failure && (
          <Alert variant="danger" className="mt-3 mb-0">
            {failure}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void onDelete()} disabled={remove.isPending}>
          {remove.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Delete webhook
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
