/**
 * The condition language of workflow steps (DESIGN §6: a safe expression language, never `eval`).
 *
 *   data.applicant.age >= 18 and data.country in ["DE", "FR"]
 *   not exists(data.documents) or len(data.documents) == 0
 *   lower(data.email) endsWith "@example.com"   -- see FUNCTIONS for the calls
 *
 * Grammar (lowest precedence first):
 *   or      := and ( ("or" | "||") and )*
 *   and     := not ( ("and" | "&&") not )*
 *   not     := ("not" | "!") not | compare
 *   compare := sum ( ("==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "contains" | "startsWith" | "endsWith") sum )?
 *   sum     := product ( ("+" | "-") product )*
 *   product := unary ( ("*" | "/" | "%") unary )*
 *   unary   := "-" unary | primary
 *   primary := number | string | true | false | null | list | path | call | "(" or ")"
 *   path    := identifier ( "." identifier | "[" (number | string) "]" )*
 *   call    := identifier "(" ( or ( "," or )* )? ")"
 */

import { compilePattern, patternProblem } from '../patterns.ts';

export type Expr =
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'list'; items: Expr[] }
  | { kind: 'path'; segments: (string | number)[] }
  | { kind: 'call'; name: string; args: Expr[] }
  | { kind: 'unary'; op: '-' | 'not'; operand: Expr }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr };

type BinaryOp = 'or' | 'and' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'contains' | 'startsWith' | 'endsWith' | '+' | '-' | '*' | '/' | '%';

export class ExpressionError extends Error {
  readonly position: number;
  constructor(message: string, position: number) {
    super(`${message} (at character ${position + 1})`);
    this.position = position;
  }
}

type Token =
  | { type: 'number'; value: number; pos: number }
  | { type: 'string'; value: string; pos: number }
  | { type: 'ident'; value: string; pos: number }
  | { type: 'op'; value: string; pos: number }
  | { type: 'end'; pos: number };

const MAX_LENGTH = 2000;
const MAX_DEPTH = 64;
const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '+', '-', '*', '/', '%', '(', ')', '[', ']', ',', '.'];
const WORD_OPERATORS = new Set(['and', 'or', 'not', 'in', 'contains', 'startsWith', 'endsWith']);

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(source.slice(i))!;
      tokens.push({ type: 'number', value: Number(m[0]), pos: i });
      i += m[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let value = '';
      while (j < source.length && source[j] !== c) {
        if (source[j] === '\\' && j + 1 < source.length) {
          const next = source[j + 1]!;
          value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
          j += 2;
        } else {
          value += source[j];
          j += 1;
        }
      }
      if (j >= source.length) throw new ExpressionError('Unterminated string', i);
      tokens.push({ type: 'string', value, pos: i });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(source.slice(i))!;
      tokens.push({ type: WORD_OPERATORS.has(m[0]) ? 'op' : 'ident', value: m[0], pos: i });
      i += m[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (!op) throw new ExpressionError(`Unexpected character "${c}"`, i);
    tokens.push({ type: 'op', value: op, pos: i });
    i += op.length;
  }
  tokens.push({ type: 'end', pos: source.length });
  return tokens;
}

