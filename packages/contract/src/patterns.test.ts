import { describe, expect, it } from 'vitest';
import { ajvRegExp, compilePattern, patternProblem, schemaPatterns } from './patterns.ts';

describe('compilePattern', () => {
  it('finds a match anywhere in the text, as RegExp.prototype.test does', () => {
    expect(compilePattern('b+').test('abbbc')).toBe(true);
    expect(compilePattern('^b').test('abc')).toBe(false);
    expect(compilePattern('^(a+)+$').test(`${'a'.repeat(100_000)}!`)).toBe(false);
  });

  it('reads ECMAScript \\u escapes and keeps other escapes', () => {
    expect(compilePattern('^\\u00e9\\u{1F600}$').test('é😀')).toBe(true);
    expect(compilePattern('^\\\\u00e9$').test('\\u00e9')).toBe(true);
    expect(compilePattern('^a\\/b$').test('a/b')).toBe(true);
  });

  it('explains what the engine cannot run', () => {
    expect(patternProblem('(a)\\1')).toBe('Back-references (\\1, \\k<name>) are not supported: patterns run on a linear-time engine');
    expect(patternProblem('(?<n>a)\\k<n>')).toMatch(/^Back-references/);
    expect(patternProblem('a(?=b)')).toMatch(/^Look-ahead and look-behind/);
    expect(patternProblem('(?<=a)b')).toMatch(/^Look-ahead and look-behind/);
    expect(patternProblem('a{2000}')).toMatch(/^Not a valid pattern: invalid repeat count/);
    expect(patternProblem('^[A-Z]{2}\\d{2}$')).toBeNull();
  });
});

describe('ajvRegExp', () => {
  it('answers a pattern object that tests and names itself', () => {
    const rx = ajvRegExp('^(a+)+$', 'u');
    expect(rx.test(`${'a'.repeat(5_000)}!`)).toBe(false);
    expect(rx.test('aaa')).toBe(true);
    expect(String(rx)).not.toBe(String(ajvRegExp('^b$', 'u')));
    expect(() => ajvRegExp('(a)\\1', 'u')).toThrow(/Back-references/);
  });
});

describe('schemaPatterns', () => {
  it('finds pattern keywords and patternProperties names, not values or property names', () => {
    const schema = {
      type: 'object',
      properties: {
        code: { type: 'string', pattern: '^[A-Z]+$' },
        pattern: { type: 'string', default: 'not a keyword', enum: [{ pattern: 'data' }] },
        items: { type: 'array', items: [{ pattern: '^x' }] },
      },
      patternProperties: { '^x-': { type: 'string', pattern: 'y$' } },
      $defs: { pattern: { type: 'string' } },
    };
    expect(schemaPatterns(schema)).toEqual([
      { path: ['properties', 'code', 'pattern'], pattern: '^[A-Z]+$' },
      { path: ['properties', 'items', 'items', '0', 'pattern'], pattern: '^x' },
      { path: ['patternProperties', '^x-'], pattern: '^x-' },
      { path: ['patternProperties', '^x-', 'pattern'], pattern: 'y$' },
    ]);
  });
});
