/**
 * Filling a tool's templates (DESIGN §7): `{{input.x}}`, `{{config.x}}`, `{{secrets.NAME}}`, `{{environment}}`
 * (the placeholder syntax of the contract, tool-types/common.ts).
 *
 * - In a string, a placeholder is replaced by its value: a string as it is, a number or boolean as text, an
 *   object or array as JSON, a missing value (or null) as the empty string.
 * - In a JSON template, the template is parsed first and each string in it filled: a string that is exactly
 *   one placeholder takes the value with its JSON type (`"{{input.amount}}"` → 42, a missing value → null);
 *   any other string is interpolated as above. Object keys are interpolated too.
 * - `{{input}}` alone is the whole input; `{{secrets}}` alone is nothing (secrets are read one by one).
 */
import { PLACEHOLDER } from '@admin-portal/contract/tools/tool-types/common';
import { stringifyValue, walk } from '@admin-portal/contract/tools/placeholders';

export interface TemplateScope {
  input: unknown;
  config: Record<string, unknown>;
  secrets: Readonly<Record<string, string>>;
  environment: string;
}

/** The same pattern as PLACEHOLDER, matching a whole (trimmed) string. */
const WHOLE_PLACEHOLDER = new RegExp(`^${PLACEHOLDER.source}$`);

/** The value a placeholder path (`input.customer.id`) names in the scope, or undefined. */
export function resolvePlaceholder(path: string, scope: TemplateScope): unknown {
  const [root, ...rest] = path.split('.');
  switch (root) {
    case 'input':
      return walk(scope.input, rest);
    case 'config':
      return walk(scope.config, rest);
    case 'secrets':
      return rest.length === 1 && Object.hasOwn(scope.secrets, rest[0]!) ? scope.secrets[rest[0]!] : undefined;
    case 'environment':
      return rest.length === 0 ? scope.environment : undefined;
    default:
      return undefined;
  }
}

export interface FillStringOptions {
  /** Turns a value into the text put in place of its placeholder (default: stringifyValue). */
  format?: (value: unknown, root: string) => string;
}

/** Fills every placeholder of a string. */
export function fillString(template: string, scope: TemplateScope, options: FillStringOptions = {}): string {
  const format = options.format ?? ((value: unknown) => stringifyValue(value));
  return template.replace(PLACEHOLDER, (_match, path: string) => format(resolvePlaceholder(path, scope), path.split('.')[0]!));
}

/**
 * Fills a URL template. Values taken from the input are percent-encoded (a customer id "a/b?x" stays one path
 * segment and cannot add a query); values from the config, secrets and environment go in as they are, so a
 * config value may hold a base URL.
 */
export function fillUrlTemplate(template: string, scope: TemplateScope): string {
  return fillString(template.trim(), scope, {
    format: (value, root) => (root === 'input' ? encodeURIComponent(stringifyValue(value)) : stringifyValue(value)),
  });
}

/** Fills each value of a header (or query) map. */
export function fillStringMap(map: Readonly<Record<string, string>>, scope: TemplateScope): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(map)) out[key] = fillString(value, scope);
  return out;
}

function fillJsonValue(value: unknown, scope: TemplateScope): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE_PLACEHOLDER.exec(value.trim());
    if (whole) return resolvePlaceholder(whole[1]!, scope) ?? null;
    return fillString(value, scope);
  }
  if (Array.isArray(value)) return value.map((item) => fillJsonValue(item, scope));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[fillString(key, scope)] = fillJsonValue(item, scope);
    return out;
  }
  return value;
}

/**
 * Fills a JSON template (a body or payload): an empty template is the input as it is. Throws when the template
 * is not JSON (the config schema refuses such templates, so this only happens to a config saved otherwise).
 */
export function fillJsonTemplate(template: string, scope: TemplateScope): unknown {
  if (template.trim() === '') return scope.input;
  let parsed: unknown;
  try {
    parsed = JSON.parse(template);
  } catch (error) {
    throw new Error(`The JSON template is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return fillJsonValue(parsed, scope);
}
