import { useEffect, useId, useState, type FormEvent } from 'react';
import { TWO_FACTOR_TEXTS } from '@admin-portal/contract/two-factor-texts';
import type { TotpSetup } from '@admin-portal/contract/two-factor';
import { loginEnrolmentSetup } from '../api/login.ts';
import { finishEnrolment } from '../auth-actions.ts';
import { OneTimeCodeField } from './one-time-code-field.tsx';
import { AuthenticatorQr, RecoveryCodeList } from '../../../shared/ui/authenticator-setup.tsx';

interface Props {
  challengeToken: string;
  onRestart: (reason: string | null) => void;
  onSignedIn: () => void;
}

/**
 * Sign-in for an account that its organization (or the product) requires to have a second factor it does not have
 * yet (issue 37 item 3): scan the QR code, enter the app's first code, keep the recovery codes, then go on. Part of the
 * sign-in page's first download: plain Bootstrap markup, no zod.
 */
export function SecondFactorEnrolmentForm({ challengeToken, onRestart, onSignedIn }: Props) {
  const id = useId();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void loginEnrolmentSetup(challengeToken).then((result) => {
      if (!live) return;
      if (result.success) setSetup(result.data);
      else onRestart(result.message);
    });
    return () => {
      live = false;
    };
  }, [challengeToken, onRestart]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const typed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(typed)) return setError('Enter the 6-digit code from your authenticator app');
    setSubmitting(true);
    setError(null);
    const outcome = await finishEnrolment(challengeToken, typed);
    setSubmitting(false);
    if ('codes' in outcome) return setCodes(outcome.codes);
    if (outcome.failure.message === TWO_FACTOR_TEXTS.challengeInvalid) return onRestart(outcome.failure.message);
    setError(outcome.failure.validation_errors.find((e) => e.field === 'code')?.message ?? outcome.failure.message);
  }

  if (codes) {
    return (
      <div>
        <div className="alert alert-success small">{TWO_FACTOR_TEXTS.enabled}</div>
        <RecoveryCodeList codes={codes} />
        <button type="button" className="btn btn-primary w-100" onClick={onSignedIn}>
          I have saved them: continue
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={submitting || !setup}>
      <p className="small">{TWO_FACTOR_TEXTS.required}</p>
      {!setup ? (
        <div className="text-center my-4">
          <span className="spinner-border text-primary" role="status">
            <span className="visually-hidden">Preparing your QR code…</span>
          </span>
        </div>
      ) : (
        <>
          <AuthenticatorQr setup={setup} className="mx-auto" />
          <OneTimeCodeField id={`${id}-code`} label="Code from the app" value={code} onChange={setCode} error={error} />
          <button type="submit" className="btn btn-primary w-100" disabled={submitting}>
            {submitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Turn on and sign in
          </button>
        </>
      )}
      <div className="text-end mt-3 small">
        <button type="button" className="btn btn-link btn-sm p-0" onClick={() => onRestart(null)}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