/** Parses an expression into its syntax tree; throws ExpressionError with the position of the problem. */
export function parseExpression(source: string): Expr {
  if (source.length > MAX_LENGTH) throw new ExpressionError(`Expression is longer than ${MAX_LENGTH} characters`, MAX_LENGTH);
  if (source.trim() === '') throw new ExpressionError('Expression is empty', 0);
  const tokens = tokenize(source);
  let at = 0;
  let depth = 0;
  const peek = () => tokens[at]!;
  const isOp = (...values: string[]) => {
    const t = peek();
    return t.type === 'op' && values.includes(t.value);
  };
  const expectOp = (value: string) => {
    const t = peek();
    if (t.type !== 'op' || t.value !== value) throw new ExpressionError(`Expected "${value}"`, t.pos);
    at += 1;
  };
  const nested = <T>(fn: () => T): T => {
    depth += 1;
    if (depth > MAX_DEPTH) throw new ExpressionError('Expression is nested too deeply', peek().pos);
    try {
      return fn();
    } finally {
      depth -= 1;
    }
  };

  const binaryLevel = (next: () => Expr, ops: Record<string, BinaryOp>) => (): Expr => {
    let left = next();
    while (peek().type === 'op' && (peek() as { value: string }).value in ops) {
      const op = ops[(peek() as { value: string }).value]!;
      at += 1;
      left = { kind: 'binary', op, left, right: next() };
    }
    return left;
  };

  const primary = (): Expr =>
    nested(() => {
      const t = peek();
      if (t.type === 'number' || t.type === 'string') {
        at += 1;
        return { kind: 'literal', value: t.value };
      }
      if (t.type === 'op' && t.value === '(') {
        at += 1;
        const inner = or();
        expectOp(')');
        return inner;
      }
      if (t.type === 'op' && t.value === '[') {
        at += 1;
        const items: Expr[] = [];
        if (!isOp(']')) {
          items.push(or());
          while (isOp(',')) {
            at += 1;
            items.push(or());
          }
        }
        expectOp(']');
        return { kind: 'list', items };
      }
      if (t.type === 'ident') {
        at += 1;
        if (t.value === 'true' || t.value === 'false') return { kind: 'literal', value: t.value === 'true' };
        if (t.value === 'null') return { kind: 'literal', value: null };
        if (isOp('(')) {
          if (!Object.hasOwn(FUNCTIONS, t.value)) throw new ExpressionError(`Unknown function "${t.value}"`, t.pos);
          at += 1;
          const args: Expr[] = [];
          const positions: number[] = [];
          if (!isOp(')')) {
            positions.push(peek().pos);
            args.push(or());
            while (isOp(',')) {
              at += 1;
              positions.push(peek().pos);
              args.push(or());
            }
          }
          expectOp(')');
          const fn = FUNCTIONS[t.value]!;
          if (args.length < fn.min || args.length > fn.max) {
            throw new ExpressionError(`${t.value}() takes ${fn.min === fn.max ? fn.min : `${fn.min}–${fn.max}`} argument(s)`, t.pos);
          }
          if (t.value === 'matches') checkLiteralPattern(args[1]!, positions[1]!);
          return { kind: 'call', name: t.value, args };
        }
        const segments: (string | number)[] = [t.value];
        while (isOp('.', '[')) {
          const sep = peek() as { value: string };
          at += 1;
          if (sep.value === '.') {
            const name = peek();
            if (name.type !== 'ident') throw new ExpressionError('Expected a field name after "."', name.pos);
            segments.push(name.value);
            at += 1;
          } else {
            const key = peek();
            if (key.type !== 'number' && key.type !== 'string') throw new ExpressionError('Expected a number or string inside [ ]', key.pos);
            segments.push(key.value);
            at += 1;
            expectOp(']');
          }
        }
        return { kind: 'path', segments };
      }
      if (t.type === 'end') throw new ExpressionError('Expression ends too early', t.pos);
      throw new ExpressionError(`Unexpected "${t.value}"`, t.pos);
    });

  const unary = (): Expr =>
    nested(() => {
      if (isOp('-')) {
        at += 1;
        return { kind: 'unary', op: '-', operand: unary() };
      }
      return primary();
    });
  const product = binaryLevel(unary, { '*': '*', '/': '/', '%': '%' });
  const sum = binaryLevel(product, { '+': '+', '-': '-' });
  const compare = (): Expr => {
    const left = sum();
    const ops = ['==', '!=', '<', '<=', '>', '>=', 'in', 'contains', 'startsWith', 'endsWith'];
    if (isOp(...ops)) {
      const op = (peek() as { value: string }).value as BinaryOp;
      at += 1;
      return { kind: 'binary', op, left, right: sum() };
    }
    return left;
  };
  const not = (): Expr =>
    nested(() => {
      if (isOp('not', '!')) {
        at += 1;
        return { kind: 'unary', op: 'not', operand: not() };
      }
      return compare();
    });
  const and = binaryLevel(not, { and: 'and', '&&': 'and' });
  const or: () => Expr = binaryLevel(and, { or: 'or', '||': 'or' });

  const tree = or();
  if (peek().type !== 'end') throw new ExpressionError(`Unexpected "${(peek() as { value: string }).value}"`, peek().pos);
  return tree;
}

