import { describe, expect, it } from 'vitest';
import {
  boundedRecord,
  findInputProblems,
  INPUT_MESSAGES,
  INTEGER_TEXT_PATTERN,
  DATE_SINCE_1970_PATTERN,
  isoDateOrDateTimeSchema,
  isoDateSchema,
  isoDateTimeSchema,
  jsonDepth,
  maxLengthOf,
  openJsonObject,
  queryInteger,
  SIGNED_INTEGER_TEXT_PATTERN,
} from './input-rules.ts';
import { z } from 'zod';

describe('findInputProblems', () => {
  it('refuses keys that replace how a value becomes text or a number, wherever they are', () => {
    expect(findInputProblems({ reason: { length: { toString: false } }, list: [{ valueOf: 1 }], fine: { to_string: 'x' } })).toEqual([
      { path: ['reason', 'length', 'toString'], message: INPUT_MESSAGES.conversionKey },
      { path: ['list', 0, 'valueOf'], message: INPUT_MESSAGES.conversionKey },
    ]);
  });

  it('finds lone surrogates and NUL in values and keys, with their paths', () => {
    expect(findInputProblems({ a: 'ok 🚀', b: ['x', 'bad \ud800'], c: { 'k\udc00': 1 }, d: 'nul\u0000' })).toEqual([
      { path: ['b', 1], message: INPUT_MESSAGES.notWellFormed },
      { path: ['c', 'k\ufffd'], message: INPUT_MESSAGES.notWellFormed },
      { path: ['d'], message: INPUT_MESSAGES.nul },
    ]);
    expect(findInputProblems('\ud83d')).toEqual([{ path: [], message: INPUT_MESSAGES.notWellFormed }]);
    expect(findInputProblems({ emoji: '\ud83d\ude80' })).toEqual([]);
  });

  it('stops at the depth limit without walking further, and after the problem limit', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findInputProblems({ deep }, 4)).toEqual([{ path: ['deep', 0, 0, 0], message: INPUT_MESSAGES.tooDeep(4) }]);
    expect(
      findInputProblems(
        Array.from({ length: 50 }, () => '\ud800'),
        32,
        3,
      ),
    ).toHaveLength(3);
  });
});

describe('jsonDepth', () => {
  it('counts containers', () => {
    expect([jsonDepth('x'), jsonDepth({}), jsonDepth({ a: [1] }), jsonDepth([[[]]])]).toEqual([0, 1, 2, 3]);
  });
});

describe('openJsonObject', () => {
  const schema = openJsonObject({ description: 'test', maxDepth: 3, maxBytes: 50, maxProperties: 2 });
  it('takes any keys and values within its limits', () => {
    expect(schema.parse({ a: { b: [1] } })).toEqual({ a: { b: [1] } });
  });
  it('refuses deeper, larger or wider documents', () => {
    expect(schema.safeParse({ a: { b: [[1]] } }).error?.issues[0]?.message).toBe(INPUT_MESSAGES.tooDeep(3));
    expect(schema.safeParse({ a: 'x'.repeat(60) }).error?.issues[0]?.message).toBe(INPUT_MESSAGES.tooLarge(50));
    expect(schema.safeParse({ a: 1, b: 2, c: 3 }).success).toBe(false);
  });
  it('states its limits in JSON Schema', () => {
    expect(z.toJSONSchema(schema, { io: 'input' })).toMatchObject({ 'x-open-json': true, 'x-max-depth': 3, 'x-max-bytes': 50, maxProperties: 2 });
  });
});

describe('boundedRecord', () => {
  it('refuses more entries than its limit and says so in JSON Schema', () => {
    const schema = boundedRecord(z.string().max(5), z.string(), 1);
    expect(schema.safeParse({ a: 'x' }).success).toBe(true);
    expect(schema.safeParse({ a: 'x', b: 'y' }).success).toBe(false);
    expect(z.toJSONSchema(schema, { io: 'input' })).toMatchObject({ maxProperties: 1 });
  });
});

