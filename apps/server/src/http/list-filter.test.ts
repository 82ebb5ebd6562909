import { describe, expect, it } from 'vitest';
import { assertSort, containsPattern, escapeLike, sqlConditions } from './list-filter.ts';
import { HttpError } from './errors.ts';

describe('list filter pieces', () => {
  const SORTS = { name: 'lower(name) asc', '-name': 'lower(name) desc' };

  it('accepts no sort or a known one, and refuses any other with a 422 on `sort`', () => {
    expect(() => assertSort(SORTS, undefined)).not.toThrow();
    expect(() => assertSort(SORTS, '-name')).not.toThrow();
    for (const bad of ['', 'email', 'constructor', 'toString']) {
      const err = (() => {
        try {
          assertSort(SORTS, bad, ['name', '-name', 'extra']);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).statusCode).toBe(422);
      expect((err as HttpError).message).toBe('Sort must be one of: name, -name, extra');
    }
    expect(() => assertSort(SORTS, 'x')).toThrow('Sort must be one of: name, -name');
  });

  it('numbers placeholders in the order values are bound', () => {
    const { where, params, bind } = sqlConditions();
    where.push(`a = ${bind(1)}`, `b = ${bind('two')}`);
    expect(where).toEqual(['a = $1', 'b = $2']);
    expect(params).toEqual([1, 'two']);
  });

  it('takes LIKE wildcards literally', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
  });
});
