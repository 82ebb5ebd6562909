/**
 * Bad input, generated over every operation of the OpenAPI document (so a new route is covered
 * without touching this file): malformed, mistyped, incomplete, oddly shaped and oversized bodies,
 * unknown and malformed path ids, out-of-range query strings and random JSON. Every answer is a 4xx
 * in the `{detail, validation_errors?}` shape, never a 5xx, and nothing in the database changes.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../test/harness.ts';
import { POLICY } from './policy.ts';

// ---------------------------------------------------------------------------------------------
// JSON Schema helpers (the subset the generated document uses)

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params: Parameter[];
  query: Parameter[];
  body: JsonSchema | undefined;
  isPublic: boolean;
}

function typesOf(schema: JsonSchema): string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.flatMap(typesOf);
  if (schema.allOf) return schema.allOf.flatMap(typesOf);
  return [];
}

function jsonTypeOf(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

const STRING_CANDIDATES = ['Sample-Value-123', 'sample.user@example.com', 'example.com', 'UTC'];

/** A value the schema accepts (required properties only), good enough to get past validation. */
function sampleOf(schema: JsonSchema): unknown {
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
function wrongTypeFor(schema: JsonSchema): unknown {
  const allowed = typesOf(schema);
  if (allowed.length === 0) return undefined;
  return WRONG_CANDIDATES.find((v) => !jsonTypeOf(v).some((t) => allowed.includes(t)));
}

// ---------------------------------------------------------------------------------------------
// The app, its document, and the operations it lists

const ctx: TestContext = await createTestContext();
const org = await ctx.createOrg('Bad Input Org');
const superAdmin: TestUser = await ctx.createUser('super_admin', org.id);
const docResponse = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
interface DocOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
const doc = docResponse.json() as { paths: Record<string, Record<string, DocOperation>> };

/** Values for path parameters that are not ids (a valid one, so the id is what is tested). */
const PARAM_SAMPLES: Record<string, string> = { permission: 'user:read', version: '1' };

const OPERATIONS: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
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
      };
    }),
);
const BODY_OPS = OPERATIONS.filter((op) => op.body);
const PARAM_OPS = OPERATIONS.filter((op) => op.params.length > 0);
const QUERY_OPS = OPERATIONS.filter((op) => op.query.length > 0);

function validParams(op: Operation): Record<string, string> {
  return Object.fromEntries(op.params.map((p) => [p.name, PARAM_SAMPLES[p.name] ?? String(sampleOf(p.schema))]));
}

function urlOf(op: Operation, params: Record<string, string> = validParams(op), query = ''): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return query ? `${path}?${query}` : path;
}

let authorization = '';

interface SendOptions {
  url?: string;
  /** A JSON value to send as the body (serialized here). */
  json?: unknown;
  /** A raw body, sent as is. */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** Calls the operation as the caller that gets past authorization: nobody for public routes, else a super admin. */
function send(op: Operation, options: SendOptions = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(op.isPublic ? {} : { authorization }), ...options.headers };
  const request: InjectOptions = { method: op.method, url: options.url ?? urlOf(op), headers };
  if (options.raw !== undefined || options.json !== undefined) {
    headers['content-type'] = options.contentType ?? 'application/json';
    request.payload = options.raw ?? JSON.stringify(options.json);
  }
  return ctx.app.inject(request);
}

