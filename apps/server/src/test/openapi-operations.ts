/**
 * The served OpenAPI document read as a list of operations, with what the generated tests need of JSON Schema:
 * a value each schema accepts, a value of a wrong type, every field of a body with its path, and a valid body
 * with one value changed deep inside. The tests that use it cover a new route the day it is added.
 */
import { randomUUID } from 'node:crypto';
import { DATE_OR_DATE_TIME_PATTERN, DATE_PATTERN, DATE_SINCE_1970_PATTERN, DATE_TIME_PATTERN } from '@admin-portal/contract/input-rules';
import { POLICY } from '../http/policy.ts';

/** Operator routes: documented, but outside the user policy table (they guard themselves: the metrics' token or loopback rule). */
export const OPERATOR_ROUTES: ReadonlySet<string> = new Set(['GET /api/metrics']);

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  maxProperties?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  'x-open-json'?: boolean;
  'x-max-depth'?: number;
  'x-max-bytes'?: number;
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params: Parameter[];
  query: Parameter[];
  body: JsonSchema | undefined;
  isPublic: boolean;
  /** The operation takes an organization API key (the intake API) rather than a session. */
  apiKey: boolean;
  /** The operation takes a case link's token (the applicant's pages) rather than a session. */
  caseLink: boolean;
  /** The operation answers a server-sent event stream. */
  stream: boolean;
  /** A browser navigation answered with a redirect (302), not a JSON document. */
  redirect: boolean;
  /** The largest body the operation takes, when it is not BODY_LIMIT (`x-body-limit`). */
  bodyLimit: number | undefined;
}

interface DocOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
  'x-body-limit'?: number;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, DocOperation>>;
}

export type FieldPath = (string | number)[];

export function typesOf(schema: JsonSchema): string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.flatMap(typesOf);
  if (schema.allOf) return schema.allOf.flatMap(typesOf);
  if (schema.enum) return [...new Set(schema.enum.map((v) => jsonTypeOf(v)[0]!))];
  return [];
}

/** A schema that takes a date or a date-time (its format, one of its alternatives', or the contract's pattern). */
export function isDateParameter(schema: JsonSchema): boolean {
  if (schema.format === 'date' || schema.format === 'date-time') return true;
  if ([DATE_PATTERN, DATE_TIME_PATTERN, DATE_OR_DATE_TIME_PATTERN, DATE_SINCE_1970_PATTERN].includes(schema.pattern ?? '')) return true;
  return (schema.anyOf ?? schema.oneOf ?? []).some(isDateParameter);
}

export function jsonTypeOf(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

/** The alternative of an anyOf/oneOf/allOf that has the given JSON type (or the schema itself). */
export function alternativeOf(schema: JsonSchema, type: string): JsonSchema {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.find((s) => typesOf(s).includes(type)) ?? schema;
  if (schema.allOf) return Object.assign({}, ...schema.allOf) as JsonSchema;
  return schema;
}

const STRING_CANDIDATES = ['Sample-Value-123', 'sample.user@example.com', 'example.com', 'UTC', '123456', 'https://idp.example.com'];

/** A value the schema accepts (required properties only), good enough to get past validation. */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return sampleOf(alternatives.find((s) => !typesOf(s).includes('null')) ?? alternatives[0]!);
  if (schema.allOf) return sampleOf(Object.assign({}, ...schema.allOf) as JsonSchema);
  const type = typesOf(schema).find((t) => t !== 'null');
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = sampleOf(schema.properties?.[name] ?? {});
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}));
    case 'string': {
      if (schema.format === 'uuid') return randomUUID();
      const fits = (s: string) =>
        s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity) && (!schema.pattern || new RegExp(schema.pattern, 'u').test(s));
      return STRING_CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return 'sample';
  }
}

const WRONG_CANDIDATES: unknown[] = [12345, 'not-the-right-type', true, ['an', 'array'], { an: 'object' }];

/** A value of a JSON type the schema does not allow (undefined when the schema allows every type). */
export function wrongTypeFor(schema: JsonSchema): unknown {
  const allowed = typesOf(schema);
  if (allowed.length === 0) return undefined;
  return WRONG_CANDIDATES.find((v) => !jsonTypeOf(v).some((t) => allowed.includes(t)));
}

export interface Field {
  path: FieldPath;
  schema: JsonSchema;
}

/**
 * Every field of a body, nested ones too (an array's fields under index 0), with its schema. Open JSON
 * (`x-open-json`) and records are fields themselves; what they hold is theirs, not the schema's.
 */
