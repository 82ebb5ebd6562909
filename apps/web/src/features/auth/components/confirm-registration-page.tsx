import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { PageSpinner } from '../../../shared/ui/spinner.tsx';
import { confirmRegistration } from '../api/confirm-registration.ts';
import { BackToSignIn, PublicCard } from './register-page.tsx';

type Outcome = { kind: 'confirmed'; pendingApproval: boolean; message: string } | { kind: 'failed'; message: string };

/** The token of the e-mailed link travels in the fragment (#token=…), which browsers never send to a server. */
function tokenFromLocation(): string | null {
  const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
  return token && token.trim() !== '' ? token.trim() : null;
}

/**
 * Where the link of a sign-up's confirmation e-mail leads (/register/confirm#token=…): sends the token once, then
 * says whether the person can sign in now or waits for an administrator's approval.
 */
export function ConfirmRegistrationPage() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return; // the token works once: never send it twice (React's development double effects)
    sent.current = true;
    const token = tokenFromLocation();
    // The token has done its work in the address bar: keep it out of the history and of anything copied from it.
    window.history.replaceState(null, '', window.location.pathname);
    if (!token) {
      setOutcome({ kind: 'failed', message: SERVER_MESSAGES.registrationLinkInvalid });
      return;
    }
    void confirmRegistration({ token }).then((result) =>
      setOutcome(
        result.success
          ? { kind: 'confirmed', pendingApproval: result.data.pending_approval, message: result.data.message }
          : { kind: 'failed', message: result.message || SERVER_MESSAGES.registrationLinkInvalid },
      ),
    );
  }, []);

  if (!outcome) return <PageSpinner />;
  if (outcome.kind === 'failed') {
    return (
      <PublicCard title="Confirm your e-mail address" subtitle="This link did not work.">
        <div className="alert alert-danger" role="alert">
          {outcome.message}
        </div>
        <Link to="/register" className="btn btn-outline-primary w-100 mb-2">
          Sign up again
        </Link>
        <BackToSignIn />
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Confirm your e-mail address" subtitle={outcome.pendingApproval ? 'Almost there.' : 'All done.'}>
      <div className="alert alert-success" role="status">
        <h2 className="h6 alert-heading">Your e-mail address is confirmed</h2>
        <p className="mb-0">{outcome.message}</p>
      </div>
      {!outcome.pendingApproval && <BackToSignIn label="Sign in" />}
      {outcome.pendingApproval && <BackToSignIn />}
    </PublicCard>
  );
}
