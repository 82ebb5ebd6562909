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
  conversionKey: 'A key named toString or valueOf is not accepted',
  tooDeep: (levels: number) => `Nested more than ${levels} levels deep`,
  tooLarge: (bytes: number) => `Larger than ${bytes} bytes as JSON`,
  /** The first words of `detail` for a request refused as a whole (400) and for a field that breaks a rule (422). */
  malformedRequest: 'Malformed request',
  notAnInteger: 'Expected a whole number written in decimal digits (0-9)',
  outOfRange: (min: number, max: number) => `Expected a whole number from ${min} to ${max}`,
  notDate: 'Expected a date as YYYY-MM-DD (year 0001 to 9999)',
  notDateOrDateTime:
    'Expected a date (YYYY-MM-DD) or an ISO 8601 date-time with seconds and a time zone (Z, or an offset from -15:59 to +15:59), year 0001 to 9999',
  notDateTime: 'Expected an ISO 8601 date-time with seconds and a time zone (Z, or an offset from -15:59 to +15:59), year 0001 to 9999',
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

/**
 * Keys that replace how JavaScript turns an object into text or a number: `{"length": {"toString": false}}` makes any
 * comparison of it throw (a schema checking a string's length, given that object instead, would end in a 500).
 * Refused like the keys the JSON parser refuses (`__proto__`, `constructor`, `prototype`).
 */
const CONVERSION_KEYS: ReadonlySet<string> = new Set(['toString', 'valueOf']);

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
      const message = textProblem(key) ?? (CONVERSION_KEYS.has(key) ? INPUT_MESSAGES.conversionKey : null);
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
  /**
   * What the server checks the document against, in words, when it does (a step's or tool's config against its
   * type's config schema): stated in the document as `x-checked-against`.
   */
  checkedAgainst?: string;
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
  checkedAgainst,
}: OpenJsonOptions) {
  return z
    .record(z.string().max(INPUT_LIMITS.openJsonKeyLength), z.unknown())
    .superRefine((value, ctx) => {
      if (Object.keys(value).length > maxProperties) ctx.addIssue({ code: 'custom', message: `At most ${maxProperties} properties` });
      if (jsonDepth(value) > maxDepth) ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.tooDeep(maxDepth) });
      else if (new TextEncoder().encode(JSON.stringify(value)).length > maxBytes) ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.tooLarge(maxBytes) });
    })
    .meta({
      description,
      maxProperties,
      'x-open-json': true,
      'x-max-depth': maxDepth,
      'x-max-bytes': maxBytes,
      ...(checkedAgainst === undefined ? {} : { 'x-checked-against': checkedAgainst }),
    });
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

/**
 * What a time-zone field takes, in the OpenAPI document's words (`x-time-zone`). Not an enum of names: the server
 * checks a name with its JavaScript runtime (`new Intl.DateTimeFormat('en-US', { timeZone })`), which takes every IANA
 * name and alias in any case (UTC, Etc/UTC, US/Eastern, europe/berlin), whereas `Intl.supportedValuesOf('timeZone')`
 * lists canonical names only (418 on Node 24, UTC, the default, not among them); and both follow the ICU time-zone
 * database of the server's Node, which changes between releases. An enum would refuse names the server takes and
 * differ from one server to the next.
 */
export const TIME_ZONE_RULE =
  "An IANA time-zone name, or an alias of one, that the server's time-zone database knows, in any case: Europe/Berlin, America/New_York, UTC, Etc/GMT+5 " +
  "(JavaScript's Intl.supportedValuesOf('timeZone') lists the canonical names); not an offset such as +05:30. Refused with 422 otherwise: \"Unknown time zone\".";

/**
 * A value only the server makes (a list's keyset cursor), as the OpenAPI document says it (`x-issued-by-server`): a
 * client sends back what an answer gave it; the document cannot give one.
 */
export const CURSOR_RULE =
  'The `next_cursor` of this list\'s previous answer, sent back unchanged with the same filters and sort; any other value is refused with 422 on `cursor` ("This cursor does not belong to this list …")';

/** zod's own words for `.min(1)` on a string: what a field without a message of its own answered for "" (and still does). */
const TOO_SHORT_TEXT = 'Too small: expected string to have >=1 characters';

/**
 * Text that must hold more than white space, trimmed. "" and "   " are refused with `message` alone (one issue, as
 * `.trim().min(1, message)` gave), and the OpenAPI document says so: `pattern: "\\S"` (at least one character that is
 * not white space; JavaScript's `\s` is the set `trim()` removes). A `minLength: 1` would let "   " through. Chain
 * `.max(n)` after it: the maximum counts the trimmed text.
 */
export function requiredText(message: string = TOO_SHORT_TEXT) {
  return z.string().regex(/\S/, message).trim();
}

/**
 * Text of at least `min` characters once trimmed, refused with `message` alone otherwise. The document says it as a
 * pattern, `\S[\s\S]{min-2,}\S` (a stretch of at least `min` characters that begins and ends with one that is not
 * white space), which is the rule exactly; a `minLength` would count the white space around the text.
 */
