import { describe, expect, it } from 'vitest';
import { decryptJson, decryptText, encryptJson, encryptText } from './encryption.ts';

describe('secret encryption', () => {
  it('round-trips, never stores the plain text, and differs every time', () => {
    const a = encryptText('s3cret-value', 'key-1');
    const b = encryptText('s3cret-value', 'key-1');
    expect(a).not.toContain('s3cret');
    expect(a).not.toBe(b);
    expect(decryptText(a, 'key-1')).toBe('s3cret-value');
    expect(decryptJson(encryptJson({ TOKEN: 'x' }, 'k'), 'k')).toEqual({ TOKEN: 'x' });
  });

  it('refuses another key and tampered text', () => {
    const stored = encryptText('value', 'key-1');
    expect(() => decryptText(stored, 'key-2')).toThrow();
    const parts = stored.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => decryptText(parts.join('.'), 'key-1')).toThrow();
  });
});
