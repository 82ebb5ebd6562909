import { describe, expect, it } from 'vitest';
import { build, sql } from '../db/sql.ts';
import { assertSort, containsPattern, escapeLike, textCondition } from './list-filter.ts';
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

  it('gives the trigram index the rare piece alone and checks the whole text on the rows it finds', () => {
    expect(build(textCondition(sql`t.text`, 'mary_smith', null))).toEqual({ text: 't.text ilike $1', values: ['%mary\\_smith%'] });
    expect(build(textCondition(sql`t.text`, 'mary smith', 'smi'))).toEqual({
      text: "(t.text ilike $1 and (t.text || '') ilike $2)",
      values: ['%smi%', '%mary smith%'],
    });
  });

  it('takes LIKE wildcards literally', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
  });
});
