/**
 * Property-based bad input over every operation of the served OpenAPI document (fast-check): a valid body with
 * one generated fault anywhere in it (an unknown field, a lone surrogate, a string past its length, a value of
 * the wrong type, a number out of range) is refused with the right status and names the faulty field; random
 * JSON, random path parameters and random query strings never get a 5xx; a rejected request writes nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_MESSAGES } from '@admin-portal/contract/input-rules';
import { createBadInputSuite, expectFieldErrors, expectNoServerError, type TableSnapshot } from '../test/bad-input-support.ts';
import {
  alternativeOf,
  bodyWith,
  fieldName,
  fieldsOf,
  isDateParameter,
  jsonTypeOf,
  sampleBodyOf,
  strictObjectsOf,
  typesOf,
  urlOf,
  validParams,
  type FieldPath,
  type Operation,
} from '../test/openapi-operations.ts';

const suite = await createBadInputSuite('Random Input Org');
const { ctx, operations, send } = suite;
const BODY_OPS = operations.filter((op) => op.body);
const PARAM_OPS = operations.filter((op) => op.params.length > 0);
const QUERY_OPS = operations.filter((op) => op.query.length > 0);
const RUNS = 25;
const ops = (list: Operation[]) => list.map((op) => [op.key, op] as const);

interface Fault {
  label: string;
  path: FieldPath;
  value: unknown;
  status: number;
  /** The field error expected (field name and, when it is ours, the message). */
  field: string;
  message?: string;
}

// Keys the JSON parser itself refuses (prototype poisoning), and those the input rule refuses as a whole (they
// change how a value becomes text), tested on their own in bad-input.test.ts.
const POISON = new Set(['__proto__', 'constructor', 'prototype', 'toString', 'valueOf']);
const hasPoisonKey = (value: unknown) => [...POISON].some((key) => JSON.stringify(value).includes(`"${key}":`));
const wellFormed = (s: string) => !/[\uD800-\uDFFF]/u.test(s) && !s.includes('\u0000');

/** Text JavaScript's Number() reads as a number but that is not an integer in decimal digits. */
const notDecimalDigits = fc.oneof(
  fc.nat({ max: 0xffff }).map((n) => `0x${n.toString(16)}`),
  fc.tuple(fc.nat({ max: 99 }), fc.nat({ max: 3 })).map(([m, e]) => `${m}e${e}`),
  fc.tuple(fc.nat({ max: 99 }), fc.nat({ max: 99 })).map(([n, d]) => `${n}.${d}`),
  fc.nat({ max: 99 }).map((n) => `+${n}`),
  fc.nat({ max: 99 }).map((n) => ` ${n} `),
  fc.nat({ max: 7 }).map((n) => `0b${n.toString(2)}`),
  fc.nat({ max: 9 }).map((n) => String.fromCharCode(0x0660 + n)),
  fc.constant(''),
);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** A well-formed ISO date-time with a time-zone offset past PostgreSQL's ±15:59 (which ISO 8601 allows up to ±23:59). */
const dateTimePostgresRefuses = fc
  .record({
    date: fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
    sign: fc.constantFrom('+', '-'),
    hours: fc.integer({ min: 16, max: 23 }),
    minutes: fc.integer({ min: 0, max: 59 }),
  })
  .map(({ date, sign, hours, minutes }) => `${date.toISOString().slice(0, 19)}${sign}${pad(hours)}:${pad(minutes)}`);

