/**
 * Bad input, generated over every operation of the served OpenAPI document (so a new route is covered the day
 * it is added): malformed, mistyped, incomplete, oddly shaped and oversized bodies; unknown fields at every level
 * and unknown query parameters; text that is not well-formed Unicode or holds NUL; values past their limits;
 * nesting past the limits; unknown and malformed path ids; bodies sent where none is taken. Every answer is a
 * 4xx in the `{detail, validation_errors?}` shape naming the field, never a 5xx, and no table changes (ADR 0019).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMITS, INPUT_MESSAGES } from '@admin-portal/contract/input-rules';
import { createBadInputSuite, expectClientError, expectFieldErrors, type TableSnapshot } from '../test/bad-input-support.ts';
import {
  alternativeOf,
  bodyWith,
  fieldName,
  OPERATOR_ROUTES,
  fieldsOf,
  isDateParameter,
  requiredQuery,
  sampleBodyOf,
  sampleOf,
  strictObjectsOf,
  typesOf,
  urlOf,
  validParams,
  wrongTypeFor,
  type Field,
  type FieldPath,
  type JsonSchema,
} from '../test/openapi-operations.ts';
import { POLICY } from './policy.ts';

const suite = await createBadInputSuite('Bad Input Org');
const { ctx, operations, send } = suite;
const BODY_OPS = operations.filter((op) => op.body);
const PARAM_OPS = operations.filter((op) => op.params.length > 0);
const QUERY_OPS = operations.filter((op) => op.query.length > 0);
/** Operations that change something but take no body. */
const NO_BODY_OPS = operations.filter((op) => !op.body && op.method !== 'GET');

const UNKNOWN = 'zzz_unknown';
const LONE_SURROGATES = ['\ud800', 'lone \udfff low', 'high \udbff at end \ud83d'];

/** `levels` arrays inside each other, innermost empty: `[[[]]]` is 3. */
const nested = (levels: number): unknown => {
  let value: unknown = [];
  for (let i = 1; i < levels; i += 1) value = [value];
  return value;
};
/** The same as JSON text (JSON.stringify would recurse once per level). */
const nestedText = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

const ops = <T extends { key: string }>(list: T[]) => list.map((op) => [op.key, op] as const);

/** Query text JavaScript's Number() reads as a number, but that is not an integer in decimal digits. */
const NOT_DECIMAL_INTEGERS = ['0x10', '1e1', '1.0', '', ' 1', '+1', '1_0', '\u0661'];
/** Dates and date-times the documented ISO forms allow but PostgreSQL refuses (an offset past ±15:59, year 0). */
const DATES_POSTGRES_REFUSES = ['2026-11-28T00:00:00+16:00', '2026-11-28T00:00:00-23:59', '0000-01-01', '0000-06-01T00:00:00Z'];
const uniqueCases = (cases: [string, string, number][]) => [...new Map(cases.map((c) => [JSON.stringify(c), c])).values()];
const stringFields = (fields: Field[]) => fields.filter((f) => typesOf(f.schema).includes('string'));

/** Past-the-limit values for a field, each with a label: a longer string, a longer array, numbers out of range. */
function pastLimits(schema: JsonSchema): [string, unknown][] {
  const out: [string, unknown][] = [];
  const string = alternativeOf(schema, 'string');
  if (typesOf(string).includes('string') && string.maxLength !== undefined) out.push([`${string.maxLength + 1} characters`, 'x'.repeat(string.maxLength + 1)]);
  const array = alternativeOf(schema, 'array');
  if (typesOf(array).includes('array') && array.maxItems !== undefined) {
    out.push([`${array.maxItems + 1} items`, Array.from({ length: array.maxItems + 1 }, () => sampleOf(array.items ?? {}))]);
  }
  const number = alternativeOf(schema, typesOf(schema).includes('integer') ? 'integer' : 'number');
  if (typesOf(number).some((t) => t === 'integer' || t === 'number')) {
    if (number.maximum !== undefined) out.push(['above the maximum', number.maximum + 1]);
    if (number.exclusiveMaximum !== undefined) out.push(['at the exclusive maximum', number.exclusiveMaximum]);
    if (number.minimum !== undefined) out.push(['below the minimum', number.minimum - 1]);
    if (number.exclusiveMinimum !== undefined) out.push(['at the exclusive minimum', number.exclusiveMinimum]);
  }
  const object = alternativeOf(schema, 'object');
  if (typesOf(object).includes('object') && object.maxProperties !== undefined) {
    out.push([
      `${object.maxProperties + 1} properties`,
      Object.fromEntries(
        Array.from({ length: object.maxProperties + 1 }, (_, i) => [
          `k${i}`,
          sampleOf(object.additionalProperties === true ? {} : object.additionalProperties || {}),
        ]),
      ),
    ]);
  }
  if (object['x-open-json']) {
    out.push([`${object['x-max-depth']! + 1} levels deep`, { a: nested(object['x-max-depth']!) }]);
    out.push([`over ${object['x-max-bytes']} bytes`, { a: 'x'.repeat(object['x-max-bytes']!) }]);
  }
  return out;
}

