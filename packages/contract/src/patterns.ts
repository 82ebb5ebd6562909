/**
 * Every pattern a user writes (an expression's `matches(value, "pattern")`, a tool schema's `pattern` and
 * `patternProperties`) runs on RE2JS, a linear-time engine: no pattern can make a match take exponential time on an
 * applicant's input, as `^(a+)+$` does in a backtracking engine such as JavaScript's RegExp. The price is RE2's
 * syntax: back-references and look-around cannot run in linear time, so a pattern using them is refused where it is
 * written, with the reason. ECMAScript's `\uXXXX` and `\u{X…}` escapes are read as RE2's `\x{…}`.
 */
import { RE2JS } from 're2js';

/** A compiled pattern: `test` finds a match anywhere in the text, as RegExp.prototype.test does. */
export interface SafePattern {
  test(text: string): boolean;
}

export class PatternError extends Error {
  override readonly name = 'PatternError';
}

const BACK_REFERENCE = /\\(?:[1-9]|k<)/;
const LOOK_AROUND = /\(\?(?:=|!|<=|<!)/;

/** `\uXXXX` and `\u{X…}` (ECMAScript) as `\x{…}` (RE2); every other escape is kept as it is. */
function fromEcmaEscapes(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i]!;
    if (c !== '\\' || i + 1 >= source.length) {
      out += c;
      continue;
    }
    const rest = source.slice(i + 1);
    const unicode = /^u(?:([0-9A-Fa-f]{4})|\{([0-9A-Fa-f]{1,6})\})/.exec(rest);
    if (unicode) {
      out += `\\x{${unicode[1] ?? unicode[2]}}`;
      i += unicode[0].length;
    } else {
      out += c + source[i + 1]!;
      i += 1;
    }
  }
  return out;
}

/** Why the engine cannot run a pattern, in words a person who wrote it understands. */
function explain(source: string, error: unknown): string {
  if (BACK_REFERENCE.test(source)) return 'Back-references (\\1, \\k<name>) are not supported: patterns run on a linear-time engine';
  if (LOOK_AROUND.test(source)) return 'Look-ahead and look-behind ((?=…), (?!…), (?<=…), (?<!…)) are not supported: patterns run on a linear-time engine';
  const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
  return `Not a valid pattern: ${detail}`;
}

const MAX_CACHED = 500;
const cache = new Map<string, SafePattern | PatternError>();

/** Compiles (once per text, cached) a pattern; throws PatternError when the engine cannot run it. */
export function compilePattern(source: string): SafePattern {
  let entry = cache.get(source);
  if (entry === undefined) {
    try {
      const compiled = RE2JS.compile(fromEcmaEscapes(source));
      entry = { test: (text: string) => compiled.test(text) };
    } catch (error) {
      entry = new PatternError(explain(source, error));
    }
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(source, entry);
  }
  if (entry instanceof PatternError) throw entry;
  return entry;
}

/** null when the pattern can run, else why not. */
export function patternProblem(source: string): string | null {
  try {
    compilePattern(source);
    return null;
  } catch (error) {
    if (error instanceof PatternError) return error.message;
    throw error;
  }
}

/**
 * The pattern engine for ajv (its `code.regExp` option), so a JSON Schema's `pattern` keywords run on RE2JS too.
 * ajv keys compiled patterns by `toString()`, so each answers its own text. `code` is only read by ajv's standalone
 * code generation, which this product does not use.
 */
export const ajvRegExp = Object.assign(
  (pattern: string, flags: string): SafePattern & { toString(): string } => {
    const compiled = compilePattern(pattern);
    return { test: (text: string) => compiled.test(text), toString: () => `re2/${flags}/${pattern}` };
  },
  { code: 'ajvRegExp' },
);

/** Keywords whose value maps names to subschemas (the names are not keywords). */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'definitions', 'dependentSchemas', 'patternProperties']);
/** Keywords whose value is data, not a schema: a "pattern" inside them is just a value. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

/** Where a JSON Schema document holds patterns: each `pattern` value and `patternProperties` key, with its path. */
export function schemaPatterns(schema: unknown, path: string[] = []): { path: string[]; pattern: string }[] {
  if (schema === null || typeof schema !== 'object') return [];
  if (Array.isArray(schema)) return schema.flatMap((item, i) => schemaPatterns(item, [...path, String(i)]));
  const found: { path: string[]; pattern: string }[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (DATA_KEYWORDS.has(key)) continue;
    if (key === 'pattern') {
      if (typeof value === 'string') found.push({ path: [...path, key], pattern: value });
    } else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [name, sub] of Object.entries(value)) {
        if (key === 'patternProperties') found.push({ path: [...path, key, name], pattern: name });
        found.push(...schemaPatterns(sub, [...path, key, name]));
      }
    } else {
      found.push(...schemaPatterns(value, [...path, key]));
    }
  }
  return found;
}