/** Generated faults for one body: each puts one bad value somewhere in an otherwise valid body. */
function faultsFor(op: Operation): fc.Arbitrary<Fault> | null {
  const fields = fieldsOf(op.body!);
  const kinds: fc.Arbitrary<Fault>[] = [];

  const objects = strictObjectsOf(op.body!);
  if (objects.length > 0)
    kinds.push(
      fc
        .tuple(fc.constantFrom(...objects), fc.string({ minLength: 1, maxLength: 16 }))
        .filter(
          ([path, key]) =>
            wellFormed(key) &&
            !POISON.has(key) &&
            !(key in (alternativeOf(fields.find((f) => fieldName(f.path) === fieldName(path))?.schema ?? op.body!, 'object').properties ?? {})),
        )
        .map(([path, key]) => ({
          label: 'unknown field',
          path: [...path, key],
          value: 1,
          status: 400,
          field: fieldName([...path, key]),
          message: INPUT_MESSAGES.unknownField,
        })),
    );

  const strings = fields.filter((f) => typesOf(f.schema).includes('string'));
  if (strings.length > 0) {
    kinds.push(
      fc
        .tuple(fc.constantFrom(...strings), fc.string({ maxLength: 20 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 20 }))
        .map(([f, before, unit, after]) => ({
          label: 'lone surrogate',
          path: f.path,
          value: `${before}${String.fromCharCode(unit)}${after}`,
          status: 400,
          field: fieldName(f.path),
          message: INPUT_MESSAGES.notWellFormed,
        })),
    );
  }

  const limited = strings.filter((f) => alternativeOf(f.schema, 'string').maxLength !== undefined);
  if (limited.length > 0) {
    kinds.push(
      fc.tuple(fc.constantFrom(...limited), fc.integer({ min: 1, max: 500 })).map(([f, over]) => ({
        label: 'too long',
        path: f.path,
        value: 'y'.repeat(alternativeOf(f.schema, 'string').maxLength! + over),
        status: 422,
        field: fieldName(f.path),
      })),
    );
  }

  const typed = fields.filter((f) => typesOf(f.schema).length > 0);
  if (typed.length > 0) {
    kinds.push(
      fc
        .tuple(fc.constantFrom(...typed), fc.jsonValue({ maxDepth: 3 }))
        .filter(([f, value]) => value !== null && !jsonTypeOf(value).some((t) => typesOf(f.schema).includes(t)) && !hasPoisonKey(value))
        .map(([f, value]) => ({ label: 'wrong type', path: f.path, value, status: 422, field: fieldName(f.path) })),
    );
  }

  const numbers = fields.filter((f) => {
    const n = alternativeOf(f.schema, typesOf(f.schema).includes('integer') ? 'integer' : 'number');
    return n.maximum !== undefined && !n.enum;
  });
  if (numbers.length > 0) {
    kinds.push(
      fc.tuple(fc.constantFrom(...numbers), fc.integer({ min: 1, max: 1_000_000 })).map(([f, over]) => ({
        label: 'out of range',
        path: f.path,
        value: alternativeOf(f.schema, typesOf(f.schema).includes('integer') ? 'integer' : 'number').maximum! + over,
        status: 422,
        field: fieldName(f.path),
      })),
    );
  }
  return kinds.length > 0 ? fc.oneof(...kinds) : null;
}

