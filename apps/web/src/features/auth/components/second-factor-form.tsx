import { useId, useState, type FormEvent } from 'react';
import { MESSAGES } from '@admin-portal/contract/messages';
import { TWO_FACTOR_TEXTS } from '@admin-portal/contract/two-factor-texts';
import { finishSignIn } from '../auth-actions.ts';
import { OneTimeCodeField } from './one-time-code-field.tsx';

interface Props {
  challengeToken: string;
  /** The challenge is spent or expired: back to the password, with the reason. */
  onRestart: (reason: string | null) => void;
  onSignedIn: () => void;
}

/**
 * Sign-in, step two, for an account with a second factor (issue 37 item 1): the six-digit code of the authenticator
 * app, or one of the recovery codes. Part of the sign-in page's first download: plain Bootstrap markup, no zod.
 */
export function SecondFactorForm({ challengeToken, onRestart, onSignedIn }: Props) {
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    // Apps show the code as "123 456"; a recovery code may be typed with spaces.
    const typed = code.replace(/\s+/g, '');
    if (!typed) return setError(recovery ? 'Enter one of your recovery codes' : 'Enter the 6-digit code from your authenticator app');
    setSubmitting(true);
    setError(null);
    const failure = await finishSignIn(challengeToken, typed);
    if (!failure) return onSignedIn();
    setSubmitting(false);
    if (failure.message === TWO_FACTOR_TEXTS.challengeInvalid) return onRestart(failure.message);
    setError(failure.validation_errors.find((e) => e.field === 'code')?.message ?? failure.message ?? MESSAGES.loginFailed);
    document.getElementById(`${id}-code`)?.focus();
  }

  const label = recovery ? 'Recovery code' : 'Authentication code';
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={submitting}>
      <p className="text-body-secondary">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each works once.'
          : 'Enter the 6-digit code your authenticator app shows for this account.'}
      </p>
      <OneTimeCodeField id={`${id}-code`} label={label} value={code} onChange={setCode} error={error} recovery={recovery} />
      <button type="submit" className="btn btn-primary w-100" disabled={submitting}>
        {submitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        Verify
      </button>
      <div className="d-flex justify-content-between mt-3 small">
        <button
          type="button"
          className="btn btn-link btn-sm p-0"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(null);
          }}
        >
          {recovery ? 'Use your authenticator app' : 'Use a recovery code instead'}
        </button>
        <button type="button" className="btn btn-link btn-sm p-0" onClick={() => onRestart(null)}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
