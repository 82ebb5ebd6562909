/**
 * The input rule every request obeys (DESIGN §4, ADR 0019): the limits, the messages, the text and nesting
 * check, and the one explicit way for a schema to take an open JSON document. The server applies them at its
 * edge; the web forms read the same numbers and messages.
 */
import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column: a number the API stores or compares with one stays below it. */
export const INT4_MAX = 2_147_483_647;

export const INPUT_LIMITS = {
  /** Deepest nesting of objects and arrays anywhere in a request (body, query). */
  jsonDepth: 32,
  /** Open JSON documents (step configs, tool input and config, application data): nesting and size as JSON. */
  openJsonDepth: 16,
  openJsonBytes: 256 * 1024,
  openJsonKeyLength: 200,
  openJsonProperties: 500,
  /** Problems named in one answer at most (a body with ten thousand bad strings gets the first ones). */
  reportedProblems: 20,
} as const;

export const INPUT_MESSAGES = {
  unknownField: 'Unknown field',
  unknownQueryParameter: 'Unknown query parameter',
  noBody: 'This operation takes no request body',
  notWellFormed: 'Text is not well-formed Unicode (it holds a lone surrogate)',
  nul: 'Text must not contain NUL (\\u0000) characters',
  tooDeep: (levels: number) => `Nested more than ${levels} levels deep`,
  tooLarge: (bytes: number) => `Larger than ${bytes} bytes as JSON`,
  /** The first words of `detail` for a request refused as a whole (400) and for a field that breaks a rule (422). */
  malformedRequest: 'Malformed request',
} as const;

export interface InputProblem {
  /** Where, as a dotted path (`steps.3.config.url`); object keys that are themselves the problem end the path. */
  path: (string | number)[];
  message: string;
}

// With the `u` flag a surrogate pair is one code point above U+FFFF, so only a lone surrogate matches.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
// One pass finds either fault; most text has neither. (U+0000: PostgreSQL text and jsonb cannot hold it.)
// eslint-disable-next-line no-control-regex -- NUL is one of the characters looked for
const SUSPECT = /[\uD800-\uDFFF\u0000]/u;

function textProblem(text: string): string | null {
  if (!SUSPECT.test(text)) return null;
  return LONE_SURROGATE.test(text) ? INPUT_MESSAGES.notWellFormed : INPUT_MESSAGES.nul;
}

/** A key or path segment made printable in an answer (a lone surrogate becomes U+FFFD). */
function printable(key: string): string {
  return key.replace(/[\uD800-\uDFFF]/gu, '\uFFFD');
}

/** A place in the walk; the path is built from the parents only when a problem is found there. */
interface Frame {
  value: unknown;
  key: string | number;
  parent: Frame | null;
  depth: number;
}

function pathOf(frame: Frame): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Frame | null = frame; at?.parent; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Strings (values and keys) that are not well-formed Unicode or hold NUL, and nesting deeper than `maxDepth`
 * containers, anywhere in a parsed JSON value. Walks without recursion, stops descending at the depth limit and
 * after `limit` problems, so a hostile document costs no more than its size.
 */
export function findInputProblems(value: unknown, maxDepth: number = INPUT_LIMITS.jsonDepth, limit: number = INPUT_LIMITS.reportedProblems): InputProblem[] {
  const problems: InputProblem[] = [];
  const stack: Frame[] = [{ value, key: '', parent: null, depth: 0 }];
  while (stack.length > 0 && problems.length < limit) {
    const frame = stack.pop()!;
    const item = frame.value;
    if (typeof item === 'string') {
      const message = textProblem(item);
      if (message) problems.push({ path: pathOf(frame), message });
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (frame.depth >= maxDepth) {
      problems.push({ path: pathOf(frame), message: INPUT_MESSAGES.tooDeep(maxDepth) });
      continue;
    }
    const depth = frame.depth + 1;
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i -= 1) stack.push({ value: item[i], key: i, parent: frame, depth });
      continue;
    }
    const keys = Object.keys(item);
    for (const key of keys) {
      const message = textProblem(key);
      if (message) problems.push({ path: [...pathOf(frame), printable(key)], message });
    }
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i]!;
      if (!SUSPECT.test(key)) stack.push({ value: (item as Record<string, unknown>)[key], key, parent: frame, depth });
    }
  }
  return problems.slice(0, limit);
}

/** How many containers deep a JSON value nests (a string is 0, `{}` is 1, `{"a":[1]}` is 2). */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

export interface OpenJsonOptions {
  /** What the document is, for the API's readers. */
  description: string;
  maxDepth?: number;
  maxBytes?: number;
  maxProperties?: number;
}

/**
 * The one way a request schema takes an open JSON object (any keys, any values): the edge makes every other
 * object strict. It still has limits: nesting, size as JSON, top-level properties and key length, stated in the
 * OpenAPI document (`x-open-json`, `x-max-depth`, `x-max-bytes`, `maxProperties`).
 */
export function openJsonObject({
  description,
  maxDepth = INPUT_LIMITS.openJsonDepth,
  maxBytes = INPUT_LIMITS.openJsonBytes,
  maxProperties = INPUT_LIMITS.openJsonProperties,
}: OpenJsonOptions) {
  return z
    .record(z.string().max(INPUT_LIMITS.openJsonKeyLength), z.unknown())
    .superRefine((value, ctx) => {
      if (Object.keys(value).length > maxProperties) ctx.addIssue({ code: 'custom', message: `At most ${maxProperties} properties` });
      if (jsonDepth(value) > maxDepth) ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.tooDeep(maxDepth) });
      else if (new TextEncoder().encode(JSON.stringify(value)).length > maxBytes) ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.tooLarge(maxBytes) });
    })
    .meta({ description, maxProperties, 'x-open-json': true, 'x-max-depth': maxDepth, 'x-max-bytes': maxBytes });
}

/**
 * A JSON object with keys and values of given kinds (secret name → value), at most `maxEntries` of them, stated
 * in the OpenAPI document as `maxProperties`.
 */
export function boundedRecord<K extends z.ZodType<string, string>, V extends z.ZodType>(key: K, value: V, maxEntries: number) {
  return z
    .record(key, value)
    .refine((record) => Object.keys(record).length <= maxEntries, `At most ${maxEntries} entries`)
    .meta({ maxProperties: maxEntries });
}

/**
 * The most characters a text field takes, read from its schema (through optional, default and pipe), so a
 * form's `maxLength` is the limit the server applies.
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  let current: z.ZodType | undefined = schema;
  while (current) {
    const def = current._zod.def as unknown as { type: string; in?: z.ZodType; innerType?: z.ZodType };
    if (def.type === 'string') return (current as unknown as { maxLength: number | null }).maxLength ?? undefined;
    current = def.type === 'pipe' ? def.in : def.innerType;
  }
  return undefined;
}