/** The longest pattern `matches` takes. */
export const MATCHES_PATTERN_MAX = 200;

/** A pattern written into the expression is checked when the expression is (a pattern read from data, when it runs). */
function checkLiteralPattern(arg: Expr, position: number) {
  if (arg.kind !== 'literal' || typeof arg.value !== 'string') return;
  if (arg.value.length > MATCHES_PATTERN_MAX) throw new ExpressionError(`matches() takes a pattern of at most ${MATCHES_PATTERN_MAX} characters`, position);
  const problem = patternProblem(arg.value);
  if (problem) throw new ExpressionError(`matches(): ${problem}`, position);
}

type Value = unknown;

const FUNCTIONS: Record<string, { min: number; max: number; fn: (...args: Value[]) => Value }> = {
  len: { min: 1, max: 1, fn: (v) => (typeof v === 'string' || Array.isArray(v) ? v.length : v && typeof v === 'object' ? Object.keys(v).length : 0) },
  lower: { min: 1, max: 1, fn: (v) => (typeof v === 'string' ? v.toLowerCase() : v) },
  upper: { min: 1, max: 1, fn: (v) => (typeof v === 'string' ? v.toUpperCase() : v) },
  trim: { min: 1, max: 1, fn: (v) => (typeof v === 'string' ? v.trim() : v) },
  exists: { min: 1, max: 1, fn: (v) => v !== undefined && v !== null },
  empty: { min: 1, max: 1, fn: (v) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) },
  number: {
    min: 1,
    max: 1,
    fn: (v) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null),
  },
  string: { min: 1, max: 1, fn: (v) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)) },
  abs: { min: 1, max: 1, fn: (v) => (typeof v === 'number' ? Math.abs(v) : null) },
  round: { min: 1, max: 2, fn: (v, d) => (typeof v === 'number' ? Number(v.toFixed(typeof d === 'number' ? Math.max(0, Math.min(10, d)) : 0)) : null) },
  min: { min: 1, max: 10, fn: (...vs) => (vs.every((v) => typeof v === 'number') ? Math.min(...(vs as number[])) : null) },
  max: { min: 1, max: 10, fn: (...vs) => (vs.every((v) => typeof v === 'number') ? Math.max(...(vs as number[])) : null) },
  /** Whole years between an ISO date and now (age from a date of birth). */
  years_since: {
    min: 1,
    max: 1,
    fn: (v) => {
      const d = typeof v === 'string' ? new Date(v) : null;
      if (!d || Number.isNaN(d.getTime())) return null;
      const now = new Date();
      let years = now.getUTCFullYear() - d.getUTCFullYear();
      if (now.getUTCMonth() < d.getUTCMonth() || (now.getUTCMonth() === d.getUTCMonth() && now.getUTCDate() < d.getUTCDate())) years -= 1;
      return years;
    },
  },
  /**
   * Whether a pattern matches anywhere in the text (its first 10,000 characters), on the linear-time engine of
   * patterns.ts. A pattern the engine cannot run never matches (one written into the expression is refused earlier).
   */
  matches: {
    min: 2,
    max: 2,
    fn: (v, pattern) => {
      if (typeof v !== 'string' || typeof pattern !== 'string' || pattern.length > MATCHES_PATTERN_MAX) return false;
      try {
        return compilePattern(pattern).test(v.slice(0, 10_000));
      } catch {
        return false;
      }
    },
  },
};

export const EXPRESSION_FUNCTIONS = Object.keys(FUNCTIONS);

function equal(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a === undefined) return b === null;
  if (b === undefined) return a === null;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  return false;
}

function compareValues(op: '<' | '<=' | '>' | '>=', a: Value, b: Value): boolean {
  const bothNumbers = typeof a === 'number' && typeof b === 'number';
  const bothStrings = typeof a === 'string' && typeof b === 'string';
  if (!bothNumbers && !bothStrings) return false;
  const x = a as number | string;
  const y = b as number | string;
  switch (op) {
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    case '>=':
      return x >= y;
  }
}

