import { useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';

interface Props {
  secret: string;
  /** Focus the secret when shown (the dialog's content changed under the person's eyes). */
  inputRef?: React.RefObject<HTMLInputElement | null>;
}

/**
 * A signing secret, the only time it is shown (just made or rotated): a plain warning, the secret with a copy button,
 * and how a receiver checks a request with it (the Standard Webhooks headers).
 */
export function SigningSecret({ secret, inputRef }: Props) {
  const own = useRef<HTMLInputElement>(null);
  const field = inputRef ?? own;
  return (
    <>
      <Alert variant="warning" className="mb-3">
        <strong>Copy this secret now: it won’t be shown again.</strong> The list shows only its first characters. If it is lost, rotate it and use the new one.
      </Alert>
      <Form.Group controlId="webhook-signing-secret" className="mb-3">
        <Form.Label className="fw-semibold">Signing secret</Form.Label>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Form.Control
            ref={field}
            readOnly
            value={secret}
            className="font-monospace webhook-secret"
            aria-describedby="webhook-signing-secret-help"
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton text={secret} what="signing secret" target={() => field.current} variant="primary" />
        </div>
      </Form.Group>
      <p id="webhook-signing-secret-help" className="small text-body-secondary mb-0">
        <strong className="text-body">Verify each request with it.</strong> Every delivery carries the Standard Webhooks headers <code>webhook-id</code>,{' '}
        <code>webhook-timestamp</code> and <code>webhook-signature</code> (<code>v1,</code> and an HMAC-SHA256 of <code>id.timestamp.body</code> with this
        secret). A Standard Webhooks library checks them in one call; see <Link to="/docs/webhooks#verifying-signatures">verifying signatures</Link>.
      </p>
    </>
  );
}
