import { describe, expect, it } from 'vitest';
import { sortQuery } from './common.ts';
import { ORGANIZATION_SORTS } from './list-sorts.ts';

describe("a list's sort", () => {
  const sort = sortQuery(ORGANIZATION_SORTS);

  it('is one of the orders the list takes, or none', () => {
    expect(sort.parse(undefined)).toBeUndefined();
    for (const order of ORGANIZATION_SORTS) expect(sort.parse(order)).toBe(order);
  });

  it('refuses anything else, saying which orders there are', () => {
    for (const bad of ['', 'email', 'NAME', 'constructor', 'toString', '__proto__']) {
      const result = sort.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Sort must be one of: name, -name, created_at, -created_at');
    }
  });
});