export function fieldsOf(schema: JsonSchema, path: FieldPath = []): Field[] {
  const out: Field[] = [];
  const objectSchema = alternativeOf(schema, 'object');
  if (typesOf(objectSchema).includes('object') && objectSchema.properties && !objectSchema['x-open-json']) {
    for (const [name, child] of Object.entries(objectSchema.properties)) {
      out.push({ path: [...path, name], schema: child }, ...fieldsOf(child, [...path, name]));
    }
  }
  const arraySchema = alternativeOf(schema, 'array');
  if (typesOf(arraySchema).includes('array') && arraySchema.items) {
    out.push(...fieldsOf(arraySchema.items, [...path, 0]));
  }
  return out;
}

/** The objects of a body that refuse unknown keys (the body itself first, at the empty path). */
export function strictObjectsOf(body: JsonSchema): FieldPath[] {
  const all = [{ path: [] as FieldPath, schema: body }, ...fieldsOf(body)];
  return all.filter((f) => alternativeOf(f.schema, 'object').additionalProperties === false).map((f) => f.path);
}

/** A valid body with `value` at `path` (the containers on the way are filled in with valid samples). */
export function bodyWith(schema: JsonSchema, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const array = alternativeOf(schema, 'array');
    const items = array.items ?? {};
    return Array.from({ length: Math.max(array.minItems ?? 0, 1) }, (_, i) => (i === head ? bodyWith(items, rest, value) : sampleOf(items)));
  }
  const object = alternativeOf(schema, 'object');
  const base = (sampleOf(object) ?? {}) as Record<string, unknown>;
  return { ...base, [head!]: bodyWith(object.properties?.[head!] ?? {}, rest, value) };
}

export const fieldName = (path: FieldPath) => path.join('.');

/**
 * Fields a sample body needs beyond its schema's required ones, for bodies whose schema has a rule across
 * fields (a template is made from a graph or from a workflow).
 */
const SAMPLE_BODY_EXTRAS: Record<string, Record<string, unknown>> = {
  'POST /api/admin/workflow-templates': { graph: { steps: [], connections: [] } },
};

/** A body the operation's schema accepts. */
export function sampleBodyOf(op: Operation): Record<string, unknown> | undefined {
  return op.body ? { ...(sampleOf(op.body) as Record<string, unknown>), ...SAMPLE_BODY_EXTRAS[op.key] } : undefined;
}

/** Values for path parameters that are not ids (a valid one, so the id is what is tested). */
const PARAM_SAMPLES: Record<string, string> = { permission: 'user:read', version: '1' };

/**
 * The document with every local `$ref` (`#/components/schemas/Tool`, `#/components/responses/NotFound`) replaced by
 * what it names, so a check reads each operation's schemas whole. A schema that refers to itself keeps its `$ref`
 * where it recurs.
 */
export function dereference<T>(doc: T): T {
  const root = doc as unknown as Record<string, unknown>;
  const target = (ref: string) =>
    ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], root);
  const walk = (value: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, seen));
    if (!value || typeof value !== 'object') return value;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      if (seen.includes(ref)) return value;
      const { $ref: _, ...rest } = value as Record<string, unknown>;
      return { ...(walk(target(ref), [...seen, ref]) as object), ...(walk(rest, seen) as object) };
    }
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, walk(child, seen)]));
  };
  return walk(doc, []) as T;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const doc = dereference(document);
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => {
        const parameters = op.parameters ?? [];
        const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        return {
          key,
          method: method.toUpperCase() as Operation['method'],
          path,
          params: parameters.filter((p) => p.in === 'path'),
          query: parameters.filter((p) => p.in === 'query'),
          body: op.requestBody?.content?.['application/json']?.schema,
          isPublic: POLICY[key]?.access === 'public',
          apiKey: (op.security ?? []).some((s) => 'apiKey' in s),
          caseLink: (op.security ?? []).some((s) => 'caseLink' in s),
          stream: Object.keys(op.responses?.['200']?.content ?? {}).includes('text/event-stream'),
          redirect: op.responses?.['302'] !== undefined,
          bodyLimit: op['x-body-limit'],
        };
      }),
  );
}

export function validParams(op: Operation): Record<string, string> {
  return Object.fromEntries(op.params.map((p) => [p.name, PARAM_SAMPLES[p.name] ?? String(sampleOf(p.schema))]));
}

/** The query string of the operation's required parameters, with valid values (all but `except`). */
export function requiredQuery(op: Operation, except?: string): string {
  return op.query
    .filter((p) => p.required && p.name !== except)
    .map((p) => `${p.name}=${encodeURIComponent(String(sampleOf(p.schema)))}`)
    .join('&');
}

export function urlOf(op: Operation, params: Record<string, string> = validParams(op), query = ''): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return query ? `${path}?${query}` : path;
}
