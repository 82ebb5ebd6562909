import { localStore, type SafeStorage } from './local-storage.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

export interface TokenStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  setTokens(accessToken: string, refreshToken: string): void;
  clearTokens(): void;
}

/** Access and refresh tokens in localStorage, so every tab of the portal shares one session. */
export function createTokenStorage(storage: SafeStorage): TokenStore {
  return {
    getAccessToken: () => storage.get(STORAGE_KEYS.accessToken),
    getRefreshToken: () => storage.get(STORAGE_KEYS.refreshToken),
    setTokens(accessToken, refreshToken) {
      storage.set(STORAGE_KEYS.accessToken, accessToken);
      storage.set(STORAGE_KEYS.refreshToken, refreshToken);
    },
    clearTokens() {
      storage.remove(STORAGE_KEYS.accessToken);
      storage.remove(STORAGE_KEYS.refreshToken);
    },
  };
}

export const tokenStorage = createTokenStorage(localStore);
