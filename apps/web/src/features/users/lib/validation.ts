import type { z } from 'zod';
import { VALIDATION } from '@admin-portal/contract/messages';
import { createUserSchema, resetPasswordSchema, updateUserSchema, type CreateUser, type UpdateUser } from '@admin-portal/contract/users';

export type FieldErrors = Record<string, string>;

/** A schema's issues keyed by top-level field; the first message per field wins. */
export function issuesByField(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

function check<T>(schema: z.ZodType<T>, input: unknown): Checked<T> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: issuesByField(result.error) };
}

/** The create form against the contract's own schema, so the browser says what the server would. */
export const checkCreateUser = (input: unknown): Checked<CreateUser> => check(createUserSchema, input);

export const checkUpdateUser = (input: unknown): Checked<UpdateUser> => check(updateUserSchema, input);

export interface ResetPasswordInput {
  new_password: string;
  confirm_password: string;
}

/** Spec §5's password rules and texts: required, at least 8 characters, and the confirmation must match. */
export function checkResetPassword(input: ResetPasswordInput): Checked<{ new_password: string }> {
  const errors: FieldErrors = {};
  if (!input.new_password) {
    errors.new_password = VALIDATION.newPasswordRequired;
  } else {
    const parsed = check(resetPasswordSchema, { new_password: input.new_password });
    if (!parsed.ok) Object.assign(errors, parsed.errors);
  }
  if (input.confirm_password !== input.new_password) errors.confirm_password = VALIDATION.passwordsDoNotMatch;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: { new_password: input.new_password } };
}

/** Only the fields that differ from the user as loaded, so an edit sends (and the audit log records) just the change. */
export function changedFields<T extends Record<string, unknown>>(before: Partial<T>, after: T): Partial<T> {
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => before[key] !== value)) as Partial<T>;
}
