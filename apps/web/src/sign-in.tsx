// The first download of /login (login.html, ADR 0047): the sign-in form with React alone, without the router, the
// data-fetching library or the app's shell. Once someone signs in (or arrives with a session) the whole app starts in
// the same page, where it would have been sent.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import './app/app.css';
import type { Branding } from '@admin-portal/contract/system/settings';
import { OTHER_PAGES } from './app/navigation/other-pages.ts';
import { getRegistrationAvailability } from './features/auth/api/registration-availability.ts';
import { SignInForm } from './features/auth/components/sign-in-form.tsx';
import { LOGIN_PATH, prefilledEmailFrom, returnPathFrom } from './features/auth/return-path.ts';
import { DEFAULT_BRANDING, getBranding } from './shared/branding/branding-api.ts';
import { tokenStorage } from './shared/storage/token-storage.ts';
import { SSO_ERRORS, type SsoErrorKey } from '@admin-portal/contract/sso-texts';
import { finishSingleSignOn } from './features/auth/auth-actions.ts';
import { applyTheme } from './shared/theme/theme.ts';

const container = document.getElementById('root')!;
/** React Router keeps a navigation's state under `usr`: a reload of /login it sent someone to still knows where from. */
const routerState = (history.state as { usr?: unknown } | null)?.usr ?? null;

let app: Promise<typeof import('./app/start-app.tsx')> | null = null;
/** Starts the app's download (once): as the form is sent, so it arrives while the server checks the password. */
const loadApp = () => (app ??= import('./app/start-app.tsx'));

async function showApp(root: Root | null, path?: string): Promise<void> {
  const { startApp } = await loadApp();
  root?.unmount();
  startApp(container, path);
}

/**
 * A single sign-on comes back here (issue 37 item 4): `#sso=<one-time code>` to exchange for the session, or
 * `#sso_error=<reason>`. The fragment never reaches a server or a Referer; it is taken off the address at once.
 */
function singleSignOnReturn(): { code: string } | { error: string } | null {
  const params = new URLSearchParams(location.hash.slice(1));
  const code = params.get('sso');
  const error = params.get('sso_error');
  if (code === null && error === null) return null;
  history.replaceState(history.state, '', location.pathname + location.search);
  if (code) return { code };
  // Only the known reasons are shown (an address can say anything, `constructor` included).
  return { error: error && Object.hasOwn(SSO_ERRORS, error) ? SSO_ERRORS[error as SsoErrorKey] : SSO_ERRORS.invalid };
}

function SignInPage({ root, initialError }: { root: Root; initialError: string | null }) {
  const [branding, setBranding] = useState<Pick<Branding, 'product_name' | 'logo_url'>>(DEFAULT_BRANDING);
  const [registrationOpen, setRegistrationOpen] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getBranding(controller.signal).then(setBranding, () => undefined);
    getRegistrationAvailability(controller.signal).then(
      (r) => setRegistrationOpen(r.available),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  useEffect(() => {
    document.title = `${OTHER_PAGES[LOGIN_PATH]} · ${branding.product_name}`;
  }, [branding.product_name]);

  return (
    <SignInForm
      branding={branding}
      initialEmail={prefilledEmailFrom(routerState)}
      registerLink={registrationOpen ? <a href="/register">Create an account</a> : null}
      onSubmitting={() => void loadApp()}
      initialError={initialError}
      onSignedIn={() => void showApp(root, returnPathFrom(routerState))}
    />
  );
}

function showSignIn(initialError: string | null): void {
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <SignInPage root={root} initialError={initialError} />
    </StrictMode>,
  );
}

applyTheme();
const returned = singleSignOnReturn();
if (returned && 'code' in returned) {
  // A finished single sign-on: its session replaces any stored one.
  void loadApp();
  void finishSingleSignOn(returned.code).then((failure) => (failure ? showSignIn(failure.message) : showApp(null, '/dashboard')));
} else if (!returned && (tokenStorage.getAccessToken() || tokenStorage.getRefreshToken())) {
  // A session is stored: the app checks it and goes on (or back to this form, inside the app, when it has ended).
  void showApp(null);
} else {
  showSignIn(returned && 'error' in returned ? returned.error : null);
}
