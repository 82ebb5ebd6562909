import { createStore, useStore } from '../lib/create-store.ts';
import { localStore, type SafeStorage } from '../storage/local-storage.ts';
import { STORAGE_KEYS } from '../storage/storage-keys.ts';

interface StoredChoice {
  user_id: string;
  organization_id: string;
}

function parseChoice(raw: string | null): StoredChoice | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredChoice> | null;
    return typeof value?.user_id === 'string' && typeof value.organization_id === 'string'
      ? { user_id: value.user_id, organization_id: value.organization_id }
      : null;
  } catch {
    return null;
  }
}

/**
 * A super administrator's chosen organization (the one every call acts in, as X-Organization-Id), persisted and
 * kept per user so another account signing in on the same browser never inherits it. No choice means the
 * server's default: a super admin sees every organization.
 */
export function createOrganizationChoice(storage: SafeStorage) {
  const store = createStore<{ choice: StoredChoice | null }>({ choice: parseChoice(storage.get(STORAGE_KEYS.organization)) });
  const idFor = (choice: StoredChoice | null, userId: string | undefined) => (choice && choice.user_id === userId ? choice.organization_id : null);
  return {
    get: (userId: string): string | null => idFor(store.get().choice, userId),
    set(userId: string, organizationId: string): void {
      const choice = { user_id: userId, organization_id: organizationId };
      storage.set(STORAGE_KEYS.organization, JSON.stringify(choice));
      store.set({ choice });
    },
    clear(): void {
      storage.remove(STORAGE_KEYS.organization);
      store.set({ choice: null });
    },
    /** The chosen organization id for this user, kept current in a component. */
    useChoice: (userId: string | undefined): string | null => useStore(store, (s) => idFor(s.choice, userId)),
  };
}

export const organizationChoice = createOrganizationChoice(localStore);
