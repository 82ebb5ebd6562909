import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { TotpSetup } from '@admin-portal/contract/two-factor';
import { ApiError } from '../../../shared/api/api-result.ts';
import { saveTextFile } from '../../../shared/lib/save-text-file.ts';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { AuthenticatorQr, RecoveryCodeList } from '../../../shared/ui/authenticator-setup.tsx';
import { CurrentPasswordField } from './current-password-field.tsx';
import { useConfirmTotp, useDisableTotp, useRenewRecoveryCodes, useStartTotpSetup, useTwoFactorStatus } from '../api/two-factor.ts';

type PasswordAction = 'setup' | 'disable' | 'renew';
type Step =
  { kind: 'idle' } | { kind: 'password'; action: PasswordAction } | { kind: 'scan'; setup: TotpSetup } | { kind: 'codes'; codes: string[]; message: string };

const ACTION_LABELS: Record<PasswordAction, string> = {
  setup: 'Continue',
  disable: 'Turn off two-factor authentication',
  renew: 'Make new recovery codes',
};

const fieldError = (err: unknown, field: string): string | null =>
  err instanceof ApiError ? (err.validationErrors.find((e) => e.field === field)?.message ?? err.message) : err instanceof Error ? err.message : null;

/**
 * The profile's two-factor authentication (issue 37 item 1): set up an authenticator app (password, QR code, first
 * code), see the recovery codes once, make new ones, or turn it off. The server asks for the password again for each.
 */
export function TwoFactorPanel({ email }: { email: string }) {
  const id = useId();
  const status = useTwoFactorStatus();
  const start = useStartTotpSetup();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const renew = useRenewRecoveryCodes();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const busy = start.isPending || confirm.isPending || disable.isPending || renew.isPending;

  const begin = (action: PasswordAction) => {
    setStep({ kind: 'password', action });
    setPassword('');
    setError(null);
    setNotice(null);
  };
  const cancel = () => {
    setStep({ kind: 'idle' });
    setError(null);
  };

  async function onPassword(event: FormEvent, action: PasswordAction) {
    event.preventDefault();
    if (busy) return;
    if (!password) return setError('Enter your current password');
    setError(null);
    try {
      if (action === 'setup') {
        setStep({ kind: 'scan', setup: await start.mutateAsync(password) });
        setCode('');
      } else if (action === 'renew') {
        const res = await renew.mutateAsync(password);
        setStep({ kind: 'codes', codes: res.recovery_codes, message: res.message });
      } else {
        const res = await disable.mutateAsync(password);
        setStep({ kind: 'idle' });
        setNotice(res.message ?? null);
      }
    } catch (err) {
      setError(fieldError(err, 'password'));
    }
  }

  async function onCode(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const typed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(typed)) return setError('Enter the 6-digit code from your authenticator app');
    setError(null);
    try {
      const res = await confirm.mutateAsync(typed);
      setStep({ kind: 'codes', codes: res.recovery_codes, message: res.message });
    } catch (err) {
      setError(fieldError(err, 'code'));
    }
  }

  if (status.isPending) return <Spinner size="sm" label="Loading two-factor authentication…" />;
  if (status.isError) {
    return (
      <RetryAlert className="mb-0" onRetry={() => status.refetch()}>
        Two-factor authentication could not be loaded: {status.error.message}
      </RetryAlert>
    );
  }
  const on = status.data.totp_enabled;

  if (step.kind === 'codes') {
    const text = step.codes.join('\n');
    return (
      <div>
        <Alert variant="success" className="small">
          {step.message}
        </Alert>
        <RecoveryCodeList codes={step.codes} id={`${id}-codes`} />
        <div className="d-flex flex-wrap gap-2">
          <CopyButton text={text} what="recovery codes" target={() => document.getElementById(`${id}-codes`)} />
          <Button variant="outline-secondary" size="sm" onClick={() => saveTextFile(`${text}\n`, `recovery-codes-${email}.txt`, 'text/plain;charset=utf-8')}>
            Download
          </Button>
          <Button size="sm" onClick={() => setStep({ kind: 'idle' })}>
            I have saved them
          </Button>
        </div>
      </div>
    );
  }

  if (step.kind === 'scan') {
    return (
      <Form onSubmit={onCode} noValidate>
        <AuthenticatorQr setup={step.setup} />
        <Form.Group controlId={`${id}-code`} className="mb-3">
          <Form.Label>Code from the app</Form.Label>
          <Form.Control
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            autoFocus
            isInvalid={!!error}
            aria-describedby={error ? `${id}-code-error` : undefined}
          />
          <Form.Control.Feedback id={`${id}-code-error`} type="invalid">
            {error}
          </Form.Control.Feedback>
        </Form.Group>
        <div className="d-flex gap-2">
          <Button type="submit" size="sm" disabled={busy}>
            Turn on
          </Button>
          <Button variant="outline-secondary" size="sm" onClick={cancel}>
            Cancel
          </Button>
        </div>
      </Form>
    );
  }

  if (step.kind === 'password') {
    const action = step.action;
    return (
      <Form onSubmit={(e) => void onPassword(e, action)} noValidate>
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <CurrentPasswordField id={`${id}-password`} value={password} onChange={setPassword} error={error} autoFocus />
        <div className="d-flex gap-2">
          <Button type="submit" size="sm" variant={action === 'disable' ? 'danger' : 'primary'} disabled={busy}>
            {ACTION_LABELS[action]}
          </Button>
          <Button variant="outline-secondary" size="sm" onClick={cancel}>
            Cancel
          </Button>
        </div>
      </Form>
    );
  }

  return (
    <div>
      {notice && (
        <Alert variant="success" className="small" onClose={() => setNotice(null)} dismissible>
          {notice}
        </Alert>
      )}
      {on ? (
        <>
          <p className="small mb-2">
            <span className="badge text-bg-success me-2">On</span>
            Every sign-in asks for a code from your authenticator app. {status.data.recovery_codes_left} of 10 recovery codes left.
          </p>
          <div className="d-flex flex-wrap gap-2">
            <Button variant="outline-secondary" size="sm" onClick={() => begin('renew')}>
              New recovery codes
            </Button>
            <Button variant="outline-danger" size="sm" onClick={() => begin('disable')}>
              Turn off
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="small mb-2">
            <span className="badge text-bg-secondary me-2">Off</span>
            Add a code from an authenticator app on your phone to every sign-in, so a stolen password is not enough.
          </p>
          <Button size="sm" onClick={() => begin('setup')}>
            Set up two-factor authentication
          </Button>
        </>
      )}
    </div>
  );
}
