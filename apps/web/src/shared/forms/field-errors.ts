import type { ValidationError } from '@admin-portal/contract/common';

/** Spec §5/§7: the server's validation_errors, keyed by field (`name`, `allowed_email_domains.0`…); the first message per field wins. */
export function fieldErrorMap(errors: readonly ValidationError[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { field, message } of errors ?? []) if (!(field in out)) out[field] = message;
  return out;
}

/** The errors for `field` and anything below it (`allowed_email_domains` gathers `allowed_email_domains.3`), with the rest of the path. */
export function errorsUnder(errors: Record<string, string>, field: string): { path: string; message: string }[] {
  return Object.entries(errors)
    .filter(([key]) => key === field || key.startsWith(`${field}.`))
    .map(([key, message]) => ({ path: key.slice(field.length + 1), message }));
}

/** Removes one field's error (and those below it), as when the person edits that field. */
export function withoutError(errors: Record<string, string>, field: string): Record<string, string> {
  const next = Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field && !key.startsWith(`${field}.`)));
  return Object.keys(next).length === Object.keys(errors).length ? errors : next;
}
