/**
 * Reading the values placeholders name (`{{data.x}}`, `{{input.customer.id}}`): shared by the tool runtime's
 * templates and the workflow engine's notification texts.
 */

/** The value at `segments` under `value` (own properties only; undefined when absent). */
export function walk(value: unknown, segments: string[]): unknown {
  let current = value;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.hasOwn(current, segment)) return undefined; // never reaches prototypes
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** A value as it appears inside a string. */
export function stringifyValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}
