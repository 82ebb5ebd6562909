import { MESSAGES, TOASTS } from '@admin-portal/contract/messages';
import type { Organization } from '@admin-portal/contract/organizations';
import type { User } from '@admin-portal/contract/users';
import type { ApiFailure } from '../../shared/api/api-result.ts';
import { displayName } from '../../shared/lib/display-name.ts';
import { notify } from '../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../shared/notifications/toast-titles.ts';
import { organizationChoice } from '../../shared/organization/organization-choice.ts';
import { tokenStorage } from '../../shared/storage/token-storage.ts';
import { getCurrentUser } from './api/get-current-user.ts';
import { getOrganization, getOrganizations } from './api/get-organizations.ts';
import { login, loginEnrolmentConfirm, loginSecondFactor, ssoExchange, type LoginInput, type LoginResponse } from './api/login.ts';
import type { SecondFactorChallenge } from '@admin-portal/contract/two-factor';
import { logout } from './api/logout.ts';
import { authStore, signedOutState } from './auth-store.ts';
import { extendSession } from './session/extend-session.ts';
import { idleSession } from './session/idle-session.ts';
import { startSessionCheck, stopSessionCheck } from './session/session-check.ts';

/** Spec §4: while signed in, the session is checked every 300 s and idle time is tracked. */
function startSessionTimers(): void {
  startSessionCheck(() => void expireSession());
  idleSession.start({
    // 'Click to extend your session.': clicking the toast does what the modal's Extend Session button does.
    onWarning: () =>
      notify({
        type: 'warning',
        title: TOAST_TITLES.sessionExpiring,
        message: TOASTS.sessionExpiring.message,
        action: () => void extendSession(expireSession),
      }),
    onExpired: () => void expireSession(),
  });
}

function stopSessionTimers(): void {
  stopSessionCheck();
  idleSession.stop();
}

function clearSession(): void {
  stopSessionTimers();
  tokenStorage.clearTokens();
  authStore.set({ ...signedOutState, isLoading: false });
}

async function selectOrganization(user: User, organizations: Organization[]): Promise<void> {
  let current = organizations.find((o) => o.id === user.organization_id) ?? null;
  if (!current) {
    const single = await getOrganization(user.organization_id);
    if (single.success) current = single.data;
  }
  // Only apply if the same user is still signed in when the answer arrives.
  if (authStore.get().user?.id === user.id) authStore.set({ organizations, currentOrganization: current });
}

/** Spec §4: loads the organizations and selects the one matching the user's organization_id. */
async function loadOrganizations(user: User): Promise<void> {
  const result = await getOrganizations();
  await selectOrganization(user, result.success ? result.data : []);
}

/** Startup (spec §4): with a stored token, fetch the current user; if that fails, sign out. */
export async function initializeAuth(): Promise<void> {
  // Signed in already in this page (the sign-in page's own download signs in before the app has started): nothing to check.
  if (authStore.get().isAuthenticated) return;
  if (!tokenStorage.getAccessToken() && !tokenStorage.getRefreshToken()) {
    authStore.set({ isLoading: false });
    return;
  }
  authStore.set({ isLoading: true });
  // In parallel on purpose: with an expired token both get a 401 and share one refresh.
  const [me, organizations] = await Promise.all([getCurrentUser(), getOrganizations()]);
  if (!me.success) {
    console.error(MESSAGES.startupFailed, me.status, me.message);
    clearSession();
    // An expired session simply lands on /login; anything else (server down, 5xx) is worth telling.
    if (me.status !== 401) notify({ type: 'error', title: TOAST_TITLES.startupFailed, message: me.message });
    authStore.set({ error: MESSAGES.startupFailed });
    return;
  }
  authStore.set({ user: me.data, isAuthenticated: true, isLoading: false, error: null });
  await selectOrganization(me.data, organizations.success ? organizations.data : []);
  startSessionTimers();
}

/** What a sign-in came to: signed in, a failure to show, or (an account with a second factor) a code to ask for. */
export type SignInOutcome = { kind: 'signed_in' } | { kind: 'failed'; failure: ApiFailure } | { kind: 'second_factor'; challenge: SecondFactorChallenge };

/** Signs in with the password; an account with a second factor answers with a challenge for `finishSignIn`. */
export async function signIn(input: LoginInput): Promise<SignInOutcome> {
  const result = await login(input);
  if (!result.success) return { kind: 'failed', failure: result };
  if ('second_factor_required' in result.data) return { kind: 'second_factor', challenge: result.data };
  startSignedInSession(result.data);
  return { kind: 'signed_in' };
}

/** Sign-in, step two: a code of the authenticator app or a recovery code; returns the failure to show, or null. */
export async function finishSignIn(challengeToken: string, code: string): Promise<ApiFailure | null> {
  const result = await loginSecondFactor(challengeToken, code);
  if (!result.success) return result;
  startSignedInSession(result.data);
  return null;
}

/** A finished single sign-on (issue 37 item 4): its one-time code for the session. Answers the failure, or null. */
export async function finishSingleSignOn(code: string): Promise<{ message: string } | null> {
  const result = await ssoExchange(code);
  if (!result.success) return result;
  startSignedInSession(result.data);
  return null;
}

/**
 * Sign-in for an account that must set up a second factor first: the app's first code turns it on and signs in.
 * Answers the recovery codes to show once, or the failure.
 */
export async function finishEnrolment(challengeToken: string, code: string): Promise<{ codes: string[] } | { failure: ApiFailure }> {
  const result = await loginEnrolmentConfirm(challengeToken, code);
  if (!result.success) return { failure: result };
  startSignedInSession(result.data);
  return { codes: result.data.recovery_codes };
}

/** Keeps a new session's tokens and starts it (every way of signing in ends here). */
export function startSignedInSession({ access_token, refresh_token, user }: LoginResponse): void {
  tokenStorage.setTokens(access_token, refresh_token);
  // Spec §4: signing in selects the user's own organization, a super administrator's too; "All organizations" is a
  // choice they make in the header, kept for this session's reloads until they sign in again.
  if (user.role === 'super_admin') organizationChoice.set(user.id, user.organization_id);
  authStore.set({ ...signedOutState, user, isAuthenticated: true, isLoading: false });
  notify({ type: 'success', title: TOAST_TITLES.loginSuccess, message: TOASTS.loginSuccess.message(displayName(user)) });
  startSessionTimers();
  void loadOrganizations(user);
}

/** Spec §4/§7: ends the session locally at once; the server call runs after and its failure is only logged. */
export async function signOut(): Promise<void> {
  const tokens = { accessToken: tokenStorage.getAccessToken(), refreshToken: tokenStorage.getRefreshToken() };
  clearSession();
  const result = await logout(tokens);
  if (!result.success) console.warn('Logout request failed', result.status, result.message);
}

/** Spec §4: idle timeout reached or the session refused: error toast 'Session Expired', then logout (→ /login via the auth gate). */
export async function expireSession(): Promise<void> {
  if (!authStore.get().isAuthenticated) return;
  notify({ type: 'error', title: TOAST_TITLES.sessionExpired, message: TOASTS.sessionExpired.message });
  await signOut();
}

/** The API client gave up on the session (refresh refused) or another tab signed out. */
export function endExpiredSession(): void {
  clearSession();
}

/** Keeps this tab in step with the others: they share the tokens in localStorage. */
export function handleTokenChangedElsewhere(newAccessToken: string | null): void {
  const { isAuthenticated, isLoading } = authStore.get();
  if (newAccessToken === null && isAuthenticated) endExpiredSession();
  else if (newAccessToken !== null && !isAuthenticated && !isLoading) void initializeAuth();
}