describe('maxLengthOf', () => {
  it('reads a text limit through optional, default and transforms', () => {
    expect(maxLengthOf(z.string().max(7))).toBe(7);
    expect(maxLengthOf(z.string().trim().max(9).optional())).toBe(9);
    expect(
      maxLengthOf(
        z
          .string()
          .max(5)
          .transform((s) => s.toLowerCase()),
      ),
    ).toBe(5);
    expect(maxLengthOf(z.string().max(4).default('x'))).toBe(4);
    expect(maxLengthOf(z.number())).toBeUndefined();
  });
});

describe('findInputProblems order', () => {
  it("reports an object's bad keys first, then what its values hold, in key order", () => {
    expect(findInputProblems({ '\ud800a': 1, b: 'x\u0000', '\udc00c': 2 }).map((p) => p.path.join('.'))).toEqual(['\ufffda', '\ufffdc', 'b']);
  });
});

describe('queryInteger', () => {
  const limit = queryInteger({ min: 1, max: 200, default: 25 });
  const signed = queryInteger({ min: -10, max: 10 });

  it('takes decimal digits within its bounds, and nothing when absent', () => {
    expect(['1', '25', '200', '007'].map((v) => limit.parse(v))).toEqual([1, 25, 200, 7]);
    expect(limit.parse(undefined)).toBe(25);
    expect(['-10', '0', '10'].map((v) => signed.parse(v))).toEqual([-10, 0, 10]);
  });

  it('refuses anything but decimal digits (hex, exponents, decimals, empty, signs, spaces, other scripts)', () => {
    for (const text of ['0x10', '1e1', '1.0', '', ' 1', '1 ', '+1', '-1', '1_0', 'Infinity', 'NaN', '\u0661\u0662', '0b1', '٣']) {
      const result = limit.safeParse(text);
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(INPUT_MESSAGES.notAnInteger);
    }
    expect(signed.safeParse('--1').success).toBe(false);
    expect(signed.safeParse('-').success).toBe(false);
    expect(limit.safeParse(['1', '2']).success).toBe(false);
  });

  it('refuses values out of range, saying the range', () => {
    for (const text of ['0', '201']) expect(limit.safeParse(text).error?.issues.map((i) => i.message)).toEqual(['Expected a whole number from 1 to 200']);
    expect(limit.safeParse('9'.repeat(400)).success).toBe(false);
  });

  it('states the rule in JSON Schema: an integer with its bounds, written as the pattern says', () => {
    const json = z.toJSONSchema(z.object({ limit }), { io: 'input' }).properties!.limit as Record<string, unknown>;
    expect(json).toMatchObject({ type: 'integer', minimum: 1, maximum: 200, default: 25, pattern: INTEGER_TEXT_PATTERN });
    expect(z.toJSONSchema(z.object({ n: signed }), { io: 'input' }).properties!.n).toMatchObject({ pattern: SIGNED_INTEGER_TEXT_PATTERN });
    for (const text of ['12', '0x10', '1e1', '1.0', '', '-1']) expect(new RegExp(INTEGER_TEXT_PATTERN, 'u').test(text), text).toBe(/^[0-9]+$/.test(text));
  });
});

