import { describe, expect, it } from 'vitest';
import { registerSchema } from '@admin-portal/contract/auth';
import { VALIDATION } from '@admin-portal/contract/messages';
import { validateRegistration } from './registration-validation.ts';

const valid = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', password: 'long-enough', confirm_password: 'long-enough' };

describe('sign-up form validation (spec §5 profile rules)', () => {
  it('accepts a complete form, which the register call accepts too', () => {
    expect(validateRegistration(valid)).toEqual({});
    const { confirm_password: _, ...payload } = valid;
    expect(registerSchema.safeParse(payload).success).toBe(true);
  });

  it("names every missing field with the spec's words", () => {
    expect(validateRegistration({ first_name: ' ', last_name: '', email: '', password: '', confirm_password: '' })).toEqual({
      first_name: VALIDATION.firstNameRequired,
      last_name: VALIDATION.lastNameRequired,
      email: VALIDATION.emailRequired,
      password: VALIDATION.passwordTooShort,
    });
  });

  it('wants an email of the form text@text.text', () => {
    expect(validateRegistration({ ...valid, email: 'ada@example' }).email).toBe(VALIDATION.emailInvalid);
    expect(validateRegistration({ ...valid, email: 'ada example.com' }).email).toBe(VALIDATION.emailInvalid);
  });

  it('wants a password of at least 8 characters and the same confirmation', () => {
    expect(validateRegistration({ ...valid, password: '1234567', confirm_password: '1234567' })).toEqual({ password: VALIDATION.passwordTooShort });
    expect(validateRegistration({ ...valid, password: '12345678', confirm_password: '12345678' })).toEqual({});
    expect(validateRegistration({ ...valid, confirm_password: 'something-else' })).toEqual({ confirm_password: VALIDATION.passwordsDoNotMatch });
  });
});