describe('bad input over every operation of the OpenAPI document', () => {
  let before: TableSnapshot;

  beforeAll(async () => {
    // The only sign-in of this suite happens before the baseline is taken.
    await suite.signIn();
    before = await suite.snapshot();
  });
  afterAll(() => ctx.close());

  it('finds the operations in the document', () => {
    expect(BODY_OPS.length).toBeGreaterThan(0);
    expect(PARAM_OPS.length).toBeGreaterThan(0);
    expect(QUERY_OPS.length).toBeGreaterThan(0);
    expect(NO_BODY_OPS.length).toBeGreaterThan(0);
    for (const op of operations) expect(POLICY[op.key] ?? OPERATOR_ROUTES.has(op.key), `${op.key} is documented but not in POLICY`).toBeTruthy();
  });

  describe.each(ops(BODY_OPS))('%s body', (_key, op) => {
    const body = op.body!;
    const sample = () => sampleBodyOf(op)!;
    /** A valid body with `value` at `path`. */
    const withValue = (path: FieldPath, value: unknown) => ({ ...sample(), ...(bodyWith(body, path, value) as object) });
    const fields = fieldsOf(body);
    const fieldCases = fields.map((f) => [fieldName(f.path), f] as const);

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

    it(`rejects a body over its limit (${op.bodyLimit ?? ctx.config.bodyLimit} bytes) with 413`, async () => {
      const raw = JSON.stringify({ padding: 'x'.repeat((op.bodyLimit ?? ctx.config.bodyLimit) + 1024) });
      expectClientError(await send(op, { raw }), [413], `${op.key} oversized`);
    });

    it('rejects bodies that are not objects, JSON null included', async () => {
      for (const value of [[], [1, 2], [sample()], 'a string', '', 42, 0, true, false, null]) {
        expectFieldErrors(await send(op, { json: value }), `${op.key} body ${JSON.stringify(value)}`, 'body');
      }
    });

    it.each(strictObjectsOf(body).map((path) => [fieldName(path) || '(the body)', path] as const))(
      'rejects an unknown field in %s with 400, naming it',
      async (_name, path) => {
        const at = [...path, UNKNOWN];
        const res = await send(op, { json: withValue(at, 1) });
        expectFieldErrors(res, `${op.key} ${fieldName(at)}`, fieldName(at), { status: [400], message: INPUT_MESSAGES.unknownField });
      },
    );

    // An open JSON body (a form's answers) has no fields of its own to be unknown to; its service checks them.
    if (!body['x-open-json'])
      it('names every unknown field at once', async () => {
        const res = await send(op, { json: { ...sample(), [UNKNOWN]: 1, [`${UNKNOWN}_2`]: { deep: true } } });
        const body = expectFieldErrors(res, `${op.key} two unknown`, UNKNOWN, { status: [400], message: INPUT_MESSAGES.unknownField });
        expect(body.validation_errors).toContainEqual({ field: `${UNKNOWN}_2`, message: INPUT_MESSAGES.unknownField });
      });

    it('rejects nesting deeper than the limit with 400, even inside an unknown field (10,000 levels)', async () => {
      for (const levels of [INPUT_LIMITS.jsonDepth + 1, 10_000]) {
        const raw = JSON.stringify({ ...sample(), [UNKNOWN]: 0 }).replace(/0\}$/, `${nestedText(levels)}}`);
        const res = await send(op, { raw });
        const field = [UNKNOWN, ...Array.from({ length: INPUT_LIMITS.jsonDepth - 1 }, () => '0')].join('.');
        expectFieldErrors(res, `${op.key} ${levels} levels`, field, { status: [400], message: INPUT_MESSAGES.tooDeep(INPUT_LIMITS.jsonDepth) });
      }
    });

    it('rejects a key that is not well-formed Unicode with 400', async () => {
      const res = await send(op, { json: { ...sample(), '\ud800key': 1 } });
      expectFieldErrors(res, `${op.key} lone surrogate key`, '\ufffdkey', { status: [400], message: INPUT_MESSAGES.notWellFormed });
    });

    // `{"length": {"toString": false}}` where text is expected made a length check throw: a 500 (found by the random suite).
    it('rejects a key that replaces how a value becomes text with 400, naming its path', async () => {
      const res = await send(op, { json: { ...sample(), [UNKNOWN]: { length: { toString: false } } } });
      expectFieldErrors(res, `${op.key} toString key`, `${UNKNOWN}.length.toString`, { status: [400], message: INPUT_MESSAGES.conversionKey });
    });

    if (fieldCases.length > 0) {
      it.each(fieldCases)('rejects a wrong type for %s, naming it', async (name, field) => {
        const wrong = wrongTypeFor(field.schema);
        if (wrong === undefined) return;
        expectFieldErrors(await send(op, { json: withValue(field.path, wrong) }), `${op.key} ${name}=${JSON.stringify(wrong)}`, name);
        if (typesOf(field.schema).includes('null')) return;
        expectFieldErrors(await send(op, { json: withValue(field.path, null) }), `${op.key} ${name}=null`, name);
      });

      it.each(fieldCases)('rejects values of %s past its limits with 422, naming it', async (name, field) => {
        for (const [label, value] of pastLimits(field.schema)) {
          const json = withValue(field.path, value);
          if (JSON.stringify(json).length > (op.bodyLimit ?? ctx.config.bodyLimit)) continue;
          expectFieldErrors(await send(op, { json }), `${op.key} ${name} ${label}`, name, { status: [422] });
        }
      });
    }

    const texts = stringFields(fields).map((f) => [fieldName(f.path), f] as const);
    if (texts.length > 0) {
      it.each(texts)('rejects %s when it is not well-formed Unicode (400), never storing it rewritten', async (name, field) => {
        for (const text of LONE_SURROGATES) {
          const res = await send(op, { json: withValue(field.path, text) });
          expectFieldErrors(res, `${op.key} ${name}=${JSON.stringify(text)}`, name, { status: [400], message: INPUT_MESSAGES.notWellFormed });
        }
      });

      it.each(texts)('rejects a NUL character in %s (400)', async (name, field) => {
        const res = await send(op, { json: withValue(field.path, 'nul\u0000byte@example.com') });
        expectFieldErrors(res, `${op.key} ${name} with NUL`, name, { status: [400], message: INPUT_MESSAGES.nul });
      });
    }

    const required = body.required ?? [];
    if (required.length > 0) {
      it.each(required)('rejects a body without %s', async (name) => {
        const payload = sample();
        delete payload[name];
        expectFieldErrors(await send(op, { json: payload }), `${op.key} without ${name}`, name, { status: [422] });
      });

      it('rejects an empty object, naming every required field', async () => {
        const res = await send(op, { json: {} });
        const names = expectFieldErrors(res, `${op.key} {}`, undefined, { status: [422] }).validation_errors!.map((e) => e.field);
        expect(names.sort()).toEqual(expect.arrayContaining([...required].sort()));
      });
    }
  });

  describe.each(ops(NO_BODY_OPS))('%s (takes no body)', (_key, op) => {
    it('refuses a body with fields, naming each as unknown (400)', async () => {
      const res = await send(op, { json: { [UNKNOWN]: 1, other: 'x' } });
      const body = expectFieldErrors(res, `${op.key} with a body`, UNKNOWN, { status: [400], message: INPUT_MESSAGES.unknownField });
      expect(body.validation_errors).toContainEqual({ field: 'other', message: INPUT_MESSAGES.unknownField });
    });

    it('refuses a body that is not an object, JSON null included (400)', async () => {
      for (const value of [null, [1], 'text', 7]) {
        expectFieldErrors(await send(op, { json: value }), `${op.key} body ${JSON.stringify(value)}`, 'body', {
          status: [400],
          message: INPUT_MESSAGES.noBody,
        });
      }
    });
  });

  describe.each(ops(PARAM_OPS))('%s path parameters', (_key, op) => {
    const sampleBody = sampleBodyOf(op);

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
          ? ['not-a-uuid', '12345', `${randomUUID()}0`, randomUUID().replace(/-/g, ''), 'zzzzzzzz-zzzz-4zzz-8zzz-zzzzzzzzzzzz', "1' or '1'='1", '..%2F..']
          : ['x'.repeat((param.schema.maxLength ?? 64) + 1)];
      for (const value of bad) {
        const url = urlOf(op, { ...validParams(op), [name]: value });
        expectFieldErrors(await send(op, { url, json: sampleBody }), `${op.key} ${name}=${JSON.stringify(value)}`, name, { status: [422] });
      }
      const nul = urlOf(op, { ...validParams(op), [name]: '\u0000' });
      expectFieldErrors(await send(op, { url: nul, json: sampleBody }), `${op.key} ${name}=NUL`, name, { status: [400], message: INPUT_MESSAGES.nul });
    });

    it('answers a path that is not valid percent-encoding or too long with a 4xx', async () => {
      for (const id of ['%FF', '%E0%A4%A', '%ED%A0%80', 'x'.repeat(300)]) {
        const url = op.path.replace(/\{(\w+)\}/g, () => id);
        expectClientError(await send(op, { url, json: sampleBody }), [400, 404, 414, 422], `${op.key} ${url}`);
      }
    });
  });

  describe.each(ops(operations))('%s query string', (_key, op) => {
    const withRequired = (name: string, query: string) => [requiredQuery(op, name), query].filter(Boolean).join('&');
    const sampleBody = sampleBodyOf(op);

    it('refuses an undeclared query parameter with 400, naming it', async () => {
      for (const name of [UNKNOWN, 'cursor', 'constructor', '__proto__'].filter((n) => !op.query.some((p) => p.name === n))) {
        const url = urlOf(op, validParams(op), withRequired('', `${name}=junk`));
        const res = await send(op, { url, json: sampleBody });
        expectFieldErrors(res, `${op.key} ?${name}=junk`, name, { status: [400], message: INPUT_MESSAGES.unknownQueryParameter });
      }
    });
  });

  describe.each(ops(QUERY_OPS))('%s declared query parameters', (_key, op) => {
    const names = new Set(op.query.map((p) => p.name));
    const required = op.query.filter((p) => p.required);
    const withRequired = (name: string, query: string) => [requiredQuery(op, name), query].filter(Boolean).join('&');

    it('answers 200 to no query string at all (only its required parameters; 404 under an unknown id)', async () => {
      const res = await send(op, { url: urlOf(op, validParams(op), requiredQuery(op)) });
      // A list under a resource (a workflow's versions) is reached with a random, unknown id here; single sign-on's
      // browser steps answer a redirect (back to the sign-in page with the reason, here).
      expect(res.statusCode, res.body).toBe(op.params.length > 0 ? 404 : op.redirect ? 302 : 200);
    });

    if (required.length > 0) {
      it.each(required.map((p) => p.name))('rejects a query string without %s with 422', async (name) => {
        expectFieldErrors(await send(op, { url: urlOf(op, validParams(op), requiredQuery(op, name)) }), `${op.key} without ${name}`, name, { status: [422] });
      });
    }

    const cases: [string, string, number][] = [];
    if (names.has('limit')) {
      for (const v of ['0', '-1', '201', '100000', 'abc', '1.5', '', '1e3', 'Infinity']) cases.push(['limit', v, 422]);
      cases.push(['limit', '1&limit=2', 422]);
    }
    if (names.has('offset')) for (const v of ['-1', 'abc', '0.5', '99999999999']) cases.push(['offset', v, 422]);
    if (names.has('sort')) for (const v of ['no_such_field', 'constructor', '__proto__', 'toString', 'x'.repeat(65)]) cases.push(['sort', v, 422]);
    for (const p of op.query) {
      // Integers are decimal digits (Schemathesis found `0x10`, `1e1`, `1.0` and an empty value taken as numbers).
      if (typesOf(p.schema).includes('integer')) for (const v of NOT_DECIMAL_INTEGERS) cases.push([p.name, v, 422]);
      // Dates PostgreSQL cannot take (an offset past ±15:59 was a 500, or a cut-off CSV on the audit export).
      if (isDateParameter(p.schema)) for (const v of DATES_POSTGRES_REFUSES) cases.push([p.name, v, 422]);
      if (p.schema.enum) cases.push([p.name, 'not-a-valid-choice', 422]);
      if (p.schema.format === 'uuid') cases.push([p.name, 'not-a-uuid', 422]);
      if (p.schema.maxLength !== undefined && p.name !== 'sort') cases.push([p.name, 'q'.repeat(p.schema.maxLength + 1), 422]);
      if (typesOf(p.schema).includes('string')) cases.push([p.name, '\u0000', 400]);
    }

    it.each(uniqueCases(cases))('rejects %s=%j with %i', async (name, value, status) => {
      const query = withRequired(name, value.includes('&') ? `${name}=${value}` : `${name}=${encodeURIComponent(value)}`);
      expectFieldErrors(await send(op, { url: urlOf(op, validParams(op), query) }), `${op.key} ?${query}`, name, { status: [status] });
    });
  });

  // An id in a body that names nothing (Schemathesis: `POST /api/admin/api-keys` with an unknown organization_id was a
  // 500, the database's foreign key refusing the insert): a 4xx naming the field, before anything is written.
  const FOREIGN_ID_OPS = BODY_OPS.filter((op) => op.params.length === 0 && !op.isPublic);
  const foreignIds = FOREIGN_ID_OPS.flatMap((op) =>
    fieldsOf(op.body!)
      .filter((f) => f.path.length === 1 && alternativeOf(f.schema, 'string').format === 'uuid')
      .map((f) => [`${op.key} ${fieldName(f.path)}`, op, f] as const),
  );
  it.each(foreignIds)('refuses %s naming nothing that exists with a 404 or 422, never a 5xx', async (_label, op, field) => {
    const res = await send(op, { json: { ...sampleBodyOf(op)!, ...(bodyWith(op.body!, field.path, randomUUID()) as object) } });
    const label = `${op.key} unknown ${fieldName(field.path)}`;
    if (res.statusCode === 422) expectFieldErrors(res, label);
    else expectClientError(res, [404], label);
  });

  it('refuses an API key for an organization that does not exist with 422 naming organization_id (it was a 500)', async () => {
    const op = operations.find((o) => o.key === 'POST /api/admin/api-keys')!;
    const res = await send(op, { json: { ...sampleBodyOf(op)!, organization_id: randomUUID() } });
    expectFieldErrors(res, 'api key for an unknown organization', 'organization_id', { status: [422] });
  });

  // Analytics periods: a custom period in year 1 was a 500 (its previous period fell in year 0, which PostgreSQL refuses).
  const PERIOD_OPS = QUERY_OPS.filter((op) => ['range', 'from', 'to'].every((name) => op.query.some((p) => p.name === name)));
  it.each(ops(PERIOD_OPS))('%s refuses a custom period before 1970 with 422 naming from', async (_key, op) => {
    const url = urlOf(op, validParams(op), 'range=custom&from=0001-01-01&to=0001-01-05');
    const res = await send(op, { url });
    expectFieldErrors(res, `${op.key} year 1`, 'from', { status: [422] });
  });

  describe('headers', () => {
    it('rejects a malformed X-Organization-Id with 422', async () => {
      const op = operations.find((o) => !o.isPublic && o.method === 'GET' && o.params.length === 0)!;
      expectFieldErrors(await send(op, { headers: { 'x-organization-id': 'acme' } }), 'X-Organization-Id', 'X-Organization-Id');
    });
  });

  it('wrote nothing: every table has the same rows as before', async () => {
    expect(await suite.snapshot()).toEqual(before);
  });
});