describe('the date and date-time rule (what PostgreSQL takes)', () => {
  /** Each value, and whether PostgreSQL's timestamptz takes it as written. */
  const dateTimes: [string, boolean][] = [
    ['2026-11-28T00:00:00Z', true],
    ['2026-11-28T00:00:00.123456Z', true],
    ['2026-11-28T00:00:00+15:59', true],
    ['2026-11-28T00:00:00-15:59', true],
    ['2026-11-28T00:00:00+00:00', true],
    ['2026-11-28T00:00:00+16:00', false],
    ['2026-11-28T00:00:00-16:00', false],
    ['2026-11-28T00:00:00+23:59', false],
    ['2026-11-28T00:00:00+15:60', false],
    ['0001-01-01T00:00:00Z', true],
    ['9999-12-31T23:59:59Z', true],
    ['0000-01-01T00:00:00Z', false],
    ['2024-02-29T12:00:00Z', true],
    ['2000-02-29T12:00:00Z', true],
    ['1900-02-29T12:00:00Z', false],
    ['2025-02-29T12:00:00Z', false],
    ['0400-02-29T00:00:00Z', true],
    ['0000-02-29T00:00:00Z', false],
    ['2026-04-31T00:00:00Z', false],
    ['2026-11-28T24:00:00Z', false],
    ['2026-11-28T00:00:00', false],
    ['2026-11-28 00:00:00Z', false],
    ['\u0662\u0660\u0662\u0666-11-28T00:00:00Z', false],
  ];
  const dates: [string, boolean][] = [
    ['2026-11-28', true],
    ['0001-01-01', true],
    ['0000-01-01', false],
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2026-13-01', false],
    ['26-11-28', false],
  ];

  it('takes a date-time PostgreSQL takes and refuses one it cannot (an offset past ±15:59, year 0)', () => {
    for (const [text, ok] of dateTimes) expect(isoDateTimeSchema.safeParse(text).success, text).toBe(ok);
    expect(isoDateTimeSchema.safeParse('2026-11-28T00:00:00+16:00').error?.issues[0]?.message).toBe(INPUT_MESSAGES.notDateTime);
  });

  it('takes a date or a date-time where either is allowed', () => {
    for (const [text, ok] of [...dates, ...dateTimes]) expect(isoDateOrDateTimeSchema.safeParse(text).success, text).toBe(ok);
    expect(isoDateOrDateTimeSchema.safeParse('2026-11-28T00:00:00+16:00').error?.issues[0]?.message).toBe(INPUT_MESSAGES.notDateOrDateTime);
    const json = z.toJSONSchema(z.object({ from: isoDateOrDateTimeSchema }), { io: 'input' }).properties!.from as { pattern: string; maxLength: number };
    expect(json.maxLength).toBe(40);
    for (const [text, ok] of [...dates, ...dateTimes]) expect(new RegExp(json.pattern, 'u').test(text), text).toBe(ok);
  });

  it('has a day pattern for days from 1970 on (analytics periods), leap years included', () => {
    const since1970 = new RegExp(DATE_SINCE_1970_PATTERN, 'u');
    const cases: [string, boolean][] = [
      ['1970-01-01', true],
      ['1969-12-31', false],
      ['0001-01-01', false],
      ['1972-02-29', true],
      ['1973-02-29', false],
      ['2000-02-29', true],
      ['2100-02-29', false],
      ['2400-02-29', true],
      ['3200-02-29', true],
      ['9996-02-29', true],
      ['9999-12-31', true],
      ['2026-04-31', false],
      ['2026-11-28', true],
    ];
    for (const [text, ok] of cases) expect(since1970.test(text), text).toBe(ok);
    // Every real day from 1970 to 2100 matches, and nothing else of those years.
    for (let t = Date.UTC(1970, 0, 1); t < Date.UTC(2101, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      expect(since1970.test(day), day).toBe(true);
    }
  });

  it('states exactly that rule as the JSON Schema pattern', () => {
    const json = z.toJSONSchema(z.object({ at: isoDateTimeSchema, day: isoDateSchema }), { io: 'input' }).properties as {
      at: { pattern: string };
      day: { pattern: string };
    };
    expect(json.at).toMatchObject({ format: 'date-time', maxLength: 40 });
    expect(json.day).toMatchObject({ format: 'date', maxLength: 10 });
    for (const [text, ok] of dateTimes) expect(new RegExp(json.at.pattern, 'u').test(text), text).toBe(ok);
    for (const [text, ok] of dates) expect(new RegExp(json.day.pattern, 'u').test(text), text).toBe(ok);
  });
});
