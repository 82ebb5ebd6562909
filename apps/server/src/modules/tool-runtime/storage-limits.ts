/**
 * How much of a run is stored: a body, input or output whose JSON is over MAX_STORED_BYTES is kept as the
 * first MAX_STORED_BYTES of its JSON text (marked truncated), so one huge answer cannot bloat tool_executions.
 */
export const MAX_STORED_BYTES = 64 * 1024;
export const MAX_STORED_ERROR_CHARS = 2000;

/** The value as it is when small enough, else a prefix of its JSON text. */
export function capValue(value: unknown, max = MAX_STORED_BYTES): { value: unknown; truncated: boolean } {
  if (value === undefined || value === null) return { value: null, truncated: false };
  const json = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  if (Buffer.byteLength(json, 'utf8') <= max) return { value, truncated: false };
  // Cut by bytes, then drop a partial character (and a dangling high surrogate) at the end.
  let prefix = Buffer.from(json, 'utf8')
    .subarray(0, max)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  if (/[\uD800-\uDBFF]$/.test(prefix)) prefix = prefix.slice(0, -1);
  return { value: prefix, truncated: true };
}

export function capError(error: string | null): string | null {
  if (error === null) return null;
  return error.length > MAX_STORED_ERROR_CHARS ? `${error.slice(0, MAX_STORED_ERROR_CHARS)}…` : error;
}
