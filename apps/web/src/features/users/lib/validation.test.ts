import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@admin-portal/contract/messages';
import { changedFields, checkCreateUser, checkResetPassword } from './validation.ts';

describe('checkCreateUser (the contract’s schema)', () => {
  it('names each bad field with the spec’s texts', () => {
    const result = checkCreateUser({ email: 'nope', password: 'short', first_name: ' ', last_name: '', role: 'viewer' });
    expect(result).toEqual({
      ok: false,
      errors: {
        email: VALIDATION.emailInvalid,
        password: VALIDATION.passwordTooShort,
        first_name: VALIDATION.firstNameRequired,
        last_name: VALIDATION.lastNameRequired,
      },
    });
  });

  it('returns the cleaned value (trimmed names, lower-cased email)', () => {
    const result = checkCreateUser({ email: ' Ada@Example.COM ', password: 'long-enough', first_name: ' Ada ', last_name: 'Lovelace', role: 'viewer' });
    expect(result).toEqual({
      ok: true,
      value: { email: 'ada@example.com', password: 'long-enough', first_name: 'Ada', last_name: 'Lovelace', role: 'viewer' },
    });
  });
});

describe('checkResetPassword (spec §5)', () => {
  it('requires a password of at least 8 characters, confirmed', () => {
    expect(checkResetPassword({ new_password: '', confirm_password: '' })).toEqual({ ok: false, errors: { new_password: VALIDATION.newPasswordRequired } });
    expect(checkResetPassword({ new_password: 'short', confirm_password: 'short' })).toEqual({
      ok: false,
      errors: { new_password: VALIDATION.passwordTooShort },
    });
    expect(checkResetPassword({ new_password: 'long-enough', confirm_password: 'long-enougH' })).toEqual({
      ok: false,
      errors: { confirm_password: VALIDATION.passwordsDoNotMatch },
    });
    expect(checkResetPassword({ new_password: 'long-enough', confirm_password: 'long-enough' })).toEqual({ ok: true, value: { new_password: 'long-enough' } });
  });
});

describe('changedFields', () => {
  it('keeps only what differs from the user as loaded', () => {
    expect(changedFields({ first_name: 'Ada', role: 'viewer', is_active: true }, { first_name: 'Ada', role: 'operator', is_active: true })).toEqual({
      role: 'operator',
    });
  });
});
