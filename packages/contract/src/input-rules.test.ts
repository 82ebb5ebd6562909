import { describe, expect, it } from 'vitest';
import { boundedRecord, findInputProblems, INPUT_MESSAGES, jsonDepth, maxLengthOf, openJsonObject } from './input-rules.ts';
import { z } from 'zod';

describe('findInputProblems', () => {
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
    expect(findInputProblems(Array.from({ length: 50 }, () => '\ud800'), 32, 3)).toHaveLength(3);
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
    expect(maxLengthOf(z.string().max(5).transform((s) => s.toLowerCase()))).toBe(5);
    expect(maxLengthOf(z.string().max(4).default('x'))).toBe(4);
    expect(maxLengthOf(z.number())).toBeUndefined();
  });
});

describe('findInputProblems order', () => {
  it("reports an object's bad keys first, then what its values hold, in key order", () => {
    expect(findInputProblems({ '\ud800a': 1, b: 'x\u0000', '\udc00c': 2 }).map((p) => p.path.join('.'))).toEqual(['\ufffda', '\ufffdc', 'b']);
  });
});
