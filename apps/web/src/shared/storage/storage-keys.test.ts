import { describe, expect, it } from 'vitest';
import { createSafeStorage, type KeyValueStorage } from './local-storage.ts';
import { STORAGE_KEYS } from './storage-keys.ts';
import { createTokenStorage } from './token-storage.ts';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('storage keys', () => {
  it('keeps tokens and theme under product-specific keys', () => {
    expect(STORAGE_KEYS.accessToken).toBe('admin_portal.access_token');
    expect(STORAGE_KEYS.refreshToken).toBe('admin_portal.refresh_token');
    expect(STORAGE_KEYS.theme).toBe('admin_portal.theme');
  });

  it('uses the key names the spec gives for menus and the assistant', () => {
    expect(STORAGE_KEYS.openMenus).toBe('openMenus');
    expect(STORAGE_KEYS.aiRecentActions).toBe('ai_recent_actions');
    expect(STORAGE_KEYS.aiInteractionAnalytics).toBe('ai_interaction_analytics');
  });

  it('has no two entries sharing a key', () => {
    const values = Object.values(STORAGE_KEYS);
    expect(new Set(values).size).toBe(values.length);
  });
});

describe('token storage', () => {
  it('stores, reads and clears both tokens under their keys', () => {
    const raw = memoryStorage();
    const tokens = createTokenStorage(createSafeStorage(() => raw));
    expect(tokens.getAccessToken()).toBeNull();
    tokens.setTokens('a', 'r');
    expect(raw.data.get(STORAGE_KEYS.accessToken)).toBe('a');
    expect(raw.data.get(STORAGE_KEYS.refreshToken)).toBe('r');
    expect(tokens.getAccessToken()).toBe('a');
    expect(tokens.getRefreshToken()).toBe('r');
    raw.data.set(STORAGE_KEYS.theme, 'dark');
    tokens.clearTokens();
    expect(tokens.getAccessToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
    expect(raw.data.get(STORAGE_KEYS.theme)).toBe('dark');
  });

  it('never throws when storage is blocked or full', () => {
    const throwing: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const tokens = createTokenStorage(createSafeStorage(() => throwing));
    expect(() => tokens.setTokens('a', 'r')).not.toThrow();
    expect(tokens.getAccessToken()).toBeNull();
    expect(() => tokens.clearTokens()).not.toThrow();
  });

  it('works as a no-op where there is no storage at all', () => {
    const tokens = createTokenStorage(createSafeStorage(() => null));
    tokens.setTokens('a', 'r');
    expect(tokens.getAccessToken()).toBeNull();
  });
});
