import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkExpression, evaluateCondition, evaluateExpression, ExpressionError, expressionRoots, parseExpression } from './expression.ts';

const data = {
  applicant: { age: 34, country: 'DE', email: 'Ada@Example.com', dob: '1990-05-01', tags: ['vip', 'returning'] },
  documents: [{ type: 'passport' }],
  income: 52000,
  flags: {},
};
const scope = { data };
const cond = (s: string) => evaluateCondition(s, scope);

describe('condition language', () => {
  it('compares numbers and strings', () => {
    expect(cond('data.applicant.age >= 18')).toBe(true);
    expect(cond('data.applicant.age < 18')).toBe(false);
    expect(cond('data.applicant.country == "DE"')).toBe(true);
    expect(cond("data.applicant.country != 'FR'")).toBe(true);
  });

  it('combines with and/or/not and their symbols, with precedence', () => {
    expect(cond('data.applicant.age > 18 and data.income > 50000')).toBe(true);
    expect(cond('data.applicant.age > 40 || data.income > 50000')).toBe(true);
    expect(cond('not data.applicant.age > 40')).toBe(true);
    expect(cond('!(data.income > 1) && true')).toBe(false);
    expect(cond('false or true and false')).toBe(false);
  });

  it('supports in, contains, startsWith, endsWith and lists', () => {
    expect(cond('data.applicant.country in ["DE", "FR"]')).toBe(true);
    expect(cond('data.applicant.tags contains "vip"')).toBe(true);
    expect(cond('lower(data.applicant.email) endsWith "@example.com"')).toBe(true);
    expect(cond('data.applicant.email startsWith "Ada"')).toBe(true);
  });

  it('reads array indexes and missing fields safely', () => {
    expect(cond('data.documents[0].type == "passport"')).toBe(true);
    expect(cond('data.missing.deeper == null')).toBe(true);
    expect(cond('exists(data.missing)')).toBe(false);
    expect(cond('len(data.documents) == 1')).toBe(true);
    expect(cond('empty(data.flags.nothing)')).toBe(true);
  });

  it('does arithmetic and functions', () => {
    expect(evaluateExpression(parseExpression('data.income / 12'), scope)).toBeCloseTo(4333.33, 1);
    expect(evaluateExpression(parseExpression('round(data.income * 0.3, 1)'), scope)).toBe(15600);
    expect(evaluateExpression(parseExpression('-data.applicant.age + 4'), scope)).toBe(-30);
    expect(cond('years_since(data.applicant.dob) >= 18')).toBe(true);
    expect(cond('matches(data.applicant.country, "^[A-Z]{2}$")')).toBe(true);
    expect(evaluateExpression(parseExpression('1 / 0'), scope)).toBeNull();
  });

  it('never reaches prototypes or globals', () => {
    expect(evaluateExpression(parseExpression('data.constructor'), scope)).toBeUndefined();
    expect(evaluateExpression(parseExpression('data["__proto__"]'), scope)).toBeUndefined();
    expect(evaluateExpression(parseExpression('process.env'), scope)).toBeUndefined();
    expect(() => parseExpression('eval("1")')).toThrow(/Unknown function "eval"/);
  });

  it('reports syntax errors with their position', () => {
    expect(checkExpression('data.age >')).toMatch(/ends too early/);
    expect(checkExpression('data.age >= 18)')).toMatch(/Unexpected "\)" \(at character 15\)/);
    expect(checkExpression('"open')).toMatch(/Unterminated string/);
    expect(checkExpression('data.age # 3')).toMatch(/Unexpected character "#"/);
    expect(checkExpression('')).toMatch(/empty/);
    expect(checkExpression('len(1, 2)')).toMatch(/takes 1 argument/);
    expect(checkExpression('data.age >= 18')).toBeNull();
  });

  it('lists the names an expression reads', () => {
    expect([...expressionRoots(parseExpression('data.a > 1 and len(steps.x) == 2'))].sort()).toEqual(['data', 'steps']);
  });

  it('refuses pathological input instead of overflowing the stack', () => {
    expect(() => parseExpression('('.repeat(500) + '1' + ')'.repeat(500))).toThrow(ExpressionError);
    expect(() => parseExpression('x'.repeat(3000))).toThrow(/longer than/);
  });

  it('never throws anything but ExpressionError on arbitrary text, and evaluation never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        try {
          const tree = parseExpression(text);
          evaluateExpression(tree, scope);
        } catch (err) {
          expect(err).toBeInstanceOf(ExpressionError);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('patterns in matches()', () => {
  // Exponential in a backtracking engine (JavaScript's RegExp): 29 × "a" + "!" takes seconds, 5,000 never ends. On
  // the linear-time engine each answers at once; this file's 5 s test timeout is what proves it.
  const ATTACKS: [string, string][] = [
    ['^(a+)+$', 'a'],
    ['^(a|a)+$', 'a'],
    ['^(a|aa)+$', 'a'],
    ['^(\\w+\\s?)*$', 'a'],
    ['^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$', 'a'],
  ];

  it.each(ATTACKS)('answers %s on the attack input (29 and 5,000 characters and a "!") without backtracking', (pattern, unit) => {
    const expression = parseExpression(`matches(input.s, ${JSON.stringify(pattern)})`);
    for (const length of [29, 5_000]) {
      expect(evaluateExpression(expression, { input: { s: `${unit.repeat(length)}!` } })).toBe(false);
      expect(evaluateExpression(expression, { input: { s: unit.repeat(length) } })).toBe(pattern !== ATTACKS[4]![0]);
    }
  });

  it('answers a pattern read from the data on the same engine', () => {
    expect(evaluateCondition('matches(data.s, data.p)', { data: { s: `${'a'.repeat(5_000)}!`, p: '^(a+)+$' } })).toBe(false);
    expect(evaluateCondition('matches(data.s, data.p)', { data: { s: 'aaa', p: '^(a+)+$' } })).toBe(true);
    // One the engine cannot run never matches.
    expect(evaluateCondition('matches(data.s, data.p)', { data: { s: 'aa', p: '(a)\\1' } })).toBe(false);
  });

  it('keeps the usual syntax: classes, quantifiers, groups, flags and \\u escapes', () => {
    expect(cond('matches(data.applicant.email, "^[a-z]+@[^@\\\\s]+\\\\.[a-z]{2,}$")')).toBe(false);
    expect(cond('matches(data.applicant.email, "(?i)^[a-z]+@[^@\\\\s]+\\\\.[a-z]{2,}$")')).toBe(true);
    expect(cond('matches(data.applicant.dob, "^\\\\d{4}-(?<month>\\\\d{2})-\\\\d{2}$")')).toBe(true);
    expect(evaluateCondition('matches(data.name, "^Ren\\\\u00e9$")', { data: { name: 'René' } })).toBe(true);
  });

  it('refuses, where the expression is written, a pattern the linear-time engine cannot run', () => {
    expect(checkExpression('matches(input.s, "(a+)\\\\1")')).toBe(
      'matches(): Back-references (\\1, \\k<name>) are not supported: patterns run on a linear-time engine (at character 18)',
    );
    expect(checkExpression('matches(input.s, "^(?=.*\\\\d).{8,}$")')).toMatch(/^matches\(\): Look-ahead and look-behind .* are not supported/);
    expect(checkExpression('matches(input.s, "(?<!x)y")')).toMatch(/^matches\(\): Look-ahead and look-behind/);
    expect(checkExpression('matches(input.s, "[a-")')).toMatch(/^matches\(\): Not a valid pattern: missing closing \]/);
    expect(checkExpression(`matches(input.s, "${'a'.repeat(201)}")`)).toBe('matches() takes a pattern of at most 200 characters (at character 18)');
    expect(checkExpression('matches(input.s, input.pattern)')).toBeNull();
  });
});
