import { registerSchema } from '@admin-portal/contract/auth';
import { VALIDATION } from '@admin-portal/contract/messages';
import { compact, firstIssue, type FieldErrors } from '../../shared/forms/form-validation.ts';

export type RegistrationField = 'first_name' | 'last_name' | 'email' | 'password' | 'confirm_password';
export type RegistrationValues = Record<RegistrationField, string>;

export const REGISTRATION_FIELDS: readonly RegistrationField[] = ['first_name', 'last_name', 'email', 'password', 'confirm_password'];

/**
 * The spec's profile rules (§5) for a new account, from the register call's own schema: first and last name
 * required, email required and text@text.text, password at least 8 characters, confirmation equal.
 */
export function validateRegistration(values: RegistrationValues): FieldErrors<RegistrationField> {
  const shape = registerSchema.shape;
  return compact<RegistrationField>({
    first_name: firstIssue(shape.first_name, values.first_name),
    last_name: firstIssue(shape.last_name, values.last_name),
    email: firstIssue(shape.email, values.email),
    password: firstIssue(shape.password, values.password),
    confirm_password: values.confirm_password === values.password ? undefined : VALIDATION.passwordsDoNotMatch,
  });
}
