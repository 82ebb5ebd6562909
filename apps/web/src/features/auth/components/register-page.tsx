import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { MESSAGES, newPasswordHint, SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { useBranding } from '../../../shared/branding/use-branding.ts';
import { FormField } from '../../../shared/forms/form-field.tsx';
import { failureMessage, fieldErrorsFrom, hasErrors } from '../../../shared/forms/form-validation.ts';
import { useFieldForm } from '../../../shared/forms/use-field-form.ts';
import { PageSpinner } from '../../../shared/ui/spinner.tsx';
import { useRegistrationAvailability } from '../api/get-registration-availability.ts';
import { register } from '../api/register.ts';
import { useAuthLoading, useIsAuthenticated } from '../auth-store.ts';
import { DEFAULT_SIGNED_IN_PATH, LOGIN_PATH } from '../return-path.ts';
import { REGISTRATION_FIELDS, validateRegistration, type RegistrationField } from '../registration-validation.ts';

const EMPTY: Record<RegistrationField, string> = { first_name: '', last_name: '', email: '', password: '', confirm_password: '' };

/** The sign-in page's card, for the screens around it. Plain Bootstrap markup, like the sign-in page. */
export function PublicCard({ subtitle, children, title = 'Create an account' }: { subtitle: string; children: ReactNode; title?: string }) {
  return (
    <main className="login-page d-flex align-items-center justify-content-center min-vh-100 bg-body-tertiary px-3 py-4">
      <div className="card shadow-sm login-card w-100">
        <div className="card-body p-4 p-sm-5">
          <div className="text-center mb-4">
            <div className="login-logo mx-auto mb-3" aria-hidden="true">
              A
            </div>
            <h1 className="h4 mb-1">{title}</h1>
            <p className="text-body-secondary mb-0">{subtitle}</p>
          </div>
          {children}
        </div>
      </div>
    </main>
  );
}

export function BackToSignIn({ email, label = 'Back to sign in' }: { email?: string; label?: string }) {
  return (
    <Link to={LOGIN_PATH} state={email ? { email } : undefined} className="btn btn-primary w-100">
      {label}
    </Link>
  );
}

/**
 * Self-registration (POST /auth/register): a new viewer account in the organization that accepts the email's
 * domain, so the form asks for no organization. Offered only while registration is available at all. The account
 * exists once the person opens the link e-mailed to them (the confirm page).
 */
export function RegisterPage() {
  const isAuthenticated = useIsAuthenticated();
  const isLoading = useAuthLoading();
  const availability = useRegistrationAvailability();
  const [registered, setRegistered] = useState<{ email: string; message: string } | null>(null);

  if (isLoading || availability.isPending) return <PageSpinner />;
  if (isAuthenticated) return <Navigate to={DEFAULT_SIGNED_IN_PATH} replace />;

  if (registered) {
    return (
      <PublicCard subtitle="One more step: confirm your e-mail address.">
        <div className="alert alert-success" role="status">
          <h2 className="h6 alert-heading">Check your e-mail</h2>
          <p>{registered.message}</p>
          <p className="mb-0">
            We wrote to <strong>{registered.email}</strong>. Open the link in that e-mail on this or any device to create your account.
          </p>
        </div>
        <BackToSignIn email={registered.email} />
      </PublicCard>
    );
  }

  // When the availability call itself fails, the form still shows: the register call gives the real answer.
  if (availability.data?.available === false) {
    return (
      <PublicCard subtitle="Accounts on this portal are created by an administrator.">
        <div className="alert alert-info" role="status">
          {SERVER_MESSAGES.registrationUnavailable}
        </div>
        <BackToSignIn />
      </PublicCard>
    );
  }

  return (
    <PublicCard subtitle="Sign up with your work email; your organization is chosen by its domain.">
      <RegisterForm onRegistered={setRegistered} />
    </PublicCard>
  );
}

function RegisterForm({ onRegistered }: { onRegistered: (sent: { email: string; message: string }) => void }) {
  const id = useId();
  const form = useFieldForm<RegistrationField>(EMPTY);
  const { values, errors } = form;
  const minLength = useBranding(false).password_min_length;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.submitting) return;
    const invalid = validateRegistration(values);
    if (hasErrors(invalid)) return form.refuse(invalid);
    form.setAlert(null);
    form.setSubmitting(true);
    const { confirm_password: _, ...input } = values;
    const result = await register({ ...input, email: input.email.trim() });
    form.setSubmitting(false);
    if (!result.success) {
      form.setAlert(failureMessage(result, MESSAGES.registrationFailed));
      form.refuse(fieldErrorsFrom(result.validation_errors, REGISTRATION_FIELDS));
      return;
    }
    onRegistered({ email: input.email.trim(), message: result.data.message });
  }

  return (
    <>
      {form.alert && (
        <div className="alert alert-danger" role="alert">
          {form.alert}
        </div>
      )}
      <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-busy={form.submitting} aria-label="Create an account">
        <div className="row g-sm-3">
          <div className="col-sm-6">
            <FormField
              id={`${id}-first`}
              label="First name"
              name="first_name"
              value={values.first_name}
              error={errors.first_name}
              autoComplete="given-name"
              autoFocus
              onChange={form.change('first_name')}
            />
          </div>
          <div className="col-sm-6">
            <FormField
              id={`${id}-last`}
              label="Last name"
              name="last_name"
              value={values.last_name}
              error={errors.last_name}
              autoComplete="family-name"
              onChange={form.change('last_name')}
            />
          </div>
        </div>
        <FormField
          id={`${id}-email`}
          label="Email"
          name="email"
          type="email"
          value={values.email}
          error={errors.email}
          autoComplete="email"
          onChange={form.change('email')}
        />
        <FormField
          id={`${id}-password`}
          label="Password"
          name="password"
          type="password"
          value={values.password}
          error={errors.password}
          autoComplete="new-password"
          hint={newPasswordHint(minLength)}
          onChange={form.change('password')}
        />
        <FormField
          id={`${id}-confirm`}
          label="Confirm password"
          name="confirm_password"
          type="password"
          value={values.confirm_password}
          error={errors.confirm_password}
          autoComplete="new-password"
          onChange={form.change('confirm_password')}
        />
        <button type="submit" className="btn btn-primary w-100 mt-2" disabled={form.submitting}>
          {form.submitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Create Account
        </button>
      </form>
      <p className="text-center small mt-4 mb-0">
        Already have an account? <Link to={LOGIN_PATH}>Sign in</Link>
      </p>
    </>
  );
}
