import { describe, expect, it } from 'vitest';
import { normalizeReason } from './rollup-tables.ts';

describe('failure reasons as kept in the rollups', () => {
  it('groups failures that differ only in figures, ids and addresses, and keeps no personal data', () => {
    expect(normalizeReason('Timed out after 5012 ms')).toBe(normalizeReason('Timed out after 5000 ms'));
    expect(normalizeReason('Timed out after 5012 ms')).toBe('Timed out after <n> ms');
    expect(normalizeReason('Email to ada.lovelace@example.com bounced')).toBe('Email to <email> bounced');
    expect(normalizeReason('Case 1b4e28ba-2fa1-11d2-883f-0016d3cca427 not found')).toBe('Case <id> not found');
    expect(normalizeReason('GET https://crm.example/api?token=abc&user=7 failed')).toBe('GET https://crm.example/api failed');
    expect(normalizeReason('IBAN DE89370400440532013000 refused')).toBe('IBAN <iban> refused');
  });

  it('keeps short numbers such as HTTP statuses, and says when there is no reason', () => {
    expect(normalizeReason('Upstream answered 503')).toBe('Upstream answered 503');
    expect(normalizeReason('  ')).toBe('No reason recorded');
    expect(normalizeReason(null)).toBe('No reason recorded');
    expect(normalizeReason('x'.repeat(1000))).toHaveLength(300);
  });
});
