import { changePasswordSchema, profileSchema } from '@admin-portal/contract/auth';
import { LIMITS, passwordTooShortFor, SERVER_MESSAGES, VALIDATION } from '@admin-portal/contract/messages';
import { compact, firstIssue, type FieldErrors } from '../../shared/forms/form-validation.ts';

export type ProfileField = 'first_name' | 'last_name' | 'email' | 'current_password';
export type PasswordField = 'old_password' | 'new_password' | 'confirm_password';

export type ProfileValues = Record<ProfileField, string>;
export type PasswordValues = Record<PasswordField, string>;

export const PROFILE_FIELDS: readonly ProfileField[] = ['first_name', 'last_name', 'email', 'current_password'];
export const PASSWORD_FIELDS: readonly PasswordField[] = ['old_password', 'new_password', 'confirm_password'];

/** Whether the form changes the e-mail (the sign-in name), which asks for the current password. */
export const changesEmail = (values: Pick<ProfileValues, 'email'>, currentEmail: string) => values.email.trim().toLowerCase() !== currentEmail.toLowerCase();

/**
 * Spec §5 profile form: first and last name required; email required and text@text.text. Changing the email also
 * asks for the current password (the server's rule, issue 31).
 */
export function validateProfile(values: ProfileValues, currentEmail?: string): FieldErrors<ProfileField> {
  const shape = profileSchema.shape;
  const needsPassword = currentEmail !== undefined && changesEmail(values, currentEmail) && values.current_password === '';
  return compact<ProfileField>({
    first_name: firstIssue(shape.first_name, values.first_name),
    last_name: firstIssue(shape.last_name, values.last_name),
    email: firstIssue(shape.email, values.email),
    current_password: needsPassword ? SERVER_MESSAGES.currentPasswordRequiredForEmail : undefined,
  });
}

/**
 * Spec §5 password form: current and new password required, new at least `minLength` characters (the product
 * setting, never below the spec's 8), confirmation equal.
 */
export function validatePassword(values: PasswordValues, minLength: number = LIMITS.minPasswordLength): FieldErrors<PasswordField> {
  const shape = changePasswordSchema.shape;
  const tooShort = [...values.new_password].length < minLength ? passwordTooShortFor(minLength) : undefined;
  return compact<PasswordField>({
    old_password: firstIssue(shape.old_password, values.old_password),
    new_password: firstIssue(shape.new_password, values.new_password) ?? tooShort,
    confirm_password: values.confirm_password === values.new_password ? undefined : VALIDATION.passwordsDoNotMatch,
  });
}