export function requiredTextOfAtLeast(min: number, message: string) {
  if (min < 2) return requiredText(message);
  return z
    .string()
    .regex(new RegExp(`\\S[\\s\\S]{${min - 2},}\\S`), message)
    .trim();
}

/** A non-negative integer as query text: decimal digits only (no sign, exponent, point, hex, spaces or other scripts). */
export const INTEGER_TEXT_PATTERN = '^[0-9]+$';
/** The same, with an optional leading minus (for parameters that take negative numbers). */
export const SIGNED_INTEGER_TEXT_PATTERN = '^-?[0-9]+$';

function integerText(min: number, max: number) {
  const pattern = min < 0 ? SIGNED_INTEGER_TEXT_PATTERN : INTEGER_TEXT_PATTERN;
  const text = new RegExp(pattern);
  return z
    .preprocess(
      (value) => (typeof value === 'string' && text.test(value) ? Number(value) : value),
      z
        .number({ error: INPUT_MESSAGES.notAnInteger })
        .int(INPUT_MESSAGES.notAnInteger)
        .min(min, INPUT_MESSAGES.outOfRange(min, max))
        .max(max, INPUT_MESSAGES.outOfRange(min, max)),
    )
    .meta({ pattern });
}

/**
 * An integer query parameter (every list's `limit` and `offset` among them). Query text is decimal digits only,
 * a leading minus where `min` is below zero: `0x10`, `1e1`, `1.0` and an empty value are refused (JavaScript's
 * `Number()` would take them all). The OpenAPI document says `type: integer` with its bounds, the pattern and the
 * default (given here: zod leaves a `.default()` of a converted value out of the document).
 */
export function queryInteger(options: { min: number; max: number }): ReturnType<typeof integerText>;
export function queryInteger(options: { min: number; max: number; default: number }): z.ZodPrefault<ReturnType<typeof integerText>>;
export function queryInteger({ min, max, default: fallback }: { min: number; max: number; default?: number }) {
  const schema = integerText(min, max);
  return fallback === undefined ? schema : schema.prefault(fallback);
}

// Dates and date-times as PostgreSQL's `date` and `timestamptz` take them: years 0001 to 9999 (PostgreSQL has no
// year 0), real days (29 February in leap years only), and time-zone offsets up to ±15:59 (PostgreSQL's limit; ISO
// would allow ±23:59). Written with [0-9] rather than \d, which other regular-expression engines read as any script's digits.
const YEAR = '(?:[0-9]{3}[1-9]|[0-9]{2}[1-9][0-9]|[0-9][1-9][0-9]{2}|[1-9][0-9]{3})';
const LEAP_YEAR = '(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)';
/** Years 1970 to 9999, and the leap years among them. */
const YEAR_SINCE_1970 = '(?:19[7-9][0-9]|[2-9][0-9]{3})';
const LEAP_YEAR_SINCE_1970 = '(?:19(?:7[26]|8[048]|9[26])|[2-9][0-9](?:0[48]|[2468][048]|[13579][26])|(?:[2468][048]|[3579][26])00)';
/** A real day of the given years: 31, 30 or 28 days a month, 29 February in their leap years. */
const dayOf = (year: string, leapYear: string) =>
  `(?:${leapYear}-02-29|${year}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8])))`;
const DAY = dayOf(YEAR, LEAP_YEAR);
const TIME = '(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]+)?';
const OFFSET = '(?:Z|[+-](?:0[0-9]|1[0-5]):[0-5][0-9])';

/** A day, `YYYY-MM-DD`, that PostgreSQL takes (the pattern is the whole rule). */
export const DATE_PATTERN = `^${DAY}$`;
/** A date-time with seconds and a time zone, `YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm)`, that PostgreSQL takes. */
export const DATE_TIME_PATTERN = `^${DAY}T${TIME}${OFFSET}$`;

/**
 * A day from 1970-01-01 on: analytics periods, whose previous period (up to a year earlier, in any time zone) must
 * still be a date PostgreSQL takes.
 */
export const DATE_SINCE_1970_PATTERN = `^${dayOf(YEAR_SINCE_1970, LEAP_YEAR_SINCE_1970)}$`;

export const isoDateSchema = z.string().max(10).regex(new RegExp(DATE_PATTERN), INPUT_MESSAGES.notDate).meta({ format: 'date' });
export const isoDateTimeSchema = z.string().max(40).regex(new RegExp(DATE_TIME_PATTERN), INPUT_MESSAGES.notDateTime).meta({ format: 'date-time' });
/** A day or a date-time (a filter's bound), one pattern and one message. */
export const DATE_OR_DATE_TIME_PATTERN = `^${DAY}(?:T${TIME}${OFFSET})?$`;
export const isoDateOrDateTimeSchema = z.string().max(40).regex(new RegExp(DATE_OR_DATE_TIME_PATTERN), INPUT_MESSAGES.notDateOrDateTime);
