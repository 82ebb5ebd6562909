/** Markdown the assistant writes: data from the database goes in as text, never as markup or links. */

/** Escapes markdown's special characters, so a name like `**[x](javascript:…)**` shows as written. */
export function md(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return text
    .replace(/[\\`*_{}[\]()<>#+\-.!|~]/g, '\\$&')
    .replace(/\s+/g, ' ')
    .trim();
}

export const count = (n: number): string => n.toLocaleString('en-US');

export const plural = (n: number, one: string, many = `${one}s`): string => `${count(n)} ${n === 1 ? one : many}`;

export const percent = (rate: number | null): string => (rate === null ? 'n/a' : `${(rate * 100).toFixed(rate < 0.1 ? 1 : 0)} %`);

/** 95 ms, 4.2 s, 12 min, 3.5 h, 2.1 days. */
export function duration(ms: number | null): string {
  if (ms === null) return 'n/a';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  if (ms < 86_400_000) return `${(ms / 3_600_000).toFixed(1)} h`;
  return `${(ms / 86_400_000).toFixed(1)} days`;
}

/** A change against the previous period: "up 12 % on the previous 7 days". */
export function trend(now: number, before: number, period: string): string {
  if (before === 0) return now === 0 ? '' : ` (none in the previous ${period})`;
  const change = (now - before) / before;
  if (Math.abs(change) < 0.005) return ` (the same as the previous ${period})`;
  return ` (${change > 0 ? 'up' : 'down'} ${Math.abs(change * 100).toFixed(0)} % on the previous ${period})`;
}

/** A markdown bullet list. */
export const bullets = (lines: readonly string[]): string => lines.map((l) => `- ${l}`).join('\n');

/** "a" or "an" before `noun`. */
export const article = (noun: string): string => (/^[aeiou]/i.test(noun) ? 'an' : 'a');
