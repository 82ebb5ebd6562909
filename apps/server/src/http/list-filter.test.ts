import { describe, expect, it } from 'vitest';
import { build, sql } from '../db/sql.ts';
import { containsPattern, escapeLike, textCondition } from './list-filter.ts';

describe('list filter pieces', () => {
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
