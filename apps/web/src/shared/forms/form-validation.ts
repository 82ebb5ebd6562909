import type { ValidationError } from '@admin-portal/contract/common';
import { NETWORK_FAILURE_STATUS } from '../api/api-client.ts';
import type { ApiFailure } from '../api/api-result.ts';
import { fieldErrorMap } from './field-errors.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/** The first message the endpoint's own schema gives for one field (the same words the server would use). */
export function firstIssue(schema: FieldSchema, value: string): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The fields that have a message. */
export function compact<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as FieldErrors<F>;
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
