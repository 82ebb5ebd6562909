import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { passwordWeakness } from './password-policy.ts';

describe('passwordWeakness', () => {
  it('refuses the common passwords of the maintained list, whatever their case', () => {
    for (const password of ['12345678', 'password', 'Password1', 'PASSWORD', 'qwertyuiop', 'iloveyou']) {
      expect(passwordWeakness(password), password).toBe(SERVER_MESSAGES.passwordTooCommon);
    }
  });

  it('refuses the e-mail address, or its name with only digits and symbols added', () => {
    expect(passwordWeakness('my-ada.lovelace@example.com-pw', 'ada.lovelace@example.com')).toBe(SERVER_MESSAGES.passwordContainsEmail);
    expect(passwordWeakness('AdaLovelace!1', 'ada.lovelace@example.com')).toBe(SERVER_MESSAGES.passwordContainsEmail);
    expect(passwordWeakness('weakling2024!', 'weakling@example.com')).toBe(SERVER_MESSAGES.passwordContainsEmail);
  });

  it('accepts what is neither', () => {
    expect(passwordWeakness('Correct-Horse-42', 'ada@example.com')).toBeNull();
    expect(passwordWeakness('Kept-Password-42', 'kept@backup.example')).toBeNull();
    expect(passwordWeakness('Ada-and-the-engine-7', 'ada@example.com')).toBeNull();
  });
});
