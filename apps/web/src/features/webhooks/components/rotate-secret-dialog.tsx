import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { Webhook } from '@admin-portal/contract/webhooks';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useRotateWebhookSecret, type WebhookWithSecret } from '../api/webhooks-api.ts';
import { SigningSecret } from './signing-secret.tsx';

interface Props {
  show: boolean;
  webhook: Webhook;
  onClose: () => void;
}

const TITLE_ID = 'rotate-secret-title';

/**
 * Asks before replacing a subscription's signing secret (the old one stops at once: the receiver must take the new
 * one), then shows the new secret once, with a copy button.
 */
export function RotateSecretDialog({ show, webhook, onClose }: Props) {
  const rotate = useRotateWebhookSecret();
  const [rotated, setRotated] = useState<WebhookWithSecret | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const secretField = useRef<HTMLInputElement>(null);

  async function onRotate() {
    setFailure(null);
    try {
      const answer = await rotate.mutateAsync(webhook.id);
      setRotated(answer);
      notify({ type: 'success', title: TOAST_TITLES.signingSecretRotated, message: 'Copy the new secret from the dialog now.' });
      // The secret replaced the question under the person's eyes: take them to it.
      requestAnimationFrame(() => secretField.current?.focus());
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Modal show={show} onHide={onClose} aria-labelledby={TITLE_ID} centered size={rotated ? 'lg' : undefined} backdrop={rotated ? 'static' : true}>
      <Modal.Header closeButton>
        <Modal.Title id={TITLE_ID} as="h2" className="h5">
          {rotated ? 'New signing secret' : 'Rotate the signing secret'}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {rotated ? (
          <SigningSecret secret={rotated.secret} inputRef={secretField} />
        ) : (
          <>
            <p>
              Replace the signing secret of the webhook to <code className="text-body text-break">{webhook.url}</code>?
            </p>
            <p className="small text-body-secondary mb-0">
              Deliveries sent from now on are signed with the new secret only, so the receiver rejects them until it has the new one. The current secret starts{' '}
              <code>{webhook.secret_hint}</code>.
            </p>
            {failure && (
              <Alert variant="danger" className="mt-3 mb-0">
                {failure}
              </Alert>
            )}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        {rotated ? (
          <Button variant="outline-secondary" onClick={onClose}>
            Done
          </Button>
        ) : (
          <>
            <Button variant="outline-secondary" onClick={onClose} autoFocus>
              Cancel
            </Button>
            <Button variant="primary" onClick={() => void onRotate()} disabled={rotate.isPending}>
              {rotate.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              Rotate secret
            </Button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}
