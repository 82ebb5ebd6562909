import type { DataRouter } from 'react-router';
import { endExpiredSession, handleTokenChangedElsewhere, initializeAuth } from '../features/auth/auth-actions.ts';
import { authStore } from '../features/auth/auth-store.ts';
import { LOGIN_PATH } from '../features/auth/return-path.ts';
import { setSessionExpiredHandler } from '../shared/api/api.ts';
import { STORAGE_KEYS } from '../shared/storage/storage-keys.ts';
import { wireCurrentOrganization } from './organization/current-organization.ts';
import { wireAccountPreferences } from './preferences/account-preferences.ts';
import { queryClient } from './query-client.ts';

/**
 * Connects the pieces that must not know each other: the API client reports an ended session, the auth feature
 * clears it, the router goes to /login (remembering where the user was), and cached server data is dropped.
 * Once someone is signed in, the shell follows their current organization and their saved theme and sidebar state.
 */
export function wireSession(router: DataRouter): void {
  setSessionExpiredHandler(() => {
    endExpiredSession();
    const { pathname, search, hash } = router.state.location;
    if (pathname !== LOGIN_PATH) {
      void router.navigate(LOGIN_PATH, { replace: true, state: { from: { pathname, search, hash } } });
    }
  });

  let signedIn = authStore.get().isAuthenticated;
  authStore.subscribe(() => {
    const now = authStore.get().isAuthenticated;
    if (signedIn && !now) queryClient.clear();
    signedIn = now;
  });

  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.accessToken) handleTokenChangedElsewhere(event.newValue);
  });

  wireCurrentOrganization();
  wireAccountPreferences();
  void initializeAuth();
}
