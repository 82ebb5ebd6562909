import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './client.ts';
import { withLiterals } from './literals.ts';

let db: Db;
beforeAll(async () => {
  db = await createDb({});
});
afterAll(() => db.close());

describe('withLiterals', () => {
  it('writes each value so the database reads back exactly what was given', async () => {
    const tricky = ["O'Brien", 'back\\slash', "\\'; drop table users; --", '%_\\%', 'line\nbreak', '$1 and $2', 'ümlaut ✓'];
    for (const value of tricky) {
      const sql = withLiterals('select $1::text as v, $2::int as n, $3::boolean as b, $4::text as z', [value, 42, true, null]);
      const row = (await db.query<{ v: string; n: number; b: boolean; z: string | null }>(sql)).rows[0]!;
      expect(row).toEqual({ v: value, n: 42, b: true, z: null });
    }
  });

  it('replaces $10 as the tenth parameter, not $1 followed by 0', () => {
    const params = Array.from({ length: 10 }, (_, i) => `p${i + 1}`);
    expect(withLiterals('$1 $10', params)).toBe("E'p1' E'p10'");
  });

  it('refuses a NUL character', () => {
    expect(() => withLiterals('select $1', ['a\u0000b'])).toThrow(/NUL/);
  });
});
