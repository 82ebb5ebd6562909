import type { Organization } from '@admin-portal/contract/organizations';
import type { User } from '@admin-portal/contract/users';
import { createStore, useStore } from '../../shared/lib/create-store.ts';
import { tokenStorage } from '../../shared/storage/token-storage.ts';

/** The session part of the spec's app state (§3). */
export interface AuthState {
  user: User | null;
  isAuthenticated: boolean;
  /** True while the startup check of a stored token runs. */
  isLoading: boolean;
  organizations: Organization[];
  currentOrganization: Organization | null;
  error: string | null;
}

export const signedOutState: Omit<AuthState, 'isLoading'> = {
  user: null,
  isAuthenticated: false,
  organizations: [],
  currentOrganization: null,
  error: null,
};

export const authStore = createStore<AuthState>({
  ...signedOutState,
  isLoading: tokenStorage.getAccessToken() !== null || tokenStorage.getRefreshToken() !== null,
});

export const useAuthUser = () => useStore(authStore, (s) => s.user);
export const useIsAuthenticated = () => useStore(authStore, (s) => s.isAuthenticated);
export const useAuthLoading = () => useStore(authStore, (s) => s.isLoading);
export const useCurrentOrganization = () => useStore(authStore, (s) => s.currentOrganization);
