/**
 * The input (and output) schema editors: JSON text checked as the person types, before the server's full JSON
 * Schema check. What is caught here is what people get wrong by hand: text that is not JSON, a schema that is not
 * an object, an input that is not `"type": "object"` (MCP requires it), a misspelt type, `properties` or
 * `required` of the wrong shape. Paths name where (`properties.age.type`), as the server's errors do.
 */

export const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] as const;
export const INPUT_NOT_OBJECT = 'An input schema describes an object: set "type": "object"';
export const EMPTY_INPUT_SCHEMA = { type: 'object', properties: {}, required: [] } as const;

export interface SchemaField {
  name: string;
  type: string;
  required: boolean;
}

export type SchemaCheck =
  | { ok: true; schema: Record<string, unknown>; fields: SchemaField[]; warnings: string[] }
  /** `path` is where in the schema (empty for the whole text). */
  | { ok: false; path: string; message: string };

export type OptionalSchemaCheck = SchemaCheck | { ok: true; schema: null; fields: []; warnings: [] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** The first problem of a (sub)schema, depth first, or null. */
function problemOf(schema: unknown, path: string, depth = 0): { path: string; message: string } | null {
  if (typeof schema === 'boolean') return null; // true / false are schemas too
  if (!isObject(schema)) return { path, message: 'A schema must be a JSON object' };
  if (depth > 32) return null;
  const type = schema.type;
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    if (types.length === 0) return { path: join(path, 'type'), message: 'List at least one type' };
    for (const t of types) {
      if (typeof t !== 'string' || !(JSON_TYPES as readonly string[]).includes(t)) {
        return { path: join(path, 'type'), message: `${JSON.stringify(t)} is not a JSON Schema type (use ${JSON_TYPES.join(', ')})` };
      }
    }
  }
  if (schema.properties !== undefined) {
    if (!isObject(schema.properties)) return { path: join(path, 'properties'), message: '"properties" must be an object: field name → schema' };
    for (const [name, child] of Object.entries(schema.properties)) {
      const problem = problemOf(child, join(join(path, 'properties'), name), depth + 1);
      if (problem) return problem;
    }
  }
  if (schema.required !== undefined) {
    if (!Array.isArray(schema.required) || schema.required.some((r) => typeof r !== 'string')) {
      return { path: join(path, 'required'), message: '"required" must be a list of field names' };
    }
  }
  if (schema.items !== undefined) {
    const problem = problemOf(schema.items, join(path, 'items'), depth + 1);
    if (problem) return problem;
  }
  if (schema.additionalProperties !== undefined) {
    const problem = problemOf(schema.additionalProperties, join(path, 'additionalProperties'), depth + 1);
    if (problem) return problem;
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (schema[key] === undefined) continue;
    const list = schema[key];
    if (!Array.isArray(list) || list.length === 0) return { path: join(path, key), message: `"${key}" must be a non-empty list of schemas` };
    for (const [i, child] of list.entries()) {
      const problem = problemOf(child, join(join(path, key), i), depth + 1);
      if (problem) return problem;
    }
  }
  if (schema.enum !== undefined && (!Array.isArray(schema.enum) || schema.enum.length === 0)) {
    return { path: join(path, 'enum'), message: '"enum" must be a non-empty list of values' };
  }
  return null;
}

function typeLabel(schema: unknown): string {
  if (!isObject(schema)) return 'any';
  if (Array.isArray(schema.enum)) return 'one of a list';
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  return typeof schema.type === 'string' ? schema.type : 'any';
}

/** The top-level fields a schema describes, in order, for a one-line summary under the editor. */
export function schemaFields(schema: Record<string, unknown>): SchemaField[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  return Object.entries(properties).map(([name, child]) => ({ name, type: typeLabel(child), required: required.has(name) }));
}

/** Parses and checks a schema editor's text. `kind: 'input'` also requires `"type": "object"`. */
export function checkSchemaText(text: string, kind: 'input' | 'output'): SchemaCheck {
  if (text.trim() === '')
    return { ok: false, path: '', message: kind === 'input' ? 'Enter the input schema (a JSON object)' : 'Enter the output schema, or leave it out' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, path: '', message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isObject(value)) return { ok: false, path: '', message: 'A JSON Schema is a JSON object, e.g. { "type": "object", "properties": { … } }' };
  if (kind === 'input' && value.type !== 'object') return { ok: false, path: 'type', message: INPUT_NOT_OBJECT };
  const problem = problemOf(value, '');
  if (problem) return { ok: false, ...problem };
  const fields = schemaFields(value);
  const warnings: string[] = [];
  if (isObject(value.properties) && Array.isArray(value.required)) {
    const unknown = value.required.filter((r) => typeof r === 'string' && !Object.hasOwn(value.properties as object, r));
    if (unknown.length > 0) warnings.push(`Required but not described in "properties": ${unknown.join(', ')}`);
  }
  return { ok: true, schema: value, fields, warnings };
}

/** An optional schema's editor (the output schema): empty means none. */
export function checkOptionalSchemaText(text: string, kind: 'input' | 'output'): OptionalSchemaCheck {
  if (text.trim() === '') return { ok: true, schema: null, fields: [], warnings: [] };
  return checkSchemaText(text, kind);
}

/** A schema as the editor shows it. */
export const schemaToText = (schema: unknown): string => (schema === null || schema === undefined ? '' : JSON.stringify(schema, null, 2));

/** "customer_id (string, required), note (string)" */
export function describeFields(fields: readonly SchemaField[]): string {
  if (fields.length === 0) return 'No fields described: any object is accepted unless "additionalProperties" is false.';
  const list = fields.map((f) => `${f.name} (${f.type}${f.required ? ', required' : ''})`).join(', ');
  return `${fields.length} field${fields.length === 1 ? '' : 's'}: ${list}`;
}

/**
 * The server's errors about a schema (`input_schema`, `input_schema.properties.a.type`), as one message for the
 * editor: "properties.a.type: Not a valid JSON Schema: …".
 */
export function schemaServerError(errors: Readonly<Record<string, string>>, field: 'input_schema' | 'output_schema'): string | undefined {
  const messages = Object.entries(errors)
    .filter(([key]) => key === field || key.startsWith(`${field}.`))
    .map(([key, message]) => (key === field ? message : `${key.slice(field.length + 1)}: ${message}`));
  return messages.length > 0 ? messages.join('; ') : undefined;
}
