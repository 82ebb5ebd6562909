import type { StorageKey } from './storage-keys.ts';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's localStorage, or null where it is missing or blocked (private mode, sandboxed frames, Node). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Reads and writes that never throw: a full or blocked storage must not break signing in. */
export function createSafeStorage(getStorage: () => KeyValueStorage | null = browserStorage) {
  return {
    get(key: StorageKey): string | null {
      try {
        return getStorage()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: StorageKey, value: string): void {
      try {
        getStorage()?.setItem(key, value);
      } catch {
        // Quota exceeded or storage disabled: the value lives only for this page.
      }
    },
    remove(key: StorageKey): void {
      try {
        getStorage()?.removeItem(key);
      } catch {
        // Nothing to clean up when storage is unavailable.
      }
    },
  };
}

export type SafeStorage = ReturnType<typeof createSafeStorage>;

export const localStore = createSafeStorage();
