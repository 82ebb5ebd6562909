import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '../../../shared/ui/spinner.tsx';
import { useRegistrationAvailability } from '../api/get-registration-availability.ts';
import { useAuthLoading, useIsAuthenticated } from '../auth-store.ts';
import { prefilledEmailFrom, returnPathFrom } from '../return-path.ts';
import { useBranding } from '../../../shared/branding/use-branding.ts';
import { SignInForm } from './sign-in-form.tsx';

/** /login inside the app (after signing out, or sent here by the auth gate): the sign-in form, then back where the person was. */
export function LoginPage() {
  const isAuthenticated = useIsAuthenticated();
  const isLoading = useAuthLoading();
  const location = useLocation();
  const navigate = useNavigate();
  const branding = useBranding(false);
  const registration = useRegistrationAvailability();
  const [submitted, setSubmitted] = useState(false);
  const returnTo = returnPathFrom(location.state);

  if (isLoading) return <PageSpinner />;
  // Signed in already (another tab, a reload): straight on. The form's own sign-in navigates itself, below.
  if (isAuthenticated && !submitted) return <Navigate to={returnTo} replace />;

  return (
    <SignInForm
      branding={branding}
      initialEmail={prefilledEmailFrom(location.state)}
      registerLink={registration.data?.available ? <Link to="/register">Create an account</Link> : null}
      onSubmitting={() => setSubmitted(true)}
      onSignedIn={() => navigate(returnTo, { replace: true })}
    />
  );
}
