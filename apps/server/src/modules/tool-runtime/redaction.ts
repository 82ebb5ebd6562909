/**
 * What is recorded of a run never holds a secret: every occurrence of a secret's value (as it is, and as it
 * appears percent-encoded in a URL, form-encoded in a query or escaped inside JSON text) is replaced by
 * `[redacted]`, in strings and object keys at any depth; credential-like headers (Authorization, Cookie,
 * X-API-Key, …) lose their whole value. Strings are also made storable in jsonb (no NUL, no lone surrogate).
 */
export const REDACTED = '[redacted]';

/** Header names whose values are credentials, whatever they contain. */
export const SENSITIVE_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie)$|api[-_]?key|token|secret|password|passwd|session|credential/i;

const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export interface Redactor {
  text(value: string): string;
  /** A deep copy of a JSON-like value with every string (and key) redacted. */
  value<T>(value: T): T;
  /** Redacts a header map: credential headers entirely, the others by their content. */
  headers(headers: Readonly<Record<string, string>>): Record<string, string>;
}

function spellings(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2), JSON.stringify(secret).slice(1, -1)]);
  return [...forms].filter((form) => form.length > 0);
}

export function createRedactor(secrets: Readonly<Record<string, string>>): Redactor {
  const needles = [
    ...new Set(
      Object.values(secrets)
        .filter((v) => typeof v === 'string' && v.length > 0)
        .flatMap(spellings),
    ),
  ].sort((a, b) => b.length - a.length);

  const text = (value: string): string => {
    let out = value;
    for (const needle of needles) if (out.includes(needle)) out = out.split(needle).join(REDACTED);
    return out.replace(UNSTORABLE, '\uFFFD');
  };

  const value = <T>(input: T): T => {
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return text(v);
      if (typeof v === 'number' || typeof v === 'bigint') {
        const s = String(v);
        return text(s) === s ? v : REDACTED;
      }
      if (Array.isArray(v)) return v.map(walk);
      if (v !== null && typeof v === 'object') {
        const out: Record<string, unknown> = {};
        for (const [key, item] of Object.entries(v)) out[text(key)] = walk(item);
        return out;
      }
      return v;
    };
    return walk(input) as T;
  };

  const headers = (map: Readonly<Record<string, string>>): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [name, v] of Object.entries(map)) out[text(name)] = SENSITIVE_HEADER.test(name) ? REDACTED : text(String(v));
    return out;
  };

  return { text, value, headers };
}
