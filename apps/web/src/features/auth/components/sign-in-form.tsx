import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES } from '@admin-portal/contract/messages';
import type { Branding } from '@admin-portal/contract/system/settings';
import type { ValidationError } from '@admin-portal/contract/common';
import { signIn } from '../auth-actions.ts';
import { SecondFactorForm } from './second-factor-form.tsx';
import { SecondFactorEnrolmentForm } from './second-factor-enrolment-form.tsx';
import { PASSKEY_TEXTS, passkeysSupportedHere } from '@admin-portal/contract/passkey-texts';
import type { SecondFactorChallenge } from '@admin-portal/contract/two-factor';
import { PasskeySignInButton } from './passkey-sign-in-button.tsx';
import { SSO_TEXTS } from '@admin-portal/contract/sso-texts';
import { ssoStartUrl } from '../api/login.ts';
import { useSingleSignOnOffer } from './single-sign-on-offer.ts';

const SIGN_IN_FIELDS: readonly string[] = ['email', 'password'];

interface Props {
  branding: Pick<Branding, 'product_name' | 'logo_url'>;
  /** The e-mail to start with (one a page that sent the person here handed over), else empty. */
  initialEmail: string;
  /** "New here? Create an account" when registration is open; null hides it. */
  registerLink: ReactNode | null;
  /** Called once the session is stored (auth-actions' signIn); `submitting` stays true, so the form stays busy. */
  onSignedIn: () => void;
  /** Called as the form is sent, before the answer: a page may start downloading what it shows next. */
  onSubmitting?: () => void;
  /** A reason to show from the start (a single sign-on that came back without a session). */
  initialError?: string | null;
}

/**
 * The sign-in form (spec §4/§7), free of the router and of the data-fetching library: the sign-in page inside the app
 * and the small first download of /login (sign-in.tsx, ADR 0047) show this one form. Plain Bootstrap markup on
 * purpose: this screen is the first download, so it stays free of component libraries.
 */
