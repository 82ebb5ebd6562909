import type { JsonSchema } from '../../../../shared/ui/schema-form.tsx';

/**
 * The test console's input. The form starts every field empty; before running, optional fields left empty are
 * dropped, so an untouched optional `date` is absent rather than an empty (and invalid) string.
 */
export function cleanInput(schema: JsonSchema, input: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (!required.has(key) && (value === '' || (Array.isArray(value) && value.length === 0))) continue;
    out[key] = value;
  }
  return out;
}

export type JsonInputCheck = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** The input typed as JSON: must be an object. */
export function parseJsonInput(text: string): JsonInputCheck {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: 'The input is a JSON object: { "field": value, … }' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** Whether the schema form can show the input (it describes fields); otherwise the console starts in JSON. */
export const formCanShow = (schema: JsonSchema): boolean => Object.keys(schema.properties ?? {}).length > 0;

/** The request line as it went out: "GET https://…". */
export function requestLine(request: { method?: unknown; url?: unknown } | null | undefined): string {
  if (!request) return '';
  const method = typeof request.method === 'string' ? request.method : '';
  const url = typeof request.url === 'string' ? request.url : '';
  return [method, url].filter(Boolean).join(' ');
}

/** Headers as an HTTP message shows them, one `name: value` per line. */
export function headerLines(headers: unknown): string {
  if (!headers || typeof headers !== 'object') return '';
  return Object.entries(headers as Record<string, unknown>)
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join('\n');
}