/** Every error response: a 4xx (never a 5xx) in the `{detail, validation_errors?}` shape. */
function expectClientError(res: LightMyRequestResponse, allowed: number[], label: string) {
  const why = `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, why).toBeLessThan(500);
  expect(allowed, why).toContain(res.statusCode);
  const body = res.json() as Record<string, unknown>;
  expect(body.detail, why).toEqual(expect.any(String));
  expect((body.detail as string).length, why).toBeGreaterThan(0);
  expect(Object.keys(body).every((k) => k === 'detail' || k === 'validation_errors'), why).toBe(true);
  if (body.validation_errors !== undefined) {
    expect(body.validation_errors, why).toEqual(expect.arrayContaining([{ field: expect.any(String), message: expect.any(String) }]));
    for (const e of body.validation_errors as Record<string, unknown>[]) expect(Object.keys(e).sort(), why).toEqual(['field', 'message']);
  }
  return body as { detail: string; validation_errors?: { field: string; message: string }[] };
}

function expectFieldErrors(res: LightMyRequestResponse, label: string, field?: string) {
  const body = expectClientError(res, [400, 422], label);
  expect(body.validation_errors?.length ?? 0, `${label}: validation_errors`).toBeGreaterThan(0);
  if (field) expect(body.validation_errors!.map((e) => e.field), `${label}: ${res.body}`).toContain(field);
}

// ---------------------------------------------------------------------------------------------
// "Nothing written": every table's row count and content checksum

async function snapshot(): Promise<Record<string, { rows: number; md5: string }>> {
  const tables = await ctx.db.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const { table_name } of tables.rows) {
    const res = await ctx.db.query<{ rows: number; md5: string }>(
      `select count(*)::int as rows, coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as md5 from "${table_name}" t`,
    );
    out[table_name] = res.rows[0]!;
  }
  return out;
}

describe('bad input over every operation of the OpenAPI document', () => {
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    // The only sign-in of this suite happens before the baseline is taken.
    authorization = (await ctx.headers(superAdmin)).authorization!;
    before = await snapshot();
  });
  afterAll(() => ctx.close());

  it('finds the operations in the document', () => {
    expect(docResponse.statusCode).toBe(200);
    expect(BODY_OPS.length).toBeGreaterThan(0);
    expect(PARAM_OPS.length).toBeGreaterThan(0);
    expect(QUERY_OPS.length).toBeGreaterThan(0);
    for (const op of OPERATIONS) expect(POLICY[op.key], `${op.key} is documented but not in POLICY`).toBeDefined();
  });

  describe.each(BODY_OPS.map((op) => [op.key, op] as const))('%s body', (_key, op) => {
    const body = op.body!;
    const properties = Object.entries(body.properties ?? {});

    it('rejects malformed JSON with 400', async () => {
      for (const raw of ['{"a":', '{bad json}', "{'single': 'quotes'}", '{"a":1,}', '\u0000']) {
        expectClientError(await send(op, { raw }), [400], `${op.key} raw ${JSON.stringify(raw)}`);
      }
    });

    it('rejects prototype-poisoning keys with a 4xx', async () => {
      for (const raw of ['{"__proto__": {"isAdmin": true}}', '{"constructor": {"prototype": {"isAdmin": true}}}']) {
        expectClientError(await send(op, { raw }), [400, 422], `${op.key} raw ${raw}`);
      }
    });

    it('rejects an empty body sent as JSON with 400', async () => {
      expectClientError(await send(op, { raw: '' }), [400], `${op.key} empty body`);
    });

    it('rejects a content type it does not read with 415', async () => {
      expectClientError(await send(op, { raw: '<a/>', contentType: 'application/xml' }), [415], `${op.key} xml`);
      expectClientError(await send(op, { raw: 'a=1', contentType: 'application/x-www-form-urlencoded' }), [415], `${op.key} form`);
    });

    it('rejects a body over the 1 MiB limit with 413', async () => {
      const raw = JSON.stringify({ padding: 'x'.repeat(ctx.config.bodyLimit + 1024) });
      expectClientError(await send(op, { raw }), [413], `${op.key} oversized`);
    });

    it('rejects bodies that are not objects', async () => {
      // A route whose body is optional treats a JSON null like no body at all.
      const noBody = await ctx.app.inject({ method: op.method, url: urlOf(op), headers: op.isPublic ? {} : { authorization } });
      const bodyOptional = noBody.statusCode < 400;
      for (const value of [[], [1, 2], [sampleOf(body)], 'a string', '', 42, 0, true, false, null]) {
        const res = await send(op, { json: value });
        const label = `${op.key} body ${JSON.stringify(value)}`;
        if (value === null && bodyOptional) {
          expect(res.statusCode, label).toBe(noBody.statusCode);
          continue;
        }
        expectFieldErrors(res, label);
      }
    });

    it.each(properties.map(([name, schema]) => [name, schema] as const))('rejects a wrong type for %s', async (name, schema) => {
      const wrong = wrongTypeFor(schema);
      if (wrong === undefined) return;
      const payload = { ...(sampleOf(body) as object), [name]: wrong };
      expectFieldErrors(await send(op, { json: payload }), `${op.key} ${name}=${JSON.stringify(wrong)}`, name);
      if (typesOf(schema).includes('null')) return;
      expectFieldErrors(await send(op, { json: { ...(sampleOf(body) as object), [name]: null } }), `${op.key} ${name}=null`, name);
    });

    it.each(properties.map(([name, schema]) => [name, schema] as const))('rejects a NUL character in %s', async (name, schema) => {
      if (!typesOf(schema).includes('string')) return;
      const payload = { ...(sampleOf(body) as object), [name]: 'nul\u0000byte@example.com' };
      expectFieldErrors(await send(op, { json: payload }), `${op.key} ${name} with NUL`, name);
    });

    const required = body.required ?? [];
    if (required.length > 0) {
      it.each(required)('rejects a body without %s', async (name) => {
        const payload = { ...(sampleOf(body) as Record<string, unknown>) };
        delete payload[name];
        expectFieldErrors(await send(op, { json: payload }), `${op.key} without ${name}`, name);
      });

      it('rejects an empty object, naming every required field', async () => {
        const res = await send(op, { json: {} });
        expectFieldErrors(res, `${op.key} {}`);
        const fields = (res.json().validation_errors as { field: string }[]).map((e) => e.field);
        expect(fields.sort()).toEqual(expect.arrayContaining([...required].sort()));
      });
    }
  });

  describe.each(PARAM_OPS.map((op) => [op.key, op] as const))('%s path parameters', (_key, op) => {
    const sampleBody = op.body ? sampleOf(op.body) : undefined;

    it('answers 404 for unknown well-formed ids', async () => {
      // Parameters that are names from a closed list (a tool type) have no "unknown" well-formed value.
      if (!op.params.some((p) => p.schema.format === 'uuid')) return;
      for (let i = 0; i < 3; i += 1) {
        const res = await send(op, { json: sampleBody });
        expectClientError(res, [404], `${op.key} unknown id`);
      }
    });

    it.each(op.params.map((p) => [p.name, p] as const))('rejects a malformed %s with 422', async (name, param) => {
      const bad =
        param.schema.format === 'uuid'
          ? ['not-a-uuid', '12345', `${randomUUID()}0`, randomUUID().replace(/-/g, ''), 'zzzzzzzz-zzzz-4zzz-8zzz-zzzzzzzzzzzz', "1' or '1'='1", '..%2F..', '\u0000']
          : ['x'.repeat((param.schema.maxLength ?? 64) + 1), '\u0000'];
      for (const value of bad) {
        const url = urlOf(op, { ...validParams(op), [name]: value });
        expectFieldErrors(await send(op, { url, json: sampleBody }), `${op.key} ${name}=${JSON.stringify(value)}`, name);
      }
    });

    it('answers a path that is not valid percent-encoding or too long with a 4xx', async () => {
      for (const id of ['%FF', '%E0%A4%A', 'x'.repeat(300)]) {
        const url = op.path.replace(/\{(\w+)\}/g, () => id);
        expectClientError(await send(op, { url, json: sampleBody }), [400, 404, 414], `${op.key} ${url}`);
      }
    });
  });

  describe.each(QUERY_OPS.map((op) => [op.key, op] as const))('%s query string', (_key, op) => {
    const names = new Set(op.query.map((p) => p.name));
    // A required parameter (the search's q) gets a valid value in every call that is not about it.
    const required = op.query.filter((p) => p.required);
    const requiredExcept = (name?: string) =>
      required
        .filter((p) => p.name !== name)
        .map((p) => `${p.name}=${encodeURIComponent(String(sampleOf(p.schema)))}`)
        .join('&');
    const withRequired = (name: string, query: string) => [requiredExcept(name), query].filter(Boolean).join('&');

    it('answers 200 to no query string at all (only its required parameters; 404 under an unknown id)', async () => {
      const res = await send(op, { url: urlOf(op, validParams(op), requiredExcept()) });
      // A list under a resource (a workflow's versions) is reached with a random, unknown id here.
      expect(res.statusCode, res.body).toBe(op.params.length > 0 ? 404 : 200);
    });

    if (required.length > 0) {
      it.each(required.map((p) => p.name))('rejects a query string without %s with 422', async (name) => {
        expectFieldErrors(await send(op, { url: urlOf(op, validParams(op), requiredExcept(name)) }), `${op.key} without ${name}`, name);
      });
    }

    const cases: [string, string][] = [];
    if (names.has('limit')) {
      for (const v of ['0', '-1', '201', '100000', 'abc', '1.5', '', '1e3', 'Infinity']) cases.push(['limit', v]);
      cases.push(['limit', '1&limit=2']);
    }
    if (names.has('offset')) for (const v of ['-1', 'abc', '0.5', '99999999999']) cases.push(['offset', v]);
    if (names.has('sort')) for (const v of ['no_such_field', 'constructor', '__proto__', 'toString', 'x'.repeat(65)]) cases.push(['sort', v]);
    for (const p of op.query) {
      if (p.schema.enum) cases.push([p.name, 'not-a-valid-choice']);
      if (p.schema.format === 'uuid') cases.push([p.name, 'not-a-uuid']);
      if (p.schema.maxLength !== undefined && p.name !== 'sort') cases.push([p.name, 'q'.repeat(p.schema.maxLength + 1)]);
      if (typesOf(p.schema).includes('string')) cases.push([p.name, '\u0000']);
    }

    it.each(cases)('rejects %s=%j with 422', async (name, value) => {
      const query = withRequired(name, value.includes('&') ? `${name}=${value}` : `${name}=${encodeURIComponent(value)}`);
      expectFieldErrors(await send(op, { url: urlOf(op, validParams(op), query) }), `${op.key} ?${query}`, name);
    });
  });

  describe('headers', () => {
    it('rejects a malformed X-Organization-Id with 422', async () => {
      const op = OPERATIONS.find((o) => !o.isPublic && o.method === 'GET' && o.params.length === 0)!;
      expectFieldErrors(await send(op, { headers: { 'x-organization-id': 'acme' } }), 'X-Organization-Id', 'X-Organization-Id');
    });
  });

  describe('random input (property-based)', () => {
    const RUNS = 25;
    const errorShape = (res: LightMyRequestResponse, label: string) => {
      expect(res.statusCode, `${label} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(res.json().detail, label).toEqual(expect.any(String));
    };

    it.each(BODY_OPS.map((op) => [op.key, op] as const))('%s never fails on a random JSON body', async (_key, op) => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.jsonValue({ stringUnit: 'binary' })), async (value) => {
          errorShape(await send(op, { json: value }), `${op.key} ${JSON.stringify(value).slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
    });

    it.each(PARAM_OPS.map((op) => [op.key, op] as const))('%s never fails on a random path parameter', async (_key, op) => {
      const sampleBody = op.body ? sampleOf(op.body) : undefined;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...op.params.map((p) => p.name)), fc.string({ unit: 'binary', minLength: 1 }), async (name, value) => {
          const url = urlOf(op, { ...validParams(op), [name]: value });
          errorShape(await send(op, { url, json: sampleBody }), `${op.key} ${url}`);
        }),
        { numRuns: RUNS },
      );
    });

    it.each(QUERY_OPS.map((op) => [op.key, op] as const))('%s never fails on a random query string', async (_key, op) => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...op.query.map((p) => p.name)), fc.string({ unit: 'binary' }), async (name, value) => {
          const url = urlOf(op, validParams(op), `${name}=${encodeURIComponent(value)}`);
          errorShape(await send(op, { url }), `${op.key} ${url}`);
        }),
        { numRuns: RUNS },
      );
    });
  });

  it('wrote nothing: every table has the same rows as before', async () => {
    expect(await snapshot()).toEqual(before);
  });

  describe('random values in otherwise valid bodies (after the check above: such a body may be valid and write)', () => {
    const RUNS = 25;
    const errorShape = (res: LightMyRequestResponse, label: string) => {
      expect(res.statusCode, `${label} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(res.json().detail, label).toEqual(expect.any(String));
    };

    it.each(BODY_OPS.map((op) => [op.key, op] as const))('%s never fails when one field gets a random value', async (_key, op) => {
      const names = Object.keys(op.body!.properties ?? {});
      if (names.length === 0) return;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...names), fc.jsonValue({ stringUnit: 'binary' }), async (name, value) => {
          const payload = { ...(sampleOf(op.body!) as object), [name]: value };
          errorShape(await send(op, { json: payload }), `${op.key} ${name}=${JSON.stringify(value).slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
    });
  });
});
