import { marked, type Token, type Tokens } from 'marked';
import { slugify } from '@admin-portal/contract/text';

/** Parses markdown into marked's tokens (GitHub-flavoured: tables, task lists, strikethrough). Never produces HTML. */
export function lex(source: string): Token[] {
  return marked.lexer(source, { gfm: true });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', copy: '©', mdash: '—', ndash: '–', hellip: '…' };

/** Decodes the HTML entities markdown allows in text (`&amp;`, `&#39;`, `&#x2014;`), so they show as characters, never as markup. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The plain text of inline tokens (for heading ids, summaries and titles). */
export function plainText(tokens: readonly Token[] | undefined): string {
  return (tokens ?? [])
    .map((t) => {
      if ('tokens' in t && Array.isArray(t.tokens) && t.tokens.length > 0 && t.type !== 'codespan') return plainText(t.tokens as Token[]);
      if (t.type === 'html') return '';
      if (t.type === 'br') return ' ';
      return 'text' in t && typeof t.text === 'string' ? decodeEntities(t.text) : '';
    })
    .join('');
}

/** A heading's anchor id: lower case, words joined by dashes. */
export { slugify };

export interface DocSummary {
  /** The first heading. */
  title: string;
  /** The first paragraph, as plain text. */
  summary: string;
}

/** The first heading and first paragraph of a document (the /docs list shows them). */
export function docSummary(source: string): DocSummary {
  const tokens = lex(source);
  const heading = tokens.find((t): t is Tokens.Heading => t.type === 'heading');
  const paragraph = tokens.find((t): t is Tokens.Paragraph => t.type === 'paragraph');
  // A page that opens with a list is summed up by its first item.
  const list = tokens.find((t): t is Tokens.List => t.type === 'list');
  const first = paragraph?.tokens ?? list?.items[0]?.tokens;
  return {
    title: heading ? plainText(heading.tokens).trim() : '',
    summary: first ? plainText(first).replace(/\s+/g, ' ').trim() : '',
  };
}

export interface TocEntry {
  id: string;
  text: string;
  depth: number;
}

/** Ids for every heading, in order, unique within the document (a repeated heading gets -2, -3…). */
export function headingIds(tokens: readonly Token[]): TocEntry[] {
  const seen = new Map<string, number>();
  const out: TocEntry[] = [];
  for (const t of tokens) {
    if (t.type !== 'heading') continue;
    const text = plainText((t as Tokens.Heading).tokens).trim();
    const base = slugify(text);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    out.push({ id: n === 1 ? base : `${base}-${n}`, text, depth: (t as Tokens.Heading).depth });
  }
  return out;
}

export type LinkTarget = { kind: 'route'; to: string } | { kind: 'page'; href: string } | { kind: 'external'; href: string } | { kind: 'none' };

/**
 * Where a markdown link may go. Portal paths stay in the app; the server's own pages (/api/docs) load as pages;
 * another guide file (`security.md`) becomes its /docs page; http(s) and mailto open normally; anything else
 * (javascript:, data:…) is not a link at all.
 */
export function linkTarget(href: string): LinkTarget {
  const url = href.trim();
  if (url.startsWith('#')) return { kind: 'page', href: url };
  if (url.startsWith('/api/') || url === '/api') return { kind: 'page', href: url };
  if (url.startsWith('/') && !url.startsWith('//')) return { kind: 'route', to: url };
  const guide = /^(?:\.\/)?([a-z0-9][a-z0-9-]*)\.md(#[\w-]*)?$/i.exec(url);
  if (guide) return { kind: 'route', to: `/docs/${guide[1]!.toLowerCase()}${guide[2] ?? ''}` };
  if (/^https?:\/\//i.test(url)) return { kind: 'external', href: url };
  if (/^mailto:/i.test(url)) return { kind: 'page', href: url };
  return { kind: 'none' };
}
