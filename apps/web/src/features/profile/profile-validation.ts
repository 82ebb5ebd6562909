import { changePasswordSchema, profileSchema } from '@admin-portal/contract/auth';
import type { ValidationError } from '@admin-portal/contract/common';
import { VALIDATION } from '@admin-portal/contract/messages';
import { NETWORK_FAILURE_STATUS } from '../../shared/api/api-client.ts';
import type { ApiFailure } from '../../shared/api/api-result.ts';
import { fieldErrorMap } from '../../shared/forms/field-errors.ts';

export type ProfileField = 'first_name' | 'last_name' | 'email';
export type PasswordField = 'old_password' | 'new_password' | 'confirm_password';
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type ProfileValues = Record<ProfileField, string>;
export type PasswordValues = Record<PasswordField, string>;

export const PROFILE_FIELDS: readonly ProfileField[] = ['first_name', 'last_name', 'email'];
export const PASSWORD_FIELDS: readonly PasswordField[] = ['old_password', 'new_password', 'confirm_password'];

interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/** The first message the endpoint's own schema gives for one field (the same words the server would use). */
function firstIssue(schema: FieldSchema, value: string): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

function compact<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as FieldErrors<F>;
}

/** Spec §5 profile form: first and last name required; email required and text@text.text. */
export function validateProfile(values: ProfileValues): FieldErrors<ProfileField> {
  const shape = profileSchema.shape;
  return compact<ProfileField>({
    first_name: firstIssue(shape.first_name, values.first_name),
    last_name: firstIssue(shape.last_name, values.last_name),
    email: firstIssue(shape.email, values.email),
  });
}

/** Spec §5 password form: current and new password required, new at least 8 characters, confirmation equal. */
export function validatePassword(values: PasswordValues): FieldErrors<PasswordField> {
  const shape = changePasswordSchema.shape;
  return compact<PasswordField>({
    old_password: firstIssue(shape.old_password, values.old_password),
    new_password: firstIssue(shape.new_password, values.new_password),
    confirm_password: values.confirm_password === values.new_password ? undefined : VALIDATION.passwordsDoNotMatch,
  });
}

export const hasErrors = (errors: FieldErrors<string>) => Object.keys(errors).length > 0;

/** The server's validation_errors (spec §5: passed through to forms) for the fields this form has. */
export function fieldErrorsFrom<F extends string>(errors: readonly ValidationError[], fields: readonly F[]): FieldErrors<F> {
  const all = fieldErrorMap(errors);
  return Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]])) as FieldErrors<F>;
}

/** Spec §8: the server's message, or, when the request never got an answer (it threw), the form's own text. */
export function failureMessage(failure: ApiFailure, thrownMessage: string): string {
  const noAnswer = failure.status === NETWORK_FAILURE_STATUS && failure.data === null;
  return noAnswer ? thrownMessage : failure.message;
}
