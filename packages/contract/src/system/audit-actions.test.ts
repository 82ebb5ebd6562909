import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_GROUPS, AUDIT_ACTIONS, AUDIT_TARGETS, auditActionLabel, auditTargetLabel } from './audit-actions.ts';

describe('the audit log’s action words', () => {
  const entries = Object.entries(AUDIT_ACTIONS);

  it('give every code words that read as a sentence (a capital first, no code left in them)', () => {
    expect(entries.length).toBeGreaterThan(50);
    for (const [code, words] of entries) {
      expect(code, code).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
      expect(words, code).toMatch(/^[A-Z]/);
      expect(words, code).not.toMatch(/[._]/);
      expect(words.trim(), code).toBe(words);
    }
  });

  it('tell every action apart: no two codes share their words', () => {
    const seen = new Map<string, string>();
    for (const [code, words] of entries) {
      expect(seen.get(words), `${code} and ${seen.get(words)} both read "${words}"`).toBeUndefined();
      seen.set(words, code);
    }
  });

  it('put each code in one group of the filter', () => {
    const grouped = Object.values(AUDIT_ACTION_GROUPS).flatMap((group) => Object.keys(group));
    expect(grouped).toHaveLength(new Set(grouped).size);
    expect(grouped.sort()).toEqual(Object.keys(AUDIT_ACTIONS).sort());
  });

  it('read a code the product no longer writes as the code itself', () => {
    expect(auditActionLabel('auth.login')).toBe('Signed in');
    expect(auditActionLabel('user.create')).toBe('Created user');
    expect(auditActionLabel('matrix.probe')).toBe('matrix.probe');
    expect(auditActionLabel('toString')).toBe('toString');
  });
});

describe('the audit log’s target words', () => {
  it('name every target type, and read an unknown one from its code', () => {
    for (const [type, words] of Object.entries(AUDIT_TARGETS)) expect(auditTargetLabel(type), type).toBe(words);
    expect(auditTargetLabel('api_key')).toBe('API key');
    expect(auditTargetLabel('tool_thing')).toBe('Tool thing');
  });
});
