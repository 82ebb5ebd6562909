/**
 * Server field errors (`config.url`, `input.customer_id`) re-keyed for the form that shows them: only those under
 * `prefix`, with the prefix removed (`url`, `customer_id`), as the schema form expects its paths.
 */
export function errorsWithin(errors: Readonly<Record<string, string>>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (field.startsWith(`${prefix}.`)) out[field.slice(prefix.length + 1)] = message;
  }
  return out;
}

/** Errors with no field of the form to show them on (they go to the alert at the top). */
export function unplacedErrors(errors: Readonly<Record<string, string>>, placed: (field: string) => boolean): string[] {
  return Object.entries(errors)
    .filter(([field]) => !placed(field))
    .map(([field, message]) => (field ? `${field}: ${message}` : message));
}