describe('bad input, generated (property-based)', () => {
  let before: TableSnapshot;

  beforeAll(async () => {
    await suite.signIn();
    before = await suite.snapshot();
  });
  afterAll(() => ctx.close());

  it.each(ops(BODY_OPS))('%s refuses one generated fault anywhere in a valid body, naming the field', async (_key, op) => {
    const faults = faultsFor(op);
    if (!faults) return;
    await fc.assert(
      fc.asyncProperty(faults, async (fault) => {
        const json = { ...sampleBodyOf(op)!, ...(bodyWith(op.body!, fault.path, fault.value) as object) };
        const res = await send(op, { json });
        expectFieldErrors(res, `${op.key} ${fault.label} at ${fault.field}: ${JSON.stringify(fault.value).slice(0, 80)}`, fault.field, {
          status: [fault.status],
          ...(fault.message ? { message: fault.message } : {}),
        });
      }),
      { numRuns: RUNS },
    );
  });

  it.each(ops(BODY_OPS))('%s never fails on a random JSON body', async (_key, op) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.jsonValue({ stringUnit: 'binary' })), async (value) => {
        expectNoServerError(await send(op, { json: value }), `${op.key} ${JSON.stringify(value).slice(0, 200)}`);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(ops(PARAM_OPS))('%s never fails on a random path parameter', async (_key, op) => {
    const json = sampleBodyOf(op);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...op.params.map((p) => p.name)), fc.string({ unit: 'binary', minLength: 1 }), async (name, value) => {
        const url = urlOf(op, { ...validParams(op), [name]: value });
        expectNoServerError(await send(op, { url, json }), `${op.key} ${url}`);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(ops(QUERY_OPS))('%s never fails on a random query string', async (_key, op) => {
    const names = [...op.query.map((p) => p.name), 'zzz_unknown'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), fc.string({ unit: 'binary' }), async (name, value) => {
        const url = urlOf(op, validParams(op), `${name}=${encodeURIComponent(value)}`);
        expectNoServerError(await send(op, { url }), `${op.key} ${url}`);
      }),
      { numRuns: RUNS },
    );
  });

  // What Schemathesis found over the document: integer parameters that took `0x10`, `1e1`, `1.0` or nothing, and
  // date-times in the documented form that PostgreSQL refused (an offset past ±15:59) with a 500.
  const INTEGER_PARAMS = QUERY_OPS.flatMap((op) =>
    op.query.filter((p) => typesOf(p.schema).includes('integer')).map((p) => [`${op.key} ${p.name}`, op, p.name] as const),
  );
  it.each(INTEGER_PARAMS)('%s refuses generated integer text that is not decimal digits (422, naming it)', async (_label, op, name) => {
    await fc.assert(
      fc.asyncProperty(notDecimalDigits, async (value) => {
        const url = urlOf(op, validParams(op), `${name}=${encodeURIComponent(value)}`);
        expectFieldErrors(await send(op, { url }), `${op.key} ?${name}=${JSON.stringify(value)}`, name, { status: [422] });
      }),
      { numRuns: RUNS },
    );
  });

  const DATE_PARAMS = QUERY_OPS.flatMap((op) => op.query.filter((p) => isDateParameter(p.schema)).map((p) => [`${op.key} ${p.name}`, op, p.name] as const));
  it.each(DATE_PARAMS)('%s refuses generated date-times PostgreSQL cannot take (422, naming it)', async (_label, op, name) => {
    await fc.assert(
      fc.asyncProperty(dateTimePostgresRefuses, async (value) => {
        const url = urlOf(op, validParams(op), `${name}=${encodeURIComponent(value)}`);
        expectFieldErrors(await send(op, { url }), `${op.key} ?${name}=${value}`, name, { status: [422] });
      }),
      { numRuns: RUNS },
    );
  });

  it('wrote nothing: every table has the same rows as before', async () => {
    expect(await suite.snapshot()).toEqual(before);
  });

  describe('random values in otherwise valid bodies (after the check above: such a body may be valid and write)', () => {
    it.each(ops(BODY_OPS))('%s never fails when one field gets a random value', async (_key, op) => {
      const fields = fieldsOf(op.body!);
      if (fields.length === 0) return;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields), fc.jsonValue({ stringUnit: 'binary' }), async (field, value) => {
          const json = { ...sampleBodyOf(op)!, ...(bodyWith(op.body!, field.path, value) as object) };
          expectNoServerError(await send(op, { json }), `${op.key} ${fieldName(field.path)}=${JSON.stringify(value).slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
    });

    // Schemathesis: an id in a body that names nothing (an unknown organization for an API key) was a 500.
    const ID_OPS = BODY_OPS.filter((op) => fieldsOf(op.body!).some((f) => alternativeOf(f.schema, 'string').format === 'uuid'));
    it.each(ops(ID_OPS))('%s never fails when an id field names something that does not exist', async (_key, op) => {
      const ids = fieldsOf(op.body!).filter((f) => alternativeOf(f.schema, 'string').format === 'uuid');
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...ids), fc.uuid({ version: 4 }), async (field, id) => {
          const json = { ...sampleBodyOf(op)!, ...(bodyWith(op.body!, field.path, id) as object) };
          expectNoServerError(await send(op, { json }), `${op.key} ${fieldName(field.path)}=${id}`);
        }),
        { numRuns: RUNS },
      );
    });

    it.each(ops(BODY_OPS))('%s never fails on a number at its bounds', async (_key, op) => {
      for (const field of fieldsOf(op.body!)) {
        const n = alternativeOf(field.schema, typesOf(field.schema).includes('integer') ? 'integer' : 'number');
        for (const value of [n.minimum, n.maximum]) {
          if (value === undefined) continue;
          const json = { ...sampleBodyOf(op)!, ...(bodyWith(op.body!, field.path, value) as object) };
          expectNoServerError(await send(op, { json }), `${op.key} ${fieldName(field.path)}=${value}`);
        }
      }
    });
  });
});