export function SignInForm({ branding, initialEmail, registerLink, onSignedIn, onSubmitting, initialError = null }: Props) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  const [fieldErrors, setFieldErrors] = useState<ValidationError[]>([]);
  /** The password was right and the account has a second factor: the challenge its code finishes. */
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  /** How that challenge may be answered (an app's code, a recovery code, a passkey). */
  const [methods, setMethods] = useState<SecondFactorChallenge['methods']>([]);
  /** The account must set up a second factor first (a policy requires one it does not have). */
  const [enrolment, setEnrolment] = useState(false);
  // The e-mail's domain signs in with an identity provider: offered as it is typed (issue 37 item 4).
  const sso = useSingleSignOnOffer(email);
  const restart = useCallback((reason: string | null) => {
    setChallengeToken(null);
    setError(reason);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    setFieldErrors([]);
    onSubmitting?.();
    const outcome = await signIn({ email: email.trim(), password });
    if (outcome.kind === 'second_factor') {
      setSubmitting(false);
      setPassword('');
      setEnrolment(outcome.challenge.enrolment_required);
      setMethods(outcome.challenge.methods);
      setChallengeToken(outcome.challenge.challenge_token);
      return;
    }
    if (outcome.kind === 'failed') {
      const { failure } = outcome;
      setSubmitting(false);
      // Problems with a field are shown under it, and only there; the server's reason (spec §7) is shown otherwise.
      const underFields = failure.validation_errors.filter((e) => SIGN_IN_FIELDS.includes(e.field));
      setError(underFields.length > 0 ? null : failure.message || MESSAGES.loginFailed);
      setFieldErrors(underFields);
      if (underFields.length > 0) document.getElementById(`${id}-${underFields[0]!.field}`)?.focus();
      return;
    }
    onSignedIn();
  }

  const fieldError = (field: string) => fieldErrors.find((e) => e.field === field)?.message;
  const emailError = fieldError('email');
  const passwordError = fieldError('password');

  return (
    <main className="login-page d-flex align-items-center justify-content-center min-vh-100 bg-body-tertiary px-3">
      <div className="card shadow-sm login-card w-100">
        <div className="card-body p-4 p-sm-5">
          <div className="text-center mb-4">
            {branding.logo_url ? (
              <img className="login-logo-image mx-auto mb-3 d-block" src={branding.logo_url} alt="" width={56} height={56} />
            ) : (
              <div className="login-logo mx-auto mb-3" aria-hidden="true">
                {branding.product_name.charAt(0).toUpperCase()}
              </div>
            )}
            <h1 className="h4 mb-1">{branding.product_name}</h1>
            <p className="text-body-secondary mb-0">{challengeToken ? 'Two-factor authentication' : 'Sign in to manage workflows, tools and applications.'}</p>
          </div>

          {error && (
            <div className="alert alert-danger" role="alert">
              {error}
            </div>
          )}

          {challengeToken && enrolment ? (
            <SecondFactorEnrolmentForm challengeToken={challengeToken} onSignedIn={onSignedIn} onRestart={restart} />
          ) : challengeToken ? (
            <SecondFactorForm challengeToken={challengeToken} methods={methods} onSignedIn={onSignedIn} onRestart={restart} />
          ) : (
            <form onSubmit={onSubmit} noValidate aria-busy={submitting}>
              <div className="mb-3">
                <label htmlFor={`${id}-email`} className="form-label">
                  Email
                </label>
                <input
                  id={`${id}-email`}
                  type="email"
                  name="email"
                  className={`form-control${emailError ? ' is-invalid' : ''}`}
                  autoComplete="username"
                  autoFocus={email === ''}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={emailError ? `${id}-email-error` : undefined}
                />
                {emailError && (
                  <div id={`${id}-email-error`} className="invalid-feedback">
                    {emailError}
                  </div>
                )}
              </div>
              <div className="mb-4">
                <label htmlFor={`${id}-password`} className="form-label">
                  Password
                </label>
                <input
                  id={`${id}-password`}
                  type="password"
                  name="password"
                  className={`form-control${passwordError ? ' is-invalid' : ''}`}
                  autoComplete="current-password"
                  autoFocus={email !== ''}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  aria-invalid={passwordError ? true : undefined}
                  aria-describedby={passwordError ? `${id}-password-error` : undefined}
                />
                {passwordError && (
                  <div id={`${id}-password-error`} className="invalid-feedback">
                    {passwordError}
                  </div>
                )}
              </div>
              <button type="submit" className="btn btn-primary w-100" disabled={submitting}>
                {submitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                Sign In
              </button>
              {(sso || passkeysSupportedHere()) && (
                <div className="text-center text-body-secondary small my-3" aria-hidden="true">
                  or
                </div>
              )}
              {/* Below the form, so nothing moves under the e-mail being typed when the provider is found. */}
              {sso && (
                <div className="mb-2">
                  {sso.sso_only && <p className="small text-body-secondary mb-2">{SSO_TEXTS.ssoOnly(sso.provider_name)}</p>}
                  <a className={`btn ${sso.sso_only ? 'btn-primary' : 'btn-outline-primary'} w-100`} href={ssoStartUrl(email.trim())}>
                    {SSO_TEXTS.signInWith(sso.provider_name)}
                  </a>
                </div>
              )}
              {passkeysSupportedHere() && (
                <>
                  <PasskeySignInButton
                    challengeToken={null}
                    label={PASSKEY_TEXTS.signIn}
                    onStart={() => {
                      setError(null);
                      setFieldErrors([]);
                      onSubmitting?.();
                    }}
                    onFailed={setError}
                    onSignedIn={onSignedIn}
                  />
                </>
              )}
            </form>
          )}
          {registerLink && <p className="text-center small mt-4 mb-0">New here? {registerLink}</p>}
        </div>
      </div>
    </main>
  );
}
