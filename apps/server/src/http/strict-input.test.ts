import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strictInput } from './strict-input.ts';

const keysRefused = (schema: z.ZodType, value: unknown) =>
  schema
    .safeParse(value)
    .error?.issues.filter((i) => i.code === 'unrecognized_keys')
    .flatMap((i) => i.keys.map((k) => [...i.path, k].join('.'))) ?? [];

describe('strictInput', () => {
  it('makes objects refuse unknown keys at every level: arrays, optionals, defaults, unions, pipes', () => {
    const item = z.object({ id: z.string() });
    const schema = strictInput(
      z.object({
        items: z.array(item).optional(),
        nested: z.object({ inner: item.nullable() }).default({ inner: null }),
        either: z.union([z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b'), b: z.number() })]).optional(),
        piped: z
          .object({ x: z.string() })
          .pipe(z.object({ x: z.string() }))
          .optional(),
      }),
    );
    expect(keysRefused(schema, { zzz: 1 })).toEqual(['zzz']);
    expect(keysRefused(schema, { items: [{ id: 'a', extra: 1 }] })).toEqual(['items.0.extra']);
    expect(keysRefused(schema, { nested: { inner: { id: 'a', deep: true } } })).toEqual(['nested.inner.deep']);
    expect(schema.safeParse({ either: { kind: 'a', b: 1 } }).success).toBe(false);
    expect(keysRefused(schema, { piped: { x: 'a', y: 'b' } })).toEqual(['piped.y']);
    expect(schema.parse({ items: [{ id: 'a' }] })).toEqual({ items: [{ id: 'a' }], nested: { inner: null } });
  });

  it('keeps objects that chose how to treat unknown keys, and records, open', () => {
    const schema = strictInput(z.object({ loose: z.looseObject({ a: z.string() }), record: z.record(z.string(), z.unknown()) }));
    expect(schema.safeParse({ loose: { a: 'x', b: 1 }, record: { anything: { at: 'all' } } }).success).toBe(true);
  });

  it('keeps refinements, transforms, messages and descriptions', () => {
    const schema = strictInput(
      z
        .object({ name: z.string().trim().min(1, 'Name is required').describe('The name'), from: z.number(), to: z.number() })
        .refine((v) => v.from <= v.to, { message: 'from after to', path: ['to'] }),
    );
    expect(schema.parse({ name: '  Ann ', from: 1, to: 2 })).toEqual({ name: 'Ann', from: 1, to: 2 });
    expect(schema.safeParse({ name: '', from: 1, to: 2 }).error?.issues[0]?.message).toBe('Name is required');
    expect(schema.safeParse({ name: 'a', from: 3, to: 2 }).error?.issues[0]?.message).toBe('from after to');
    const json = z.toJSONSchema(schema, { io: 'input' }) as unknown as { additionalProperties: boolean; properties: { name: { description: string } } };
    expect(json.additionalProperties).toBe(false);
    expect(json.properties.name.description).toBe('The name');
  });

  it('returns a schema with nothing to change as the same instance, and leaves the original open', () => {
    const closed = z.strictObject({ a: z.string() });
    expect(strictInput(closed)).toBe(closed);
    const open = z.object({ a: z.string() });
    strictInput(open);
    expect(open.safeParse({ a: 'x', b: 1 }).success).toBe(true);
  });

  it('refuses an intersection, which strict sides would break', () => {
    expect(() => strictInput(z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() })))).toThrow(/intersection/);
  });
});
