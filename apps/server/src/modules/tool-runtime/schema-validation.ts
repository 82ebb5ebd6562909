/**
 * Checking a run's input (and output) against the tool's JSON Schemas (draft 2020-12, formats checked).
 * Compiled validators are kept per schema text, so a tool's schema is compiled once, not on every call. The
 * schemas' `pattern` keywords run on the linear-time engine of the contract's patterns.ts, never on RegExp: an
 * applicant's input cannot make a pattern take exponential time.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { ajvRegExp } from '@admin-portal/contract/patterns';

/** ajv-formats is CommonJS: its default export arrives as the module object or the function itself. */
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

export interface FieldError {
  /** Where, from the root named by the caller: `input.customer_id`, `input.items.0.qty`. */
  field: string;
  message: string;
}

/** The input does not match the tool's input schema. Nothing is run or recorded. */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
  readonly errors: FieldError[];
  constructor(errors: FieldError[]) {
    super(`The input does not match the tool's input schema: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`);
    this.errors = errors;
  }
}

const MAX_CACHED = 500;
const cache = new Map<string, ValidateFunction>();

function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, code: { regExp: ajvRegExp } });
  addFormats(ajv);
  return ajv;
}

/**
 * The validator of a schema, compiled once per schema text. Each schema gets its own Ajv instance so schemas
 * of different tools never clash (two schemas with the same $id). Throws when the schema cannot be compiled.
 */
export function compileSchema(schema: Record<string, unknown>): ValidateFunction {
  const key = JSON.stringify(schema);
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key); // most recently used last
    cache.set(key, cached);
    return cached;
  }
  const validate = newAjv().compile(schema);
  cache.set(key, validate);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return validate;
}

function fieldOf(root: string, error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as { missingProperty?: string; additionalProperty?: string; propertyName?: string };
  if (error.keyword === 'required' && params.missingProperty) segments.push(params.missingProperty);
  if (error.keyword === 'additionalProperties' && params.additionalProperty) segments.push(params.additionalProperty);
  return [root, ...segments].join('.');
}

function messageOf(error: ErrorObject): string {
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'additionalProperties') return 'is not allowed';
  return error.message ?? 'is not valid';
}

/** The problems of a value against a schema (empty when it matches), with fields under `root`. */
export function schemaErrors(schema: Record<string, unknown>, value: unknown, root: string): FieldError[] {
  const validate = compileSchema(schema);
  if (validate(value)) return [];
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const error of validate.errors ?? []) {
    const item = { field: fieldOf(root, error), message: messageOf(error) };
    const key = `${item.field}\0${item.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      errors.push(item);
    }
  }
  return errors;
}
