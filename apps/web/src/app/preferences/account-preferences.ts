import type { Preferences } from '@admin-portal/contract/preferences';
import { authStore } from '../../features/auth/auth-store.ts';
import { getSidebarOpen, setSidebarOpen } from '../../shared/layout/layout-store.ts';
import { PREFERENCES_QUERY_KEY, preferencesQueryOptions } from '../../shared/preferences/preferences.ts';
import { localStore } from '../../shared/storage/local-storage.ts';
import { STORAGE_KEYS } from '../../shared/storage/storage-keys.ts';
import { tokenStorage } from '../../shared/storage/token-storage.ts';
import { getTheme, setTheme } from '../../shared/theme/theme.ts';
import { queryClient } from '../query-client.ts';
import { parseTaken, shellPreferencesToApply, type ShellPreferences } from './shell-preferences.ts';

const isPreferencesKey = (key: readonly unknown[]) => key.length === PREFERENCES_QUERY_KEY.length && key.every((part, i) => part === PREFERENCES_QUERY_KEY[i]);

const shownNow = (): ShellPreferences => ({ theme: getTheme(), sidebar_open: getSidebarOpen() });

/**
 * Applies the signed-in user's saved theme and sidebar state (GET /auth/preferences), so they follow the user to
 * any browser: fetched after sign-in and after the startup fetch of the current user, without holding up the
 * first render (the shell shows this browser's own values meanwhile). Any later answer — a save on Settings, a
 * refetch that finds a change made on another browser — goes through the same rule (shell-preferences.ts).
 */
export function wireAccountPreferences(): void {
  let sessionUserId: string | null = null;
  let shownAtSignIn: ShellPreferences | null = null;

  function take(account: Preferences | undefined): void {
    const { user, isAuthenticated } = authStore.get();
    if (!account || !user || !isAuthenticated) return;
    const changes = shellPreferencesToApply({
      account,
      userId: user.id,
      taken: parseTaken(localStore.get(STORAGE_KEYS.accountPreferences)),
      local: shownNow(),
      localAtSignIn: shownAtSignIn,
    });
    shownAtSignIn = null;
    if (changes.theme !== undefined) setTheme(changes.theme);
    if (changes.sidebar_open !== undefined) setSidebarOpen(changes.sidebar_open);
    localStore.set(STORAGE_KEYS.accountPreferences, JSON.stringify({ user_id: user.id, theme: account.theme, sidebar_open: account.sidebar_open }));
  }

  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && isPreferencesKey(event.query.queryKey)) {
      take(event.query.state.data as Preferences | undefined);
    }
  });

  authStore.subscribe(() => {
    const { user, isAuthenticated } = authStore.get();
    const id = isAuthenticated && user ? user.id : null;
    if (id === sessionUserId) return;
    sessionUserId = id;
    shownAtSignIn = id ? shownNow() : null;
    if (id) void loadAccountPreferences(id, take);
  });

  // With a stored session they are asked for beside the current user (initializeAuth), not once it has answered: the
  // analytics pages and the dashboard wait for the time zone they hold before asking for their figures.
  if (tokenStorage.getAccessToken() || tokenStorage.getRefreshToken()) void queryClient.prefetchQuery(preferencesQueryOptions);
}

async function loadAccountPreferences(userId: string, take: (account: Preferences | undefined) => void): Promise<void> {
  try {
    // Started already when the page loaded with a session (wireAccountPreferences): this waits for that answer.
    await queryClient.prefetchQuery(preferencesQueryOptions);
    // Already in the cache (so no fetch reported it): take it now. Taking twice changes nothing.
    if (authStore.get().user?.id === userId) take(queryClient.getQueryData(preferencesQueryOptions.queryKey));
  } catch (error) {
    console.warn('Could not load the saved preferences', error);
  }
}
