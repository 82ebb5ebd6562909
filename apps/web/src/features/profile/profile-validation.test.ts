import { describe, expect, it } from 'vitest';
import { MESSAGES, passwordTooShortFor, SERVER_MESSAGES, VALIDATION } from '@admin-portal/contract/messages';
import type { ApiFailure } from '../../shared/api/api-result.ts';
import { failureMessage, fieldErrorsFrom, hasErrors } from '../../shared/forms/form-validation.ts';
import { PASSWORD_FIELDS, PROFILE_FIELDS, validatePassword, validateProfile } from './profile-validation.ts';

const profile = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', current_password: '' };
const password = { old_password: 'old-secret', new_password: 'new-secret-1', confirm_password: 'new-secret-1' };

describe('profile form validation (spec §5)', () => {
  it('accepts a complete profile', () => {
    expect(validateProfile(profile)).toEqual({});
    expect(hasErrors(validateProfile(profile))).toBe(false);
  });

  it('requires each name, counting blanks as empty', () => {
    expect(validateProfile({ ...profile, first_name: '' })).toEqual({ first_name: VALIDATION.firstNameRequired });
    expect(validateProfile({ ...profile, last_name: '   ' })).toEqual({ last_name: VALIDATION.lastNameRequired });
    expect(VALIDATION.firstNameRequired).toBe('First name is required');
    expect(VALIDATION.lastNameRequired).toBe('Last name is required');
  });

  it('requires an email of the form text@text.text', () => {
    expect(validateProfile({ ...profile, email: '' })).toEqual({ email: 'Email is required' });
    expect(validateProfile({ ...profile, email: '  ' })).toEqual({ email: VALIDATION.emailRequired });
    for (const bad of ['ada', 'ada@example', '@example.com', 'ada@.com', 'a da@example.com', 'ada@example.']) {
      expect(validateProfile({ ...profile, email: bad }), bad).toEqual({ email: 'Please enter a valid email address' });
    }
    for (const good of ['a@b.c', 'ada.lovelace+test@mail.example.co.uk', ' ada@example.com ']) {
      expect(validateProfile({ ...profile, email: good }), good).toEqual({});
    }
  });

  it('asks for the current password only when the email changes', () => {
    expect(validateProfile(profile, 'ADA@example.com')).toEqual({});
    expect(validateProfile({ ...profile, email: 'new@example.com' }, 'ada@example.com')).toEqual({
      current_password: SERVER_MESSAGES.currentPasswordRequiredForEmail,
    });
    expect(validateProfile({ ...profile, email: 'new@example.com', current_password: 'secret' }, 'ada@example.com')).toEqual({});
  });

  it('reports every failing field at once', () => {
    expect(validateProfile({ first_name: '', last_name: '', email: 'nope', current_password: '' })).toEqual({
      first_name: VALIDATION.firstNameRequired,
      last_name: VALIDATION.lastNameRequired,
      email: VALIDATION.emailInvalid,
    });
  });
});

describe('password form validation (spec §5)', () => {
  it('accepts a valid change', () => {
    expect(validatePassword(password)).toEqual({});
  });

  it('requires the current and the new password', () => {
    expect(validatePassword({ old_password: '', new_password: '', confirm_password: '' })).toEqual({
      old_password: 'Current password is required',
      new_password: 'New password is required',
    });
  });

  it('needs at least 8 characters for the new password', () => {
    expect(validatePassword({ ...password, new_password: 'short12', confirm_password: 'short12' })).toEqual({
      new_password: 'Password must be at least 8 characters',
    });
    expect(validatePassword({ ...password, new_password: '12345678', confirm_password: '12345678' })).toEqual({});
  });

  it('follows the product’s minimum length when it is raised', () => {
    expect(validatePassword({ ...password, new_password: 'Eleven-char', confirm_password: 'Eleven-char' }, 12)).toEqual({
      new_password: passwordTooShortFor(12),
    });
    expect(passwordTooShortFor(12)).toBe('Password must be at least 12 characters');
    expect(passwordTooShortFor(8)).toBe(VALIDATION.passwordTooShort);
    expect(validatePassword({ ...password, new_password: 'Twelve-chars', confirm_password: 'Twelve-chars' }, 12)).toEqual({});
  });

  it('needs the confirmation to equal the new password', () => {
    expect(validatePassword({ ...password, confirm_password: 'something-else' })).toEqual({
      confirm_password: 'Passwords do not match',
    });
    expect(validatePassword({ ...password, new_password: '', confirm_password: 'x' })).toEqual({
      new_password: VALIDATION.newPasswordRequired,
      confirm_password: VALIDATION.passwordsDoNotMatch,
    });
  });
});

describe('server answers in the forms', () => {
  it('puts the server’s validation_errors on the fields the form has', () => {
    const errors = [
      { field: 'email', message: 'A user with this email already exists' },
      { field: 'email', message: 'second message is ignored' },
      { field: 'role', message: 'not on this form' },
    ];
    expect(fieldErrorsFrom(errors, PROFILE_FIELDS)).toEqual({ email: 'A user with this email already exists' });
    expect(fieldErrorsFrom([{ field: 'old_password', message: 'Current password is incorrect' }], PASSWORD_FIELDS)).toEqual({
      old_password: 'Current password is incorrect',
    });
  });

  it('shows the server’s message, or the form’s own text when there was no answer (spec §8)', () => {
    const refused: ApiFailure = { success: false, status: 409, data: { detail: 'Taken' }, message: 'Taken', validation_errors: [] };
    const noAnswer: ApiFailure = { success: false, status: 500, data: null, message: MESSAGES.profileUpdateFailedService, validation_errors: [] };
    const serverError: ApiFailure = {
      success: false,
      status: 500,
      data: { detail: 'Internal server error' },
      message: 'Internal server error',
      validation_errors: [],
    };
    expect(failureMessage(refused, MESSAGES.profileUpdateFailedThrown)).toBe('Taken');
    expect(failureMessage(noAnswer, MESSAGES.profileUpdateFailedThrown)).toBe('Failed to update profile. Please try again.');
    expect(failureMessage(noAnswer, MESSAGES.passwordChangeFailedThrown)).toBe('Failed to change password. Please try again.');
    expect(failureMessage(serverError, MESSAGES.profileUpdateFailedThrown)).toBe('Internal server error');
  });
});