function truthy(v: Value): boolean {
  return !(v === undefined || v === null || v === false || v === 0 || v === '' || Number.isNaN(v));
}

function lookup(scope: Record<string, unknown>, segments: (string | number)[]): Value {
  let current: unknown = scope;
  for (const s of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    const key = String(s);
    if (!Object.hasOwn(current, key)) return undefined; // never reaches prototypes (constructor, __proto__)
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Evaluates a parsed expression against a scope (e.g. `{ data: applicationData }`); never throws on data shape. */
export function evaluateExpression(expr: Expr, scope: Record<string, unknown>): Value {
  switch (expr.kind) {
    case 'literal':
      return expr.value;
    case 'list':
      return expr.items.map((i) => evaluateExpression(i, scope));
    case 'path':
      return lookup(scope, expr.segments);
    case 'call':
      return FUNCTIONS[expr.name]!.fn(...expr.args.map((a) => evaluateExpression(a, scope)));
    case 'unary': {
      const v = evaluateExpression(expr.operand, scope);
      return expr.op === 'not' ? !truthy(v) : typeof v === 'number' ? -v : null;
    }
    case 'binary': {
      if (expr.op === 'and') return truthy(evaluateExpression(expr.left, scope)) && truthy(evaluateExpression(expr.right, scope));
      if (expr.op === 'or') return truthy(evaluateExpression(expr.left, scope)) || truthy(evaluateExpression(expr.right, scope));
      const a = evaluateExpression(expr.left, scope);
      const b = evaluateExpression(expr.right, scope);
      switch (expr.op) {
        case '==':
          return equal(a, b);
        case '!=':
          return !equal(a, b);
        case '<':
        case '<=':
        case '>':
        case '>=':
          return compareValues(expr.op, a, b);
        case 'in':
          return Array.isArray(b) ? b.some((x) => equal(x, a)) : typeof b === 'string' && typeof a === 'string' ? b.includes(a) : false;
        case 'contains':
          return Array.isArray(a) ? a.some((x) => equal(x, b)) : typeof a === 'string' && typeof b === 'string' ? a.includes(b) : false;
        case 'startsWith':
          return typeof a === 'string' && typeof b === 'string' && a.startsWith(b);
        case 'endsWith':
          return typeof a === 'string' && typeof b === 'string' && a.endsWith(b);
        case '+':
          if (typeof a === 'number' && typeof b === 'number') return a + b;
          if (typeof a === 'string' && typeof b === 'string') return a + b;
          return null;
        case '-':
        case '*':
        case '/':
        case '%': {
          if (typeof a !== 'number' || typeof b !== 'number') return null;
          if ((expr.op === '/' || expr.op === '%') && b === 0) return null;
          return expr.op === '-' ? a - b : expr.op === '*' ? a * b : expr.op === '/' ? a / b : a % b;
        }
      }
    }
  }
}

/** Evaluates a condition: the expression's result as a boolean. */
export function evaluateCondition(source: string | Expr, scope: Record<string, unknown>): boolean {
  return truthy(evaluateExpression(typeof source === 'string' ? parseExpression(source) : source, scope));
}

/** Checks an expression; returns null when valid, or the problem to show the user. */
export function checkExpression(source: string): string | null {
  try {
    parseExpression(source);
    return null;
  } catch (err) {
    return err instanceof ExpressionError ? err.message : 'Invalid expression';
  }
}

/** The top-level names an expression reads (e.g. `data`), so callers can check they exist. */
export function expressionRoots(expr: Expr): Set<string> {
  const roots = new Set<string>();
  const walk = (e: Expr) => {
    if (e.kind === 'path') roots.add(String(e.segments[0]));
    else if (e.kind === 'list') e.items.forEach(walk);
    else if (e.kind === 'call') e.args.forEach(walk);
    else if (e.kind === 'unary') walk(e.operand);
    else if (e.kind === 'binary') {
      walk(e.left);
      walk(e.right);
    }
  };
  walk(expr);
  return roots;
}
