import { describe, expect, it } from 'vitest';
import { createSafeStorage, type KeyValueStorage } from '../storage/local-storage.ts';
import { STORAGE_KEYS } from '../storage/storage-keys.ts';
import { createOrganizationChoice } from './organization-choice.ts';

function memory(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

describe('organization choice', () => {
  it('remembers a super admin’s choice under its product-specific key, for that user only', () => {
    const raw = memory();
    const choice = createOrganizationChoice(createSafeStorage(() => raw));
    expect(choice.get('u1')).toBeNull();
    choice.set('u1', 'org-b');
    expect(raw.data.has(STORAGE_KEYS.organization)).toBe(true);
    expect(STORAGE_KEYS.organization).toBe('admin_portal.organization');
    expect(choice.get('u1')).toBe('org-b');
    expect(choice.get('u2')).toBeNull();
    choice.clear();
    expect(choice.get('u1')).toBeNull();
  });

  it('ignores a damaged stored value', () => {
    const raw = memory();
    raw.data.set(STORAGE_KEYS.organization, '{not json');
    expect(createOrganizationChoice(createSafeStorage(() => raw)).get('u1')).toBeNull();
  });
});
