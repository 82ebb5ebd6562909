import { useId, useState, type FormEvent } from 'react';
import { MESSAGES } from '@admin-portal/contract/messages';
import { TWO_FACTOR_TEXTS } from '@admin-portal/contract/two-factor-texts';
import { finishSignIn } from '../auth-actions.ts';
import { PASSKEY_TEXTS, passkeysSupportedHere } from '@admin-portal/contract/passkey-texts';
import type { SecondFactorChallenge } from '@admin-portal/contract/two-factor';
import { OneTimeCodeField } from './one-time-code-field.tsx';
import { PasskeySignInButton } from './passkey-sign-in-button.tsx';

interface Props {
  challengeToken: string;
  /** How the challenge may be answered: the app's code and recovery codes, and the account's passkeys when it has any. */
  methods: SecondFactorChallenge['methods'];
  /** The challenge is spent or expired: back to the password, with the reason. */
  onRestart: (reason: string | null) => void;
  onSignedIn: () => void;
}

/**
 * Sign-in, step two, for an account with a second factor (issue 37 item 1): the six-digit code of the authenticator
 * app, or one of the recovery codes, or a passkey of the account (item 2). Part of the sign-in page's first download:
 * plain Bootstrap markup, no zod.
 */
export function SecondFactorForm({ challengeToken, methods, onRestart, onSignedIn }: Props) {
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

  const passkey = methods.includes('passkey') && passkeysSupportedHere() && (
    <PasskeySignInButton
      challengeToken={challengeToken}
      label={methods.includes('totp') ? PASSKEY_TEXTS.useInstead : 'Continue with your passkey'}
      variant={methods.includes('totp') ? 'outline-secondary' : 'primary'}
      onStart={() => setError(null)}
      onFailed={(message) => (message === TWO_FACTOR_TEXTS.challengeInvalid ? onRestart(message) : setError(message))}
      onSignedIn={onSignedIn}
    />
  );
  const back = (
    <button type="button" className="btn btn-link btn-sm p-0" onClick={() => onRestart(null)}>
      Back to sign in
    </button>
  );

  // An account whose only second factor is a passkey (its organization requires one): the passkey, nothing to type.
  if (!methods.includes('totp')) {
    return (
      <div>
        <p className="text-body-secondary">Your organization requires a second factor: confirm this sign-in with your passkey.</p>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        {passkey || <p className="small">{PASSKEY_TEXTS.unsupported}</p>}
        <div className="mt-3 small">{back}</div>
      </div>
    );
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
      {passkey && <div className="mt-2">{passkey}</div>}
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
        {back}
      </div>
    </form>
  );
}
